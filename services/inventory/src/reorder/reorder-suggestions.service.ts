import {
  AppException,
  ErrorCode,
  InventoryErrorCode,
  JobName,
  QueueName,
  type DecideReorderSuggestionRequestDto,
  type GenerateReorderJobData,
  type GenerateReorderSuggestionsResultDto,
  type JobEnvelope,
  type PurchaseOrderLineDto,
  type ReorderSuggestionDto,
  type ReorderSuggestionEntryDto,
  type RpcMeta,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueueEvents, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { quantityJson } from '@erp/common';
import { BusinessClock } from '../clock/business-clock.js';
import { InventoryConfig } from '../inventory.config.js';
import { toStockPackDto } from '../packs/packs.js';
import { PacksRepository } from '../packs/packs.repository.js';
import { PurchaseOrdersService } from '../purchase-orders/purchase-orders.service.js';
import { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { toReorderSuggestionDto, toReorderSuggestionEntryDto } from './reorder-suggestion.mapper.js';
import { ReorderSuggestionsRepository } from './reorder-suggestions.repository.js';

/** Consumption is averaged over the last 30 days (the rule; docs/decisions/0007). */
export const CONSUMPTION_WINDOW_DAYS = 30;
/** The id of the daily run's job scheduler in the reorder-generate queue. */
export const DAILY_REORDER_SCHEDULER_ID = 'reorder-daily';

export type GenerateReorderJob = JobEnvelope<GenerateReorderJobData>;

/**
 * Reorder suggestions: computed by the reorder-generate job (on demand and daily, worked by this
 * service), listed, approved and dismissed.
 */
@Injectable()
export class ReorderSuggestionsService implements OnApplicationBootstrap, OnModuleDestroy {
  private events: QueueEvents | null = null;

  constructor(
    private readonly suggestions: ReorderSuggestionsRepository,
    private readonly clock: BusinessClock,
    private readonly packs: PacksRepository,
    private readonly purchaseOrders: PurchaseOrdersService,
    @Inject(InventoryConfig) private readonly config: InventoryConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.ReorderGenerate) private readonly queue: Queue<GenerateReorderJob>,
  ) {}

  /** Registers the daily run (idempotent: an upsert of the scheduler) and listens for finished jobs. */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      DAILY_REORDER_SCHEDULER_ID,
      { pattern: this.config.REORDER_DAILY_CRON, tz: this.config.BUSINESS_TIME_ZONE },
      {
        name: JobName.GenerateReorderSuggestions,
        data: { meta: { requestId: DAILY_REORDER_SCHEDULER_ID }, data: { trigger: 'daily' } },
      },
    );
    this.events = new QueueEvents(QueueName.ReorderGenerate, {
      connection: this.queue.opts.connection,
      prefix: this.queue.opts.prefix,
    });
    await this.events.waitUntilReady();
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }

  /** One run (the job's work): every item's figures in one set-based statement. */
  async generate(actorId: string | null): Promise<GenerateReorderSuggestionsResultDto> {
    const generated = await this.dataSource.transaction((manager) =>
      this.suggestions.generate(
        {
          today: this.clock.today(),
          leadTimeDays: this.config.REORDER_LEAD_TIME_DAYS,
          coverageDays: this.config.REORDER_COVERAGE_DAYS,
          windowDays: CONSUMPTION_WINDOW_DAYS,
          actorId,
        },
        manager,
      ),
    );
    return { generated };
  }

  /**
   * Regenerate: adds a run to the queue (its own job id) and waits for it; 503 when it does not
   * finish within REORDER_WAIT_TIMEOUT_MS (it may still finish later).
   */
  async requestGeneration(meta: RpcMeta): Promise<GenerateReorderSuggestionsResultDto> {
    const job = await this.queue.add(
      JobName.GenerateReorderSuggestions,
      { meta, data: { trigger: 'on-demand' } },
      // Someone is waiting: a failed run is reported, not retried behind their back.
      { jobId: `generate-${randomUUID()}`, attempts: 1 },
    );
    try {
      return (await job.waitUntilFinished(
        this.events!,
        this.config.REORDER_WAIT_TIMEOUT_MS,
      )) as GenerateReorderSuggestionsResultDto;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppException(ErrorCode.ServiceUnavailable, 'Reorder suggestions could not be generated in time', {
        jobId: job.id,
        reason,
      });
    }
  }

  async listPending(): Promise<ReorderSuggestionEntryDto[]> {
    const pending = await this.suggestions.findPendingWithItems();
    const packs = await this.packs.findOf([...new Set(pending.map(({ item }) => item.id))]);
    return pending.map(({ suggestion, item }) =>
      toReorderSuggestionEntryDto(
        suggestion,
        item,
        (packs.get(item.id) ?? []).map((pack) => toStockPackDto(pack, item.sellingPrice)),
      ),
    );
  }

  /**
   * pending → approved or dismissed, once: a decided suggestion is a 409. An approval keeps the
   * quantity approved (the suggested one unless another is given) and, with a supplier, makes a
   * purchase order of it in the same transaction (docs/decisions/0023-purchase-orders.md).
   */
  decide(dto: DecideReorderSuggestionRequestDto, actorId: string | undefined): Promise<ReorderSuggestionDto> {
    if (dto.status === 'dismissed' && (dto.quantity !== undefined || dto.supplierName !== undefined)) {
      const field = dto.quantity !== undefined ? 'quantity' : 'supplierName';
      const message = `${field} goes with an approval only`;
      throw new AppException(ErrorCode.ValidationFailed, message, { fields: [{ field, messages: [message] }] });
    }
    return this.dataSource.transaction(async (manager) => {
      const row = await this.suggestions.lockById(dto.id, manager);
      if (!row) {
        throw new AppException(InventoryErrorCode.SuggestionNotFound, 'Reorder suggestion not found', { id: dto.id });
      }
      if (row.status !== 'pending') {
        throw new AppException(
          InventoryErrorCode.SuggestionDecided,
          `The reorder suggestion was already ${row.status}`,
          { id: row.id, status: row.status },
        );
      }
      row.status = dto.status;
      row.decidedAt = new Date();
      row.decidedBy = actorId ?? null;
      if (dto.status === 'approved') row.approvedQuantity = dto.quantity ?? row.suggestedQuantity;
      const saved = await this.suggestions.save(row, manager);
      if (dto.status !== 'approved' || dto.supplierName === undefined) return toReorderSuggestionDto(saved);
      const purchaseOrder = await this.purchaseOrders.create(
        {
          supplierName: dto.supplierName,
          reorderSuggestionId: saved.id,
          lines: [await this.orderLine(saved.stockItemId, saved.approvedQuantity!, manager)],
          actorId: actorId ?? null,
        },
        manager,
      );
      return toReorderSuggestionDto(saved, purchaseOrder);
    });
  }

  /** A purchase-order line of the item as it is now, with its packs. */
  private async orderLine(itemId: string, quantity: number, manager: EntityManager): Promise<PurchaseOrderLineDto> {
    const item = await manager.getRepository(StockItemEntity).findOneByOrFail({ id: itemId });
    const packs = (await this.packs.findOf([item.id], manager)).get(item.id) ?? [];
    return {
      stockItemId: item.id,
      sku: item.sku,
      name: item.name,
      nameAr: item.nameAr,
      unit: item.unit,
      quantity,
      packs: packs.map((pack) => ({ unit: pack.unit, factor: quantityJson(pack.factor) })),
    };
  }
}
