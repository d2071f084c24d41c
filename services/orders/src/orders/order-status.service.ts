import {
  AppException,
  IdentityClient,
  InventoryClient,
  invoiceCreateJobOptions,
  isCommitted,
  JobName,
  orderJobId,
  QueueName,
  webhookEventJobId,
  WebhookEventType,
  type CustomerInvoiceJobData,
  type JobEnvelope,
  type OrderDto,
  type OrderStatus,
  type RepairOrderStockJobData,
  type RpcMeta,
  type WebhookEvent,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.OrderStockRepair) private readonly repairs: Queue<JobEnvelope<RepairOrderStockJobData>>,
    @InjectQueue(QueueName.InvoiceCreate) private readonly invoices: Queue<JobEnvelope<CustomerInvoiceJobData>>,
    @InjectQueue(QueueName.WebhookEvents) private readonly webhookEvents: Queue<JobEnvelope<WebhookEvent>>,
  ) {}

  async change(orderId: string, status: OrderStatus, meta: RpcMeta): Promise<OrderDto> {
    let askedInventory = false;
    let previousStatus: OrderStatus | null = null;
    try {
      const order = await this.dataSource.transaction(async (manager) => {
        const locked = await this.orders.lockById(orderId, manager);
        if (!locked) throw orderNotFound(orderId);
        if (locked.status === status) return locked;
        previousStatus = locked.status;
        if (isCommitted(status) !== isCommitted(locked.status)) {
          askedInventory = true;
          await this.syncStock(locked, isCommitted(status), meta, manager);
        }
        locked.status = status;
        if (isCommitted(status)) locked.firstCommittedAt ??= new Date();
        return this.orders.save(locked, manager);
      });
      if (isCommitted(order.status)) await this.announceInvoice(order, meta);
      if (previousStatus !== null) await this.announceStatusChange(order, previousStatus, meta);
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
   * committed. Ask once now; if that fails too, the repair job asks again with backoff.
   */
  private async repair(orderId: string, meta: RpcMeta): Promise<void> {
    try {
      await this.matchStockToStatus(orderId, meta);
    } catch (error) {
      this.logger.warn(`Order ${orderId}: stock not yet matched to its status (${String(error)}); queued a repair`);
      await this.repairs
        .add(JobName.RepairOrderStock, { meta, data: { orderId } }, { jobId: orderJobId(orderId), attempts: 12 })
        .catch((queueError: unknown) =>
          this.logger.error(`Order ${orderId}: repair not queued: ${String(queueError)}`),
        );
    }
  }

  /** order.status_changed for webhooks (docs/decisions/0010-webhooks.md): after the commit, never failing the change. */
  private async announceStatusChange(order: OrderEntity, previousStatus: OrderStatus, meta: RpcMeta): Promise<void> {
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
    await this.webhookEvents
      .add(JobName.WebhookEvent, { meta, data: event }, { jobId: webhookEventJobId(event.id) })
      .catch((error: unknown) =>
        this.logger.error(`Order ${order.orderNumber}: status change event not queued (${String(error)})`),
      );
  }

  /**
   * Hands billing the order's invoice event. Added on every entry into a committed state under
   * the order's jobId: BullMQ keeps one, and billing makes one invoice per order whatever comes.
   */
  private async announceInvoice(order: OrderEntity, meta: RpcMeta): Promise<void> {
    await this.invoices
      .add(
        JobName.CustomerInvoice,
        { meta, data: { orderId: order.id, orderNumber: order.orderNumber } },
        { jobId: orderJobId(order.id), ...invoiceCreateJobOptions },
      )
      .catch((error: unknown) =>
        this.logger.error(`Order ${order.orderNumber}: invoice event not queued (${String(error)})`),
      );
  }
}
