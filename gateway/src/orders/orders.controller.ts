import {
  AiParserClient,
  AppException,
  ErrorCode,
  BillingClient,
  ChangeOrderStatusDto,
  CreateOrderDto,
  CreateOrderReturnDto,
  ListOrdersDto,
  OrderItemInputDto,
  QuoteOrderDto,
  type OrderQuoteDto,
  OrdersClient,
  Permission,
  UpdateOrderDto,
  UpdateOrderItemDto,
  type GeneratedInvoiceDto,
  type OrderDto,
  type OrderItemDto,
  type OrderReturnDto,
  type OrderSource,
  type OrderStatus,
  type RpcMeta,
  type UserDto,
} from '@erp/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Logger,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { pdfDownload } from '../common/file-reply.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import {
  ExportFormatParam,
  listAnswer,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
} from '../common/table-export.js';
import { idempotencyOf, userScope } from '../common/idempotency-key.js';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';

class OrdersQuery extends ListOrdersDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

const statusLabels: Record<ExportLanguage, Record<OrderStatus, string>> = {
  en: { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled' },
  ar: { pending: 'قيد الانتظار', confirmed: 'مؤكَّد', completed: 'مكتمل', cancelled: 'ملغى' },
};

const sourceLabels: Record<ExportLanguage, Record<OrderSource, string>> = {
  en: { manual: 'Entered by hand', text: 'Text message', image: 'Photo', voice: 'Voice note', api: 'Partner API' },
  ar: { manual: 'إدخال يدوي', text: 'رسالة نصية', image: 'صورة', voice: 'رسالة صوتية', api: 'ربط برمجي' },
};

/** The columns of the orders export; the total is before VAT, as on the orders list. */
function orderColumns(language: ExportLanguage): Array<ExportColumn<OrderDto>> {
  return [
    { header: { en: 'Order number', ar: 'رقم الطلب' }, value: (order) => order.orderNumber },
    { header: { en: 'Client', ar: 'العميل' }, width: 28, value: (order) => order.clientName },
    { header: { en: 'Status', ar: 'الحالة' }, value: (order) => statusLabels[language][order.status] },
    { header: { en: 'Items', ar: 'عدد الأصناف' }, kind: 'number', value: (order) => order.itemCount },
    {
      header: { en: 'Total before VAT', ar: 'الإجمالي قبل الضريبة' },
      kind: 'money',
      value: (order) => order.totalAmount,
    },
    { header: { en: 'Source', ar: 'المصدر' }, value: (order) => sourceLabels[language][order.source] },
    { header: { en: 'Notes', ar: 'ملاحظات' }, width: 32, value: (order) => order.notes },
    { header: { en: 'Created', ar: 'تاريخ الإنشاء' }, kind: 'date', value: (order) => order.createdAt },
  ];
}

/** Orders (SPEC §2 Orders, docs/api/orders-clients-analytics.md). Status changes move stock (CONTRACT §5). */
@Controller('orders')
export class OrdersController {
  private readonly logger = new Logger(OrdersController.name);

  constructor(
    private readonly orders: OrdersClient,
    private readonly billing: BillingClient,
    private readonly aiParser: AiParserClient,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * A bare array, newest first unless sorted (CONTRACT §4b, §13), narrowed by status, client and
   * business days; X-Total-Count when a limit is asked; `format=csv|xlsx` downloads every match.
   */
  @RequirePermission(Permission.OrdersRead)
  @Get()
  async list(
    @Query() query: OrdersQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDto[] | Buffer> {
    const request = {
      query,
      acceptLanguage,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      name: 'orders',
      columns: orderColumns,
    };
    return listAnswer(reply, request, (list) => this.orders.listOrders(list, meta));
  }

  /**
   * Lines priced as an order of this client would be (CONTRACT §10, docs/decisions/0014), making
   * nothing: what the order screens and the AI confirm dialog show before saving.
   */
  @RequirePermission(Permission.OrdersRead)
  @Post('quote')
  @HttpCode(200)
  quote(@Body() dto: QuoteOrderDto, @RequestMeta() meta: RpcMeta): Promise<OrderQuoteDto> {
    return this.orders.quoteOrder(dto, meta);
  }

  /** A pending order from the Create Manual Order dialog or the AI confirm dialog. */
  @RequirePermission(Permission.OrdersWrite)
  @Post('manual')
  @HttpCode(201)
  async create(
    @Body() dto: CreateOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderDto> {
    // A form sent twice (a double click, a retry after a lost answer) makes one order (CONTRACT §4).
    const idempotency = idempotencyOf(
      idempotencyKey,
      userScope(user),
      request.body,
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    const order = await this.orders.createOrder({ ...dto, ...(idempotency ? { idempotency } : {}) }, meta);
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

  /**
   * The committed order's invoice (CONTRACT §11): created now if it has none, the same one every
   * time while it stays committed; 409 BILLING_ORDER_NOT_COMMITTED for a pending or cancelled order.
   */
  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/generate-invoice')
  @HttpCode(200)
  generateInvoice(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.billing.generateInvoice(id, meta);
  }

  /** A bilingual proforma PDF of the order as it is, in any status: no number, no QR (CONTRACT §11). */
  @RequirePermission(Permission.OrdersRead)
  @Get(':id/proforma')
  async proforma(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return pdfDownload(reply, await this.billing.getProformaPdf(id, meta));
  }

  /**
   * Moves stock and the books (CONTRACT §5, §11). Confirming over the client's credit limit is
   * 409 CREDIT_LIMIT_EXCEEDED unless an admin or owner sends `overrideCreditLimit: true`.
   */
  @RequirePermission(Permission.OrdersWrite)
  @Patch(':id/status')
  changeStatus(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: ChangeOrderStatusDto,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderDto> {
    if (dto.overrideCreditLimit && user.role !== 'admin' && user.role !== 'owner') {
      throw new AppException(ErrorCode.Forbidden, 'Only an admin or owner can confirm over a credit limit', {
        field: 'overrideCreditLimit',
      });
    }
    return this.orders.changeOrderStatus(id, dto, meta);
  }

  /**
   * Goods of a confirmed or completed order come back (CONTRACT §11): restocked into the batches
   * they left or written off, and a credit note for them. 409 beyond what was delivered. With an
   * Idempotency-Key header, a retry of the same return answers the first one.
   */
  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/returns')
  @HttpCode(201)
  createReturn(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: CreateOrderReturnDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<OrderReturnDto> {
    const idempotency = idempotencyOf(
      idempotencyKey,
      userScope(user),
      { orderId: id, body: request.body },
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    return this.orders.createOrderReturn(id, { ...dto, ...(idempotency ? { idempotency } : {}) }, meta);
  }

  /** The order's returns, oldest first, each with the credit note that undid it once issued. */
  @RequirePermission(Permission.OrdersRead)
  @Get(':id/returns')
  async returns(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<OrderReturnDto[]> {
    const returns = await this.orders.listOrderReturns(id, meta);
    if (returns.length === 0) return returns;
    const notes = await this.billing.listInvoices({ orderId: id, type: 'credit_note' }, meta);
    return returns.map((entry) => {
      const note = notes.items.find((invoice) => invoice.returnId === entry.id);
      return { ...entry, creditNoteId: note?.id ?? null, creditNoteNumber: note?.invoiceNumber ?? null };
    });
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
