import { businessDate, dec, moneyColumn, quantityColumn } from '@erp/common';
import {
  AppException,
  LIST_DEFAULT_LIMIT,
  OrdersErrorCode,
  type CreateOrderRequestDto,
  type ListOrdersDto,
  type OrderDto,
  type OrderItemDto,
  type OrderItemInputDto,
  type OrderPageDto,
  type RpcMeta,
  type UpdateOrderDto,
  type UpdateOrderItemDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ClientsService } from '../clients/clients.service.js';
import { nextOrderNumber } from '../numbering/order-numbers.js';
import { OrdersConfig } from '../orders.config.js';
import { StockCatalog } from '../stock/stock-catalog.js';
import { linkToStock, orderTotal, retotal, toNewOrderItem } from './order-lines.js';
import type { OrderEntity } from './order.entity.js';
import { toOrderDto, toOrderItemDto } from './order.mapper.js';
import { OrdersRepository } from './orders.repository.js';

export function orderNotFound(orderId: string): AppException {
  return new AppException(OrdersErrorCode.OrderNotFound, `Order not found: ${orderId}`, { orderId }, 404);
}

function idempotencyKeyReused(): AppException {
  return new AppException(
    OrdersErrorCode.IdempotencyKeyReused,
    'This Idempotency-Key was already used with a different request',
    undefined,
    409,
  );
}

function itemNotFound(itemId: string): AppException {
  return new AppException(OrdersErrorCode.OrderItemNotFound, `Order item not found: ${itemId}`, { itemId }, 404);
}

/** CONTRACT §5: only pending orders can be edited. */
function ensurePending(order: OrderEntity): void {
  if (order.status !== 'pending') {
    throw new AppException(
      OrdersErrorCode.NotEditable,
      'Only pending orders can be edited',
      { orderId: order.id, status: order.status },
      409,
    );
  }
}

/**
 * Orders and their items: creation (numbered ORD-YYYY-NNNNNN), the list, and edits while pending.
 * Every change of an order locks its row first; the total is recomputed after every item change.
 * Status changes, which move stock, are OrderStatusService's.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly clients: ClientsService,
    private readonly stock: StockCatalog,
    private readonly config: OrdersConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * A pending order. With an idempotency key, exactly once: a repeat of the same request
   * answers the first order; the same key with another body is a 409.
   */
  async create(dto: CreateOrderRequestDto, meta: RpcMeta): Promise<OrderDto> {
    const stock = await this.stock.find(
      dto.items.flatMap((item) => (item.stockItemId ? [item.stockItemId] : [])),
      meta,
    );
    const items = dto.items.map((item) => toNewOrderItem(item, stock.get(item.stockItemId?.toLowerCase() ?? '')));
    const day = businessDate(this.config.BUSINESS_TIME_ZONE);
    const created = await this.dataSource.transaction(async (manager) => {
      const { idempotency } = dto;
      if (idempotency) {
        const claim = await this.orders.claimRequest(idempotency, manager);
        if (claim !== 'new') {
          if (claim.requestHash !== idempotency.requestHash) throw idempotencyKeyReused();
          const earlier = claim.orderId ? await this.orders.findById(claim.orderId) : null;
          if (earlier) return { order: earlier, repeated: true };
        }
      }
      const client = await this.clients.resolve(dto.clientName, dto.clientId, manager);
      // Numbered last, so the year's counter stays locked for as little as possible.
      const orderNumber = await nextOrderNumber(Number(day.slice(0, 4)), manager);
      const order = await this.orders.insert(
        {
          orderNumber,
          clientId: client?.id ?? null,
          clientName: dto.clientName,
          status: 'pending',
          totalAmount: orderTotal(items),
          notes: dto.notes ?? null,
          rawOrderText: dto.rawOrderText ?? null,
          transcribedText: dto.transcribedText ?? null,
          uploadedFileUrl: dto.uploadedFileUrl ?? null,
          audioFileUrl: dto.audioFileUrl ?? null,
          source: dto.source ?? 'manual',
          businessDay: day,
          firstCommittedAt: null,
          createdBy: meta.userId ?? null,
        },
        items,
        manager,
      );
      if (idempotency) await this.orders.attachRequest(idempotency.scope, idempotency.key, order.id, manager);
      return { order, repeated: false };
    });
    return created.repeated ? this.toDto(created.order) : toOrderDto(created.order, items.length);
  }

  async list(query: ListOrdersDto): Promise<OrderPageDto> {
    const page = await this.orders.findPage({
      search: query.search,
      status: query.status,
      clientId: query.clientId,
      updatedSince: query.updatedSince,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.limit !== undefined,
    });
    const counts = await this.orders.countItems(page.items.map((order) => order.id));
    return { items: page.items.map((order) => toOrderDto(order, counts.get(order.id) ?? 0)), total: page.total };
  }

  async get(orderId: string): Promise<OrderDto> {
    const order = await this.orders.findById(orderId);
    if (!order) throw orderNotFound(orderId);
    return this.toDto(order);
  }

  async items(orderId: string): Promise<OrderItemDto[]> {
    if (!(await this.orders.findById(orderId))) throw orderNotFound(orderId);
    return (await this.orders.findItems(orderId)).map(toOrderItemDto);
  }

  /** A new client name re-links the order to the client of that name (or none). */
  update(orderId: string, dto: UpdateOrderDto): Promise<OrderDto> {
    return this.editPending(orderId, async (order, manager) => {
      if (dto.clientName !== undefined && dto.clientName !== order.clientName) {
        order.clientName = dto.clientName;
        order.clientId = (await this.clients.resolve(dto.clientName, undefined, manager))?.id ?? null;
      }
      if (dto.notes !== undefined) order.notes = dto.notes;
      await this.orders.save(order, manager);
    }).then(() => this.get(orderId));
  }

  async addItem(orderId: string, input: OrderItemInputDto, meta: RpcMeta): Promise<OrderItemDto> {
    const stock = await this.stock.find(input.stockItemId ? [input.stockItemId] : [], meta);
    return this.editPending(orderId, async (_order, manager) => {
      const item = await this.orders.addItem(
        orderId,
        toNewOrderItem(input, stock.get(input.stockItemId?.toLowerCase() ?? '')),
        manager,
      );
      await this.orders.recomputeTotal(orderId, manager);
      return toOrderItemDto(item);
    });
  }

  async updateItem(orderId: string, itemId: string, dto: UpdateOrderItemDto, meta: RpcMeta): Promise<OrderItemDto> {
    const stock = await this.stock.find(dto.stockItemId ? [dto.stockItemId] : [], meta);
    return this.editPending(orderId, async (_order, manager) => {
      const item = await this.orders.findItem(orderId, itemId, manager);
      if (!item) throw itemNotFound(itemId);
      if (dto.itemName !== undefined) item.itemName = dto.itemName;
      if (dto.itemNameAr !== undefined) item.itemNameAr = dto.itemNameAr;
      if (dto.unit !== undefined) item.unit = dto.unit;
      if (dto.quantity !== undefined) item.quantity = quantityColumn(dec(dto.quantity));
      if (dto.unitPrice !== undefined) item.unitPrice = moneyColumn(dec(dto.unitPrice));
      if (dto.stockItemId !== undefined) {
        linkToStock(item, dto.stockItemId === null ? undefined : stock.get(dto.stockItemId.toLowerCase()));
      }
      retotal(item);
      const saved = await this.orders.saveItem(item, manager);
      await this.orders.recomputeTotal(orderId, manager);
      return toOrderItemDto(saved);
    });
  }

  /** Deletes a line; an order keeps at least one (409 for the last). */
  async deleteItem(orderId: string, itemId: string): Promise<void> {
    await this.editPending(orderId, async (_order, manager) => {
      const items = await this.orders.findItems(orderId, manager);
      if (!items.some((item) => item.id === itemId)) throw itemNotFound(itemId);
      if (items.length === 1) {
        throw new AppException(
          OrdersErrorCode.LastItem,
          'An order needs at least one item: delete the order by cancelling it instead',
          { orderId, itemId },
          409,
        );
      }
      await this.orders.deleteItem(itemId, manager);
      await this.orders.recomputeTotal(orderId, manager);
    });
  }

  async toDto(order: OrderEntity, manager?: EntityManager): Promise<OrderDto> {
    const counts = await this.orders.countItems([order.id], manager);
    return toOrderDto(order, counts.get(order.id) ?? 0);
  }

  /** Runs `change` on the locked order when it is pending: 404 unknown, 409 not pending. */
  private editPending<T>(
    orderId: string,
    change: (order: OrderEntity, manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.orders.lockById(orderId, manager);
      if (!order) throw orderNotFound(orderId);
      ensurePending(order);
      return change(order, manager);
    });
  }
}
