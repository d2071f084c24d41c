import { quantityJson } from '@erp/common';
import {
  JobName,
  QueueName,
  webhookEventJobId,
  WebhookEventType,
  type JobEnvelope,
  type WebhookEvent,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { Decimal } from 'decimal.js';
import { randomUUID } from 'node:crypto';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import type { StockItemEntity } from './stock-item.entity.js';
import type { NewStockUpdate } from './stock-items.repository.js';

type StockChangedEvent = WebhookEvent<typeof WebhookEventType.ProductStockChanged>;

interface StagedChange {
  update: NewStockUpdate;
  sku: string;
}

/** Where a transaction's staged changes wait for its commit (each transaction has its own query runner). */
const STAGED = 'webhookStockChanges';

function stagedOf(runner: QueryRunner): StagedChange[] {
  const data = runner.data as Record<string, StagedChange[] | undefined>;
  return (data[STAGED] ??= []);
}

/**
 * `product.stock_changed` for webhooks (docs/decisions/0010-webhooks.md). Whatever writes stock
 * ledger rows in a transaction stages them here; once that transaction commits, each item whose
 * quantity changed becomes one event on the webhook-events queue (identity fans them out). A
 * rollback drops them. A failure to queue is logged: it never fails the change that committed.
 */
@Injectable()
export class StockChangeEvents implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger(StockChangeEvents.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.WebhookEvents) private readonly events: Queue<JobEnvelope<WebhookEvent>>,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  /** Called next to the ledger write, inside its transaction. */
  stage(manager: EntityManager, updates: readonly NewStockUpdate[], items: Iterable<StockItemEntity>): void {
    const skus = new Map([...items].map((item) => [item.id, item.sku]));
    const changes = updates.map((update) => ({ update, sku: skus.get(update.stockItemId) ?? '' }));
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) stagedOf(runner).push(...changes);
    else void this.publish(changes);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    // Still active: only a savepoint was released; the outer transaction has not committed yet.
    if (event.queryRunner.isTransactionActive) return;
    const staged = stagedOf(event.queryRunner).splice(0);
    if (staged.length > 0) await this.publish(staged);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) stagedOf(event.queryRunner).splice(0);
  }

  /** One event per item: from its quantity before the first change to after the last. */
  private async publish(changes: readonly StagedChange[]): Promise<void> {
    const changedAt = new Date().toISOString();
    const byItem = new Map<string, { first: StagedChange; last: StagedChange }>();
    for (const change of changes) {
      const seen = byItem.get(change.update.stockItemId);
      byItem.set(change.update.stockItemId, { first: seen?.first ?? change, last: change });
    }
    const jobs = [...byItem.entries()].map(([productId, { first, last }]) => {
      const previous = new Decimal(first.update.newQuantity).minus(first.update.quantityChange);
      const event: StockChangedEvent = {
        id: randomUUID(),
        type: WebhookEventType.ProductStockChanged,
        createdAt: changedAt,
        data: {
          productId,
          sku: last.sku,
          quantity: quantityJson(last.update.newQuantity),
          previousQuantity: quantityJson(previous),
          reason: last.update.reason,
          reference: last.update.reference,
          changedAt,
        },
      };
      const meta = { requestId: event.id, ...(last.update.createdBy ? { userId: last.update.createdBy } : {}) };
      return { name: JobName.WebhookEvent, data: { meta, data: event }, opts: { jobId: webhookEventJobId(event.id) } };
    });
    try {
      await this.events.addBulk(jobs);
    } catch (error) {
      this.logger.error({ err: error, productIds: [...byItem.keys()] }, 'stock change events not queued');
    }
  }
}
