import {
  baseQuantity,
  businessDate,
  dec,
  lineTotal,
  moneyColumn,
  moneyJson,
  quantityColumn,
  quantityJson,
} from '@erp/common';
import {
  AppException,
  ErrorCode,
  LIST_DEFAULT_LIMIT,
  sortOrderOf,
  type OrderSortField,
  OrdersErrorCode,
  type CreateOrderRequestDto,
  type ListOrdersDto,
  type OrderDto,
  type OrderItemDto,
  type OrderItemInputDto,
  type OrderPageDto,
  type OrderQuoteDto,
  type QuoteOrderDto,
  type RpcMeta,
  type UpdateOrderDto,
  type UpdateOrderItemDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ClientsService } from '../clients/clients.service.js';
import { OrdersConfig } from '../orders.config.js';
import { StockCatalog, type ClientPriceBook } from '../stock/stock-catalog.js';
import { Decimal } from 'decimal.js';
import { clientUnits, orderTotal, toNewOrderItem, unitOf } from './line-pricing.js';
import type { OrderItemEntity } from './order-item.entity.js';
import type { OrderEntity } from './order.entity.js';
import { toOrderDto, toOrderItemDto } from './order.mapper.js';
import { OrdersRepository } from './orders.repository.js';

/** A change of quantity, price, discount or names of a line whose item and unit stay: its factor and pricing kept. */
function keepPricing(item: OrderItemEntity, dto: UpdateOrderItemDto): Partial<OrderItemEntity> {
  const quantity = dto.quantity === undefined ? new Decimal(item.quantity) : dec(dto.quantity);
  const unitPrice = dto.unitPrice === undefined ? new Decimal(item.unitPrice) : dec(dto.unitPrice);
  const discount = dto.discountPercent === undefined ? new Decimal(item.discountPercent) : dec(dto.discountPercent);
  return {
    itemName: dto.itemName ?? item.itemName,
    itemNameAr: dto.itemNameAr === undefined ? item.itemNameAr : dto.itemNameAr,
    quantity: quantityColumn(quantity),
    baseQuantity: quantityColumn(baseQuantity(quantity, item.unitFactor)),
    unitPrice: moneyColumn(unitPrice),
    discountPercent: discount.toFixed(2),
    totalPrice: moneyColumn(lineTotal(quantity, unitPrice, discount)),
  };
}

export function orderNotFound(orderId: string): AppException {
  return new AppException(OrdersErrorCode.OrderNotFound, `Order not found: ${orderId}`, { orderId });
}

function idempotencyKeyReused(): AppException {
  return new AppException(
    OrdersErrorCode.IdempotencyKeyReused,
    'This Idempotency-Key was already used with a different request',
  );
}

function itemNotFound(itemId: string): AppException {
  return new AppException(OrdersErrorCode.OrderItemNotFound, `Order item not found: ${itemId}`, { itemId });
}

/** CONTRACT §5: only pending orders can be edited. */
function ensurePending(order: OrderEntity): void {
  if (order.status !== 'pending') {
    throw new AppException(OrdersErrorCode.NotEditable, 'Only pending orders can be edited', {
      orderId: order.id,
      status: order.status,
    });
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
    // Priced before the transaction (inventory is asked over RPC): by the client's price list.
    const buyer = await this.clients.resolve(dto.clientName, dto.clientId);
    const book = await this.stock.priceBook(
      dto.items.flatMap((item) => (item.stockItemId ? [item.stockItemId] : [])),
      buyer?.priceListId ?? null,
      meta,
    );
    const items = dto.items.map((item, index) => toNewOrderItem(item, book, `items.${index}`));
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
      // Numbered, inserted and claimed in one statement, so the year's counter stays locked for as little as possible.
      const order = await this.orders.insertNumbered(
        Number(day.slice(0, 4)),
        {
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
          commitCount: 0,
          createdBy: meta.userId ?? null,
        },
        items,
        idempotency ? { scope: idempotency.scope, key: idempotency.key } : null,
        manager,
      );
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
      from: query.from,
      to: query.to,
      sort: sortOrderOf<OrderSortField>(query.sort),
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
    const book = await this.priceBookOf(orderId, input.stockItemId ? [input.stockItemId] : [], meta);
    return this.editPending(orderId, async (_order, manager) => {
      const item = await this.orders.addItem(orderId, toNewOrderItem(input, book, 'item'), manager);
      await this.orders.recomputeTotal(orderId, manager);
      return toOrderItemDto(item);
    });
  }

  /**
   * A change of a pending order's line. A new unit needs its quantity (CONTRACT §10: a number meant
   * for another unit is never kept); a new unit or item is priced again unless a price is sent; a
   * change of quantity alone keeps the line's unit factor and price.
   */
  async updateItem(orderId: string, itemId: string, dto: UpdateOrderItemDto, meta: RpcMeta): Promise<OrderItemDto> {
    const stored = await this.orders.findItem(orderId, itemId);
    if (!stored) throw itemNotFound(itemId);
    const stockItemId = dto.stockItemId === undefined ? stored.stockItemId : dto.stockItemId;
    const relinked = dto.stockItemId !== undefined && dto.stockItemId?.toLowerCase() !== stored.stockItemId;
    const unitChanged = dto.unit !== undefined && dto.unit !== stored.unit;
    if (unitChanged && dto.quantity === undefined) {
      const message = `quantity is needed with a new unit: the line holds ${Number(stored.quantity)} ${stored.unit}, not ${dto.unit}`;
      throw new AppException(ErrorCode.ValidationFailed, message, {
        fields: [{ field: 'quantity', messages: [message] }],
      });
    }
    const repriced = relinked || unitChanged;
    const book = repriced ? await this.priceBookOf(orderId, stockItemId ? [stockItemId] : [], meta) : null;
    return this.editPending(orderId, async (_order, manager) => {
      const item = await this.orders.findItem(orderId, itemId, manager);
      if (!item) throw itemNotFound(itemId);
      const line = book
        ? toNewOrderItem(
            {
              itemName: dto.itemName ?? item.itemName,
              itemNameAr: dto.itemNameAr === undefined ? item.itemNameAr : dto.itemNameAr,
              quantity: dto.quantity ?? item.quantity,
              // The line's unit stays unless a new one is sent: a new item must be sold in it (else 400
              // naming its units), never quietly switched to another unit with the same number.
              unit: dto.unit ?? item.unit,
              // A line unlinked keeps its price; a line linked anew is priced for its item unless one is sent.
              unitPrice: dto.unitPrice ?? (stockItemId ? undefined : item.unitPrice),
              discountPercent: dto.discountPercent ?? item.discountPercent,
              stockItemId,
            },
            book,
            'item',
          )
        : keepPricing(item, dto);
      Object.assign(item, line);
      const saved = await this.orders.saveItem(item, manager);
      await this.orders.recomputeTotal(orderId, manager);
      return toOrderItemDto(saved);
    });
  }

  /**
   * Lines priced as an order of this client would be (CONTRACT §10), without making one: each in
   * its unit (the item's base unit when absent), with every unit the item is sold in.
   */
  async quote(dto: QuoteOrderDto, meta: RpcMeta): Promise<OrderQuoteDto> {
    const client =
      dto.clientId || dto.clientName ? await this.clients.resolve(dto.clientName ?? '', dto.clientId) : null;
    const book = await this.stock.priceBook(
      dto.lines.map((line) => line.stockItemId),
      client?.priceListId ?? null,
      meta,
    );
    return {
      clientId: client?.id ?? null,
      priceListId: book.priceList?.id ?? null,
      priceListName: book.priceList?.name ?? null,
      lines: dto.lines.map((line, index) => {
        const item = book.items.get(line.stockItemId.toLowerCase())!;
        const unit = unitOf(item, line.unit ?? item.unit, book, `lines.${index}.unit`);
        const quantity = line.quantity === undefined ? new Decimal(1) : dec(line.quantity);
        return {
          stockItemId: item.id,
          unit: unit.unit,
          unitFactor: quantityJson(unit.factor),
          baseUnit: item.unit,
          quantity: quantityJson(quantity),
          baseQuantity: quantityJson(baseQuantity(quantity, unit.factor)),
          unitPrice: moneyJson(unit.price),
          priceSource: unit.priceSource,
          units: clientUnits(item, book).map((candidate) => ({
            unit: candidate.unit,
            factor: quantityJson(candidate.factor),
            price: moneyJson(candidate.price),
            priceSource: candidate.priceSource,
          })),
        };
      }),
    };
  }

  /** The price book of an order's client for these items. */
  private async priceBookOf(orderId: string, stockItemIds: string[], meta: RpcMeta): Promise<ClientPriceBook> {
    const order = await this.orders.findById(orderId);
    if (!order) throw orderNotFound(orderId);
    const client = order.clientId ? await this.clients.findById(order.clientId) : null;
    return this.stock.priceBook(stockItemIds, client?.priceListId ?? null, meta);
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
