import { Outbox, quantityJson, type OutboxJob } from '@erp/common';
import {
  JobName,
  QueueName,
  webhookEventJobId,
  WebhookEventType,
  type StockChangeReason,
  type JobEnvelope,
  type WebhookEvent,
} from '@erp/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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
  /** The transaction depth it was staged at (1: the transaction, 2: a savepoint inside it …). */
  depth: number;
}

/** Where a transaction's staged changes wait for its commit (each transaction has its own query runner). */
const STAGED = 'webhookStockChanges';

function stagedOf(runner: QueryRunner): StagedChange[] {
  const data = runner.data as Record<string, StagedChange[] | undefined>;
  return (data[STAGED] ??= []);
}

/** 1 in a transaction, 2 in a savepoint inside it …; TypeORM keeps it on the runner (protected). */
function depthOf(runner: QueryRunner): number {
  return (runner as unknown as { transactionDepth?: number }).transactionDepth ?? 1;
}

/**
 * `product.stock_changed` for webhooks (docs/decisions/0010-webhooks.md). Whatever writes stock
 * ledger rows in a transaction stages them here; just before the outermost transaction commits,
 * each item whose quantity changed becomes one event, from its quantity before the first row to
 * after the last, written to the inventory outbox in that same transaction
 * (docs/decisions/0018-transactional-outbox.md): the events exist exactly when the change
 * commits. A rollback (of the transaction, or of a savepoint for what was staged inside it)
 * drops them, so a refused confirm announces nothing.
 */
@Injectable()
export class StockChangeEvents implements EntitySubscriberInterface, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  /** Called next to the ledger write, inside its transaction (the events are written at its commit). */
  stage(manager: EntityManager, updates: readonly NewStockUpdate[], items: Iterable<StockItemEntity>): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      throw new Error('Stock changes are staged inside the transaction that writes their ledger rows');
    }
    const skus = new Map([...items].map((item) => [item.id, item.sku]));
    const depth = depthOf(runner);
    stagedOf(runner).push(...updates.map((update) => ({ update, sku: skus.get(update.stockItemId) ?? '', depth })));
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    // Deeper than 1: only a savepoint is released; the outer transaction goes on.
    if (depthOf(event.queryRunner) > 1) return;
    const staged = stagedOf(event.queryRunner).splice(0);
    if (staged.length > 0) await this.write(event.manager, staged);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint released: what was staged inside it now belongs to the level around it.
    if (!event.queryRunner.isTransactionActive) return;
    const depth = depthOf(event.queryRunner);
    for (const change of stagedOf(event.queryRunner)) change.depth = Math.min(change.depth, depth);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    const depth = runner.isTransactionActive ? depthOf(runner) : 0;
    const staged = stagedOf(runner);
    const kept = staged.filter((change) => change.depth <= depth);
    staged.splice(0, staged.length, ...kept);
  }

  /** One event per item: from its quantity before the first change to after the last. */
  private async write(manager: EntityManager, changes: readonly StagedChange[]): Promise<void> {
    const changedAt = new Date().toISOString();
    const byItem = new Map<string, { first: StagedChange; last: StagedChange }>();
    for (const change of changes) {
      const seen = byItem.get(change.update.stockItemId);
      byItem.set(change.update.stockItemId, { first: seen?.first ?? change, last: change });
    }
    const jobs: OutboxJob[] = [];
    for (const [productId, { first, last }] of byItem) {
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
          // Only changes of quantity are staged: a return written off changes none and is never here.
          reason: last.update.reason as StockChangeReason,
          reference: last.update.reference,
          changedAt,
        },
      };
      const meta = { requestId: event.id, ...(last.update.createdBy ? { userId: last.update.createdBy } : {}) };
      const data: JobEnvelope<WebhookEvent> = { meta, data: event };
      jobs.push({
        queue: QueueName.WebhookEvents,
        name: JobName.WebhookEvent,
        jobId: webhookEventJobId(event.id),
        data,
      });
    }
    await this.outbox.stage(manager, jobs);
  }
}
