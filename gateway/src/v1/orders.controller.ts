import {
  ApiKeyPermission,
  ListV1OrdersDto,
  OrdersClient,
  V1CreateOrderDto,
  type Envelope,
  type OrderDto,
  type OrderItemDto,
  type RpcMeta,
  type V1OrderDto,
} from '@erp/contracts';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RequireApiKey } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { ok, page } from './envelope.js';
import { idempotencyOf } from '../common/idempotency-key.js';

function toV1Order(order: OrderDto, items?: OrderItemDto[]): V1OrderDto {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    clientName: order.clientName,
    status: order.status,
    totalAmount: order.totalAmount,
    notes: order.notes,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    ...(items
      ? {
          items: items.map((item) => ({
            name: item.itemName,
            nameAr: item.itemNameAr,
            sku: item.sku,
            stockItemId: item.stockItemId,
            quantity: item.quantity,
            unit: item.unit,
            baseQuantity: item.baseQuantity,
            baseUnit: item.baseUnit,
            unitPrice: item.unitPrice,
            discountPercent: item.discountPercent,
            totalPrice: item.totalPrice,
          })),
        }
      : {}),
  };
}

/** Printable ASCII without spaces, as Stripe-style clients send (a UUID is typical). */

/** Partner API: orders (CONTRACT §7). Orders from partners start pending, like the screen's. */
@Controller('v1/orders')
export class V1OrdersController {
  constructor(
    private readonly orders: OrdersClient,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * A pending order. With an Idempotency-Key header, a retry (of the same body, within
   * IDEMPOTENCY_TTL_SECONDS) answers the first order; the same key with another body is a 409.
   */
  @RequireApiKey(ApiKeyPermission.OrdersWrite)
  @Post()
  @HttpCode(201)
  async create(
    @Body() dto: V1CreateOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @RequestMeta() meta: RpcMeta,
  ): Promise<Envelope<Pick<V1OrderDto, 'id' | 'orderNumber' | 'clientName' | 'totalAmount' | 'status'>>> {
    const idempotency = idempotencyOf(
      idempotencyKey,
      request.apiKey!.keyId,
      request.body,
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    const order = await this.orders.createOrder(
      {
        clientName: dto.clientName,
        notes: dto.notes,
        source: 'api',
        items: dto.items.map((item) => ({
          itemName: item.name,
          itemNameAr: item.nameAr,
          quantity: item.quantity,
          unit: item.unit,
          unitPrice: item.unitPrice,
          discountPercent: item.discountPercent,
          stockItemId: item.stockItemId,
        })),
        ...(idempotency ? { idempotency } : {}),
      },
      meta,
    );
    return ok({
      id: order.id,
      orderNumber: order.orderNumber,
      clientName: order.clientName,
      totalAmount: order.totalAmount,
      status: order.status,
    });
  }

  /** Newest first, or oldest change first with `updatedSince`. */
  @RequireApiKey(ApiKeyPermission.OrdersRead)
  @Get()
  async list(@Query() query: ListV1OrdersDto, @RequestMeta() meta: RpcMeta): Promise<Envelope<V1OrderDto[]>> {
    const result = await this.orders.listOrders(
      { limit: query.limit + 1, offset: query.offset, status: query.status, updatedSince: query.updatedSince },
      meta,
    );
    const orders = result.items.slice(0, query.limit);
    return page(
      orders.map((order) => toV1Order(order)),
      result.items.length > query.limit,
      null,
    );
  }

  @RequireApiKey(ApiKeyPermission.OrdersRead)
  @Get(':id')
  async get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<Envelope<V1OrderDto>> {
    const [order, items] = await Promise.all([this.orders.getOrder(id, meta), this.orders.listOrderItems(id, meta)]);
    return ok(toV1Order(order, items));
  }
}
