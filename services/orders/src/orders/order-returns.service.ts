import { createOnce, dec, Outbox, quantityColumn, quantityJson } from '@erp/common';
import {
  AppException,
  BillingClient,
  InventoryClient,
  invoiceCreateJobOptions,
  isCommitted,
  JobName,
  OrdersErrorCode,
  QueueName,
  returnCreditNoteJobId,
  type CreateOrderReturnRequestDto,
  type CreditReturnDto,
  type JobEnvelope,
  type OrderReturnDto,
  type OrderReturnLineDto,
  type RpcMeta,
} from '@erp/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { OrderItemEntity } from './order-item.entity.js';
import { OrdersRepository } from './orders.repository.js';
import { orderNotFound } from './orders.service.js';

interface ReturnRow {
  id: string;
  order_id: string;
  commit_cycle: number;
  reason: string;
  created_at: Date;
  created_by: string | null;
}

interface ReturnLineRow {
  return_id: string;
  order_item_id: string;
  item_name: string;
  item_name_ar: string | null;
  unit: string;
  quantity: string;
  base_quantity: string;
  restock: boolean;
}

/**
 * Returns of goods (CONTRACT §11, docs/decisions/0017-returns.md): some or all of a confirmed or
 * completed order's lines come back, never more than was delivered less what came back before in
 * the same commit cycle. Under the order's lock, the return is recorded, its credit-note job
 * staged, and inventory restocks the goods into the batches they left (or writes them off), all
 * or nothing; after the commit billing is asked for the credit note at once, and the job makes
 * sure of it if billing could not be asked.
 */
@Injectable()
export class OrderReturnsService {
  private readonly logger = new Logger(OrderReturnsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly inventory: InventoryClient,
    private readonly billing: BillingClient,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** A return; with an idempotency key, exactly once: a repeat answers the first return and its credit note. */
  async create(request: CreateOrderReturnRequestDto, meta: RpcMeta): Promise<OrderReturnDto> {
    const { result, repeated } = await this.dataSource.transaction((manager) =>
      createOnce(manager, 'orders', 'create-order-return', request.idempotency, {
        findEarlier: (id) => this.findEarlier(id, request.orderId, manager),
        idOf: ({ created }) => created.id,
        create: () => this.record(request, meta, manager),
      }),
    );
    const { credit, created } = result;
    if (repeated || !credit) return { ...created, ...(await this.creditNoteOf(created, meta)) };
    return { ...created, ...(await this.issueCreditNote(credit, meta)) };
  }

  /** The return, its lines, its stock moves and its credit note's staged job, in the caller's transaction. */
  private async record(
    request: CreateOrderReturnRequestDto,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<{ credit: CreditReturnDto | null; created: OrderReturnDto }> {
    const returnId = randomUUID();
    const order = await this.orders.lockById(request.orderId, manager);
    if (!order) throw orderNotFound(request.orderId);
    if (!isCommitted(order.status)) {
      throw new AppException(OrdersErrorCode.NotReturnable, 'Only a confirmed or completed order can have returns', {
        orderId: order.id,
        status: order.status,
      });
    }
    const items = await this.orders.findItems(order.id, manager);
    const lines = await this.checkedLines(request, items, order.commitCount, manager);
    await manager.query(
      `INSERT INTO orders.order_returns (id, order_id, commit_cycle, reason, created_by) VALUES ($1, $2, $3, $4, $5)`,
      [returnId, order.id, order.commitCount, request.reason, meta.userId ?? null],
    );
    for (const [index, line] of lines.entries()) {
      await manager.query(
        `INSERT INTO orders.order_return_lines
           (return_id, line_no, order_item_id, item_name, item_name_ar, unit, quantity, base_quantity, restock)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          returnId,
          index + 1,
          line.item.id,
          line.item.itemName,
          line.item.itemNameAr,
          line.item.unit,
          quantityColumn(line.quantity),
          quantityColumn(line.baseQuantity),
          line.restock,
        ],
      );
    }
    const stocked = lines.filter((line) => line.item.stockItemId !== null);
    if (stocked.length > 0) {
      await this.inventory.returnOrderStock(
        {
          orderId: order.id,
          returnId,
          lines: stocked.map((line) => ({
            stockItemId: line.item.stockItemId!,
            quantity: quantityColumn(line.baseQuantity),
            restock: line.restock,
          })),
        },
        meta,
      );
    }
    const credit: CreditReturnDto = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      cycle: order.commitCount,
      returnId,
      reasonText: request.reason,
      lines: lines.map((line) => ({
        orderItemId: line.item.id,
        position: items.indexOf(line.item) + 1,
        quantity: quantityColumn(line.quantity),
      })),
    };
    // The credit note's job, staged with the return: billing issues it once per return whoever
    // asks first, this job or the call after the commit (docs/decisions/0018-transactional-outbox.md).
    const job: JobEnvelope<CreditReturnDto> = { meta, data: credit };
    await this.outbox.stage(manager, {
      queue: QueueName.InvoiceCreate,
      name: JobName.ReturnCreditNote,
      jobId: returnCreditNoteJobId(returnId),
      data: job,
      options: invoiceCreateJobOptions,
    });
    return { credit, created: await this.find(returnId, manager) };
  }

  /** An earlier request's return of this order; null when there is none. */
  private async findEarlier(
    returnId: string,
    orderId: string,
    manager: EntityManager,
  ): Promise<{ credit: null; created: OrderReturnDto } | null> {
    const rows: ReturnRow[] = await manager.query(
      `SELECT * FROM orders.order_returns WHERE id = $1 AND order_id = $2`,
      [returnId, orderId],
    );
    const [created] = await this.withLines(rows, manager);
    return created ? { credit: null, created } : null;
  }

  /** The credit note billing issued for the return, if any (read only: its job issues it if billing could not). */
  private async creditNoteOf(
    created: OrderReturnDto,
    meta: RpcMeta,
  ): Promise<Pick<OrderReturnDto, 'creditNoteId' | 'creditNoteNumber'>> {
    try {
      const notes = await this.billing.listInvoices({ orderId: created.orderId, type: 'credit_note' }, meta);
      const note = notes.items.find((invoice) => invoice.returnId === created.id);
      return { creditNoteId: note?.id ?? null, creditNoteNumber: note?.invoiceNumber ?? null };
    } catch (error) {
      this.logger.warn(`Return ${created.id}: credit note not read (${String(error)})`);
      return { creditNoteId: null, creditNoteNumber: null };
    }
  }

  /** The order's returns, oldest first, without their credit notes (billing's: the gateway adds them). */
  async list(orderId: string): Promise<OrderReturnDto[]> {
    if (!(await this.orders.findById(orderId))) throw orderNotFound(orderId);
    const rows: ReturnRow[] = await this.dataSource.query(
      `SELECT * FROM orders.order_returns WHERE order_id = $1 ORDER BY created_at, id`,
      [orderId],
    );
    return this.withLines(rows, this.dataSource.manager);
  }

  /** Lines asked, each checked against what was delivered less what came back before in this cycle. */
  private async checkedLines(
    request: CreateOrderReturnRequestDto,
    items: OrderItemEntity[],
    cycle: number,
    manager: EntityManager,
  ): Promise<Array<{ item: OrderItemEntity; quantity: Decimal; baseQuantity: Decimal; restock: boolean }>> {
    const byId = new Map(items.map((item) => [item.id, item]));
    const unknown = request.lines.map((line) => line.orderItemId.toLowerCase()).filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new AppException(OrdersErrorCode.ReturnLineUnknown, `The order has no line ${unknown.join(', ')}`, {
        orderItemIds: unknown,
      });
    }
    const earlier: Array<{ order_item_id: string; quantity: string }> = await manager.query(
      `SELECT l.order_item_id, sum(l.quantity)::text AS quantity
         FROM orders.order_return_lines l JOIN orders.order_returns r ON r.id = l.return_id
        WHERE r.order_id = $1 AND r.commit_cycle = $2
        GROUP BY l.order_item_id`,
      [request.orderId, cycle],
    );
    const returned = new Map(earlier.map((row) => [row.order_item_id, dec(row.quantity)]));
    const asked = new Map<string, Decimal>();
    for (const line of request.lines) {
      const id = line.orderItemId.toLowerCase();
      asked.set(id, (asked.get(id) ?? new Decimal(0)).plus(dec(line.quantity)));
    }
    const over = [...asked]
      .map(([id, quantity]) => {
        const item = byId.get(id)!;
        const before = returned.get(id) ?? new Decimal(0);
        return { item, quantity, before, left: dec(item.quantity).minus(before) };
      })
      .filter((entry) => entry.quantity.gt(entry.left));
    if (over.length > 0) {
      throw new AppException(
        OrdersErrorCode.ReturnExceedsDelivered,
        `More than was delivered: ${over.map((entry) => `${entry.item.itemName} (${quantityJson(entry.left)} ${entry.item.unit} left to return)`).join('; ')}`,
        {
          lines: over.map((entry) => ({
            orderItemId: entry.item.id,
            delivered: quantityJson(entry.item.quantity),
            returned: quantityJson(entry.before),
            asked: quantityJson(entry.quantity),
          })),
        },
      );
    }
    return request.lines.map((line) => {
      const item = byId.get(line.orderItemId.toLowerCase())!;
      const quantity = dec(line.quantity);
      return { item, quantity, baseQuantity: quantity.times(item.unitFactor), restock: line.restock };
    });
  }

  /** Billing's credit note for the return, now, for the answer; if billing cannot answer, the staged job issues it. */
  private async issueCreditNote(
    credit: CreditReturnDto,
    meta: RpcMeta,
  ): Promise<Pick<OrderReturnDto, 'creditNoteId' | 'creditNoteNumber'>> {
    try {
      return await this.billing.creditReturn(credit, meta);
    } catch (error) {
      this.logger.warn(`Return ${credit.returnId}: credit note not issued now (${String(error)}); its job will`);
      return { creditNoteId: null, creditNoteNumber: null };
    }
  }

  private async find(returnId: string, manager: EntityManager): Promise<OrderReturnDto> {
    const rows: ReturnRow[] = await manager.query(`SELECT * FROM orders.order_returns WHERE id = $1`, [returnId]);
    const [found] = await this.withLines(rows, manager);
    return found!;
  }

  private async withLines(rows: ReturnRow[], manager: EntityManager): Promise<OrderReturnDto[]> {
    if (rows.length === 0) return [];
    const lines: ReturnLineRow[] = await manager.query(
      `SELECT * FROM orders.order_return_lines WHERE return_id = ANY($1::uuid[]) ORDER BY return_id, line_no`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      cycle: row.commit_cycle,
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.created_by,
      creditNoteId: null,
      creditNoteNumber: null,
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map((line): OrderReturnLineDto => ({
          orderItemId: line.order_item_id,
          itemName: line.item_name,
          itemNameAr: line.item_name_ar,
          quantity: quantityJson(line.quantity),
          unit: line.unit,
          baseQuantity: quantityJson(line.base_quantity),
          restock: line.restock,
        })),
    }));
  }
}
