import {
  AiParserClient,
  BillingClient,
  ChangeOrderStatusDto,
  CreateOrderDto,
  ListOrdersDto,
  OrderItemInputDto,
  OrdersClient,
  Permission,
  UpdateOrderDto,
  UpdateOrderItemDto,
  type GeneratedInvoiceDto,
  type OrderDto,
  type OrderItemDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Orders (SPEC §2 Orders, docs/api/orders-clients-analytics.md). Status changes move stock (CONTRACT §5). */
@Controller('orders')
export class OrdersController {
  private readonly logger = new Logger(OrdersController.name);

  constructor(
    private readonly orders: OrdersClient,
    private readonly billing: BillingClient,
    private readonly aiParser: AiParserClient,
  ) {}

  /** A bare array, newest first (CONTRACT §4b); X-Total-Count when a limit is asked. */
  @RequirePermission(Permission.OrdersRead)
  @Get()
  async list(
    @Query() query: ListOrdersDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDto[]> {
    const page = await this.orders.listOrders(query, meta);
    if (page.total !== null) void reply.header('x-total-count', String(page.total));
    return page.items;
  }

  /** A pending order from the Create Manual Order dialog or the AI confirm dialog. */
  @RequirePermission(Permission.OrdersWrite)
  @Post('manual')
  @HttpCode(201)
  async create(@Body() dto: CreateOrderDto, @RequestMeta() meta: RpcMeta): Promise<OrderDto> {
    const order = await this.orders.createOrder(dto, meta);
    this.rememberWording(dto, order, meta);
    return order;
  }

  /**
   * Client memory (docs/api/ai-intake.md): the lines the AI confirm dialog sent with their
   * `phrase` and a stock item teach the ai-parser this client's wording. Not awaited, and a
   * failure is only logged: the order is created either way.
   */
  private rememberWording(dto: CreateOrderDto, order: OrderDto, meta: RpcMeta): void {
    const pairs = dto.items.flatMap((item) =>
      item.phrase && item.stockItemId ? [{ phrase: item.phrase, stockItemId: item.stockItemId }] : [],
    );
    if (pairs.length === 0) return;
    this.aiParser
      .remember({ clientId: order.clientId ?? undefined, clientName: order.clientName, pairs }, meta)
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn({ requestId: meta.requestId, orderId: order.id, reason }, 'client wording not remembered');
      });
  }

  @RequirePermission(Permission.OrdersRead)
  @Get(':id')
  get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<OrderDto> {
    return this.orders.getOrder(id, meta);
  }

  @RequirePermission(Permission.OrdersRead)
  @Get(':id/items')
  items(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<OrderItemDto[]> {
    return this.orders.listOrderItems(id, meta);
  }

  /** The order's one invoice (CONTRACT §5): created now if it has none, the same one every time. */
  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/generate-invoice')
  @HttpCode(200)
  generateInvoice(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.billing.generateInvoice(id, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Patch(':id/status')
  changeStatus(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: ChangeOrderStatusDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderDto> {
    return this.orders.changeOrderStatus(id, dto, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateOrderDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderDto> {
    return this.orders.updateOrder(id, dto, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/items')
  @HttpCode(201)
  addItem(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: OrderItemInputDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderItemDto> {
    return this.orders.addOrderItem(id, dto, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Patch(':id/items/:itemId')
  updateItem(
    @Param('id', ParseIdPipe) id: string,
    @Param('itemId', ParseIdPipe) itemId: string,
    @Body() dto: UpdateOrderItemDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderItemDto> {
    return this.orders.updateOrderItem(id, itemId, dto, meta);
  }

  @RequirePermission(Permission.OrdersDelete)
  @Delete(':id/items/:itemId')
  @HttpCode(204)
  async deleteItem(
    @Param('id', ParseIdPipe) id: string,
    @Param('itemId', ParseIdPipe) itemId: string,
    @RequestMeta() meta: RpcMeta,
  ): Promise<void> {
    await this.orders.deleteOrderItem(id, itemId, meta);
  }
}
