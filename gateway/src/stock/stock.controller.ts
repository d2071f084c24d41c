import {
  ApplyReceiptDto,
  CreateStockItemDto,
  DecideReorderSuggestionDto,
  InventoryClient,
  ListExpiringDto,
  ListStockItemsDto,
  Permission,
  UpdateStockItemDto,
  type ExpiringBatchDto,
  type GenerateReorderSuggestionsResultDto,
  type ReceiptResultDto,
  type ReorderSuggestionDto,
  type ReorderSuggestionEntryDto,
  type RpcMeta,
  type StockItemDto,
  type StockStatus,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
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

class StockQuery extends ListStockItemsDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

const statusLabels: Record<ExportLanguage, Record<StockStatus, string>> = {
  en: { low: 'Low stock', in_stock: 'In stock' },
  ar: { low: 'مخزون منخفض', in_stock: 'متوفر' },
};

/** The columns of the stock export: quantities in the item's base unit, its packs as `unit × factor`. */
function stockColumns(language: ExportLanguage): Array<ExportColumn<StockItemDto>> {
  return [
    { header: { en: 'Name', ar: 'الاسم' }, width: 30, value: (item) => item.name },
    { header: { en: 'Arabic name', ar: 'الاسم بالعربية' }, width: 30, value: (item) => item.nameAr },
    { header: { en: 'SKU', ar: 'رمز الصنف (SKU)' }, value: (item) => item.sku },
    { header: { en: 'Quantity', ar: 'الكمية' }, kind: 'number', value: (item) => item.quantity },
    { header: { en: 'Unit', ar: 'الوحدة' }, value: (item) => item.unit },
    { header: { en: 'Cost price', ar: 'سعر التكلفة' }, kind: 'money', value: (item) => item.costPrice },
    { header: { en: 'Selling price', ar: 'سعر البيع' }, kind: 'money', value: (item) => item.sellingPrice },
    {
      header: { en: 'Low stock threshold', ar: 'حد إعادة الطلب' },
      kind: 'number',
      value: (item) => item.lowStockThreshold,
    },
    { header: { en: 'Status', ar: 'الحالة' }, value: (item) => statusLabels[language][item.status] },
    { header: { en: 'Batch', ar: 'رقم التشغيلة' }, value: (item) => item.batchNumber },
    { header: { en: 'Expiry date', ar: 'تاريخ الانتهاء' }, kind: 'date', value: (item) => item.expiryDate },
    {
      header: { en: 'Packs', ar: 'العبوات' },
      width: 24,
      value: (item) => item.packs.map((pack) => `${pack.unit} × ${pack.factor}`).join(', ') || null,
    },
  ];
}

/**
 * Stock Management (SPEC §2): items, expiring batches, reorder suggestions and goods receipts
 * (docs/api/stock-reorder-and-receipts.md). Stock moves are RPC only. Fixed paths are declared
 * before `:id` ones.
 */
@Controller('stock')
export class StockController {
  constructor(
    private readonly inventory: InventoryClient,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * A bare array by name unless sorted (CONTRACT §4b, §13), `status=low` for items at or below
   * their threshold; X-Total-Count when a limit is asked; `format=csv|xlsx` downloads every match.
   */
  @RequirePermission(Permission.StockRead)
  @Get()
  async list(
    @Query() query: StockQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StockItemDto[] | Buffer> {
    const request = {
      query,
      acceptLanguage,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      name: 'stock',
      columns: stockColumns,
    };
    return listAnswer(reply, request, (list) => this.inventory.listStockItems(list, meta));
  }

  /** Batches with stock left that expire within `days` (1–3650, default 30), expired ones included. */
  @RequirePermission(Permission.StockRead)
  @Get('expiring')
  expiring(@Query() query: ListExpiringDto, @RequestMeta() meta: RpcMeta): Promise<ExpiringBatchDto[]> {
    return this.inventory.listExpiring(query.days, meta);
  }

  /** Pending suggestions, most urgent first. */
  @RequirePermission(Permission.StockRead)
  @Get('reorder-suggestions')
  reorderSuggestions(@RequestMeta() meta: RpcMeta): Promise<ReorderSuggestionEntryDto[]> {
    return this.inventory.listReorderSuggestions(meta);
  }

  /** Runs the reorder-generate job and waits for it (503 when it does not finish in time). */
  @RequirePermission(Permission.StockWrite)
  @Post('generate-reorder-suggestions')
  @HttpCode(200)
  generateReorderSuggestions(@RequestMeta() meta: RpcMeta): Promise<GenerateReorderSuggestionsResultDto> {
    return this.inventory.generateReorderSuggestions(meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Patch('reorder-suggestions/:id')
  decideReorderSuggestion(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: DecideReorderSuggestionDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<ReorderSuggestionDto> {
    return this.inventory.decideReorderSuggestion(id, dto, meta);
  }

  /** The apply step of a supplier invoice, exactly once per receiptId (a retry answers `repeated: true`). */
  @RequirePermission(Permission.StockWrite)
  @Post('receipts')
  @HttpCode(201)
  applyReceipt(@Body() dto: ApplyReceiptDto, @RequestMeta() meta: RpcMeta): Promise<ReceiptResultDto> {
    return this.inventory.applyReceipt(dto, meta);
  }

  /** A new item. With an Idempotency-Key header, a retry of the same body answers the first item. */
  @RequirePermission(Permission.StockWrite)
  @Post()
  @HttpCode(201)
  create(
    @Body() dto: CreateStockItemDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<StockItemDto> {
    const idempotency = idempotencyOf(
      idempotencyKey,
      userScope(user),
      request.body,
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    return this.inventory.createStockItem({ ...dto, ...(idempotency ? { idempotency } : {}) }, meta);
  }

  /** One stock item, as the list answers it (CONTRACT §13), with its packs. */
  @RequirePermission(Permission.StockRead)
  @Get(':id')
  get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<StockItemDto> {
    return this.inventory.getStockItem(id, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateStockItemDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<StockItemDto> {
    return this.inventory.updateStockItem(id, dto, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.inventory.deleteStockItem(id, meta);
  }
}
