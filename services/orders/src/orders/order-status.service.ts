import {
  AppException,
  IdentityClient,
  InventoryClient,
  invoiceCreateJobOptions,
  isCommitted,
  JobName,
  orderCycleJobId,
  orderJobId,
  QueueName,
  webhookEventJobId,
  WebhookEventType,
  type CustomerInvoiceJobData,
  type JobEnvelope,
  type OrderCreditNoteJobData,
  type OrderDto,
  type OrderStatus,
  type RepairOrderStockJobData,
  type RpcMeta,
  type WebhookEvent,
} from '@erp/contracts';
import { Outbox } from '@erp/common';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { CreditLimits } from './credit-limits.js';
import type { OrderEntity } from './order.entity.js';
import { OrdersRepository } from './orders.repository.js';
import { orderNotFound, OrdersService } from './orders.service.js';

/** An answer that proves the other side changed nothing: its own refusal (4xx). */
function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof AppException && error.status < 500;
}

/**
 * Status changes and what they do to stock (CONTRACT §5, docs/decisions/0008-order-status-and-stock.md). The order's row
 * stays locked while inventory is asked to make the order hold its stock or not
 * (inventory.sync-order-stock, idempotent per order); the status is committed only after
 * inventory answered. A refusal (409 shortage, 404) changes nothing. When the end is lost (a
 * timeout, or the commit failing after inventory moved stock), inventory is asked at once to
 * match the status the order still has, and a repair job keeps asking until it can.
 */
@Injectable()
export class OrderStatusService {
  private readonly logger = new Logger(OrderStatusService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly ordersService: OrdersService,
    private readonly inventory: InventoryClient,
    private readonly identity: IdentityClient,
    private readonly creditLimits: CreditLimits,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /**
   * `overrideCreditLimit`: confirm over the client's credit limit (the gateway lets only admins
   * and owners ask).
   */
  async change(orderId: string, status: OrderStatus, meta: RpcMeta, overrideCreditLimit = false): Promise<OrderDto> {
    let askedInventory = false;
    try {
      const order = await this.dataSource.transaction(async (manager) => {
        const locked = await this.orders.lockById(orderId, manager);
        if (!locked) throw orderNotFound(orderId);
        const previousStatus = locked.status;
        if (previousStatus === status) {
          // Nothing changes; a committed order's invoice event is staged again (a no-op when it was sent).
          if (isCommitted(status)) await this.announceInvoice(locked, meta, manager);
          return locked;
        }
        if (isCommitted(status) && !isCommitted(previousStatus)) {
          await this.creditLimits.check(locked, overrideCreditLimit, meta, manager);
        }
        if (isCommitted(status) !== isCommitted(previousStatus)) {
          askedInventory = true;
          await this.syncStock(locked, isCommitted(status), meta, manager);
        }
        const entering = isCommitted(status) && !isCommitted(previousStatus);
        const leaving = !isCommitted(status) && isCommitted(previousStatus);
        locked.status = status;
        if (entering) {
          locked.firstCommittedAt ??= new Date();
          locked.commitCount += 1;
        }
        const saved = await this.orders.save(locked, manager);
        // The events of the change, in its transaction: they exist exactly when it commits (0018).
        if (isCommitted(saved.status)) await this.announceInvoice(saved, meta, manager);
        if (leaving) {
          const reason = status === 'cancelled' ? 'order_cancelled' : 'order_reopened';
          await this.announceCreditNote(saved, { cycle: saved.commitCount, reason }, meta, manager);
        }
        await this.announceStatusChange(saved, previousStatus, meta, manager);
        return saved;
      });
      return await this.ordersService.toDto(order);
    } catch (error) {
      if (askedInventory && !isDefiniteRefusal(error)) await this.repair(orderId, meta);
      throw error;
    }
  }

  /** Makes the order's stock match the status it has now (the repair job's work). */
  async matchStockToStatus(orderId: string, meta: RpcMeta): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const order = await this.orders.lockById(orderId, manager);
      if (order) await this.syncStock(order, isCommitted(order.status), meta, manager);
    });
  }

  private async syncStock(order: OrderEntity, hold: boolean, meta: RpcMeta, manager: EntityManager): Promise<void> {
    const lines = hold ? await this.orders.stockLines(order.id, manager) : [];
    const allowNegative = lines.length > 0 && (await this.identity.getSettings(meta)).allowNegativeStock;
    await this.inventory.syncOrderStock({ orderId: order.id, hold, lines, allowNegative }, meta);
  }

  /**
   * The change's end was lost: inventory may hold the order's stock for a status that was not
   * committed. Ask once now; if that fails too, the repair job asks again with backoff. The job
   * follows no committed change, so it is staged on its own (BullMQ directly if even that fails).
   */
  private async repair(orderId: string, meta: RpcMeta): Promise<void> {
    try {
      await this.matchStockToStatus(orderId, meta);
    } catch (error) {
      this.logger.warn(`Order ${orderId}: stock not yet matched to its status (${String(error)}); queued a repair`);
      const data: JobEnvelope<RepairOrderStockJobData> = { meta, data: { orderId } };
      await this.outbox
        .stageAlone({
          queue: QueueName.OrderStockRepair,
          name: JobName.RepairOrderStock,
          jobId: orderJobId(orderId),
          data,
          options: { attempts: 12 },
        })
        .catch((queueError: unknown) =>
          this.logger.error(`Order ${orderId}: repair not queued: ${String(queueError)}`),
        );
    }
  }

  /** order.status_changed for webhooks (docs/decisions/0010-webhooks.md), staged in the change's transaction. */
  private async announceStatusChange(
    order: OrderEntity,
    previousStatus: OrderStatus,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<void> {
    const changedAt = new Date().toISOString();
    const event: WebhookEvent<typeof WebhookEventType.OrderStatusChanged> = {
      id: randomUUID(),
      type: WebhookEventType.OrderStatusChanged,
      createdAt: changedAt,
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        previousStatus,
        totalAmount: order.totalAmount,
        changedAt,
      },
    };
    const data: JobEnvelope<WebhookEvent> = { meta, data: event };
    await this.outbox.stage(manager, {
      queue: QueueName.WebhookEvents,
      name: JobName.WebhookEvent,
      jobId: webhookEventJobId(event.id),
      data,
    });
  }

  /**
   * Hands billing the invoice event of the order's commit cycle. Staged by every change that
   * leaves it committed, under the cycle's jobId: one row while it waits, BullMQ keeps one job, and
   * billing makes one invoice per order and cycle whatever comes (CONTRACT §11).
   */
  private async announceInvoice(order: OrderEntity, meta: RpcMeta, manager: EntityManager): Promise<void> {
    const cycle = order.commitCount;
    const data: JobEnvelope<CustomerInvoiceJobData> = {
      meta,
      data: { orderId: order.id, orderNumber: order.orderNumber, cycle },
    };
    await this.outbox.stage(manager, {
      queue: QueueName.InvoiceCreate,
      name: JobName.CustomerInvoice,
      jobId: orderCycleJobId(order.id, cycle),
      data,
      options: invoiceCreateJobOptions,
    });
  }

  /** Hands billing the end of a commit cycle: it credits what that cycle's invoice has uncredited, once. */
  private async announceCreditNote(
    order: OrderEntity,
    left: Pick<OrderCreditNoteJobData, 'cycle' | 'reason'>,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<void> {
    const data: JobEnvelope<OrderCreditNoteJobData> = {
      meta,
      data: { orderId: order.id, orderNumber: order.orderNumber, ...left },
    };
    await this.outbox.stage(manager, {
      queue: QueueName.InvoiceCreate,
      name: JobName.OrderCreditNote,
      jobId: orderCycleJobId(order.id, left.cycle, true),
      data,
      options: invoiceCreateJobOptions,
    });
  }
}
