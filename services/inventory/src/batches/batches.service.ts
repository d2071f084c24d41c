import type { ExpiringBatchDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { addDays } from '@erp/common';
import { BusinessClock } from '../clock/business-clock.js';
import { toStockPackDto } from '../packs/packs.js';
import { PacksRepository } from '../packs/packs.repository.js';
import { BatchesRepository } from './batches.repository.js';
import { toExpiringBatchDto } from './expiring-batch.mapper.js';

@Injectable()
export class BatchesService {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly clock: BusinessClock,
    private readonly packs: PacksRepository,
  ) {}

  /**
   * Batches with stock left that expire within `days` from today, and those already expired
   * (negative daysUntilExpiry): they are never sold, so someone has to act on them.
   */
  async listExpiring(days: number): Promise<ExpiringBatchDto[]> {
    const today = this.clock.today();
    const rows = await this.batches.findExpiring(today, addDays(today, days));
    const packs = await this.packs.findOf([...new Set(rows.map((row) => row.stock_item_id))]);
    return rows.map((row) =>
      toExpiringBatchDto(
        row,
        (packs.get(row.stock_item_id) ?? []).map((pack) => toStockPackDto(pack, row.selling_price)),
      ),
    );
  }
}
