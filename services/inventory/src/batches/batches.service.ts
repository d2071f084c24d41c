import type { ExpiringBatchDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { addDays } from '@erp/common';
import { BusinessClock } from '../clock/business-clock.js';
import { BatchesRepository } from './batches.repository.js';
import { toExpiringBatchDto } from './expiring-batch.mapper.js';

@Injectable()
export class BatchesService {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly clock: BusinessClock,
  ) {}

  /**
   * Batches with stock left that expire within `days` from today, and those already expired
   * (negative daysUntilExpiry): they are never sold, so someone has to act on them.
   */
  async listExpiring(days: number): Promise<ExpiringBatchDto[]> {
    const today = this.clock.today();
    return (await this.batches.findExpiring(today, addDays(today, days))).map(toExpiringBatchDto);
  }
}
