import {
  ApplyReceiptDto,
  BillingClient,
  CreateStockItemDto,
  DecideReorderSuggestionDto,
  IdentityClient,
  InventoryClient,
  ListExpiringDto,
  ListStockItemsDto,
  ListStockMovementsDto,
  Permission,
  UpdateStockItemDto,
  type ExpiringBatchDto,
  type GenerateReorderSuggestionsResultDto,
  type PurchaseOrderDto,
  type ReceiptResultDto,
  type ReorderSuggestionDto,
  type ReorderSuggestionEntryDto,
  type RpcMeta,
  type StockItemDto,
  type StockMovementDto,
  type StockMovementReason,
  type StockStatus,
  type SupplierDto,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
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
  unitIn,
} from '../common/table-export.js';
import { idempotencyOf, userScope } from '../common/idempotency-key.js';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';

class StockQuery extends ListStockItemsDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

class StockMovementsQuery extends ListStockMovementsDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

const reasonLabels: Record<ExportLanguage, Record<StockMovementReason, string>> = {
  en: {
    initial: 'Opening stock',
    adjustment: 'Manual adjustment',
    order: 'Order',
    'order-put-back': 'Order reopened or cancelled',
    'order-return': 'Return',
    'order-return-written-off': 'Return written off',
    receipt: 'Goods received',
  },
  ar: {
    initial: 'رصيد افتتاحي',
    adjustment: 'تعديل يدوي',
    order: 'طلب',
    'order-put-back': 'إعادة فتح طلب أو إلغاؤه',
    'order-return': 'مرتجع',
    'order-return-written-off': 'مرتجع تالف',
    receipt: 'استلام بضاعة',
  },
};

/** The columns of the movements export, quantities in the item's base unit. */
function movementColumns(language: ExportLanguage): Array<ExportColumn<StockMovementDto>> {
  return [
    { header: { en: 'When', ar: 'الوقت' }, kind: 'date', value: (movement) => movement.createdAt },
    { header: { en: 'SKU', ar: 'رمز الصنف (SKU)' }, value: (movement) => movement.sku },
    { header: { en: 'Name', ar: 'الاسم' }, width: 30, value: (movement) => movement.name },
    { header: { en: 'Arabic name', ar: 'الاسم بالعربية' }, width: 30, value: (movement) => movement.nameAr },
    { header: { en: 'Reason', ar: 'السبب' }, width: 24, value: (movement) => reasonLabels[language][movement.reason] },
    { header: { en: 'Before', ar: 'قبل' }, kind: 'number', value: (movement) => movement.quantityBefore },
    { header: { en: 'Change', ar: 'التغيير' }, kind: 'number', value: (movement) => movement.quantityChange },
    { header: { en: 'After', ar: 'بعد' }, kind: 'number', value: (movement) => movement.quantityAfter },
    { header: { en: 'Unit', ar: 'الوحدة' }, value: (movement) => unitIn(language, movement.unit) },
    { header: { en: 'Batch', ar: 'رقم التشغيلة' }, value: (movement) => movement.batchNumber },
    { header: { en: 'By', ar: 'بواسطة' }, width: 24, value: (movement) => movement.createdByName },
    { header: { en: 'Reference', ar: 'المرجع' }, width: 38, value: (movement) => movement.reference },
  ];
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
    { header: { en: 'Unit', ar: 'الوحدة' }, value: (item) => unitIn(language, item.unit) },
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
      value: (item) =>
        item.packs
          .map((pack) => `${unitIn(language, pack.unit)} × ${pack.factor}`)
          .join(language === 'ar' ? '، ' : ', ') || null,
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
    private readonly identity: IdentityClient,
    private readonly billing: BillingClient,
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

  /**
   * The stock ledger, newest first (CONTRACT §13's Movements): every change of quantity with who,
   * when, why and the quantity before and after; `stockItemId`, `reason` and `search` narrow it;
   * X-Total-Count when a limit is asked; `format=csv|xlsx` downloads every match.
   */
  @RequirePermission(Permission.StockRead)
  @Get('movements')
  async movements(
    @Query() query: StockMovementsQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StockMovementDto[] | Buffer> {
    const request = {
      query,
      acceptLanguage,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      name: 'stock-movements',
      columns: movementColumns,
    };
    return listAnswer(reply, request, async (list) => {
      const page = await this.inventory.listStockMovements(list, meta);
      const ids = [...new Set(page.items.flatMap((movement) => (movement.createdBy ? [movement.createdBy] : [])))];
      if (ids.length === 0) return page;
      const names = new Map((await this.identity.getUserNames({ ids }, meta)).map((user) => [user.id, user.fullName]));
      const items = page.items.map((movement) => ({
        ...movement,
        createdByName: (movement.createdBy && names.get(movement.createdBy)) || null,
      }));
      return { ...page, items };
    });
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

  /** Every supplier (goods receipts and purchase orders add them), by name: what a purchase order is sent to. */
  @RequirePermission(Permission.StockRead)
  @Get('suppliers')
  suppliers(@RequestMeta() meta: RpcMeta): Promise<SupplierDto[]> {
    return this.inventory.listSuppliers(meta);
  }

  /** A purchase order made by approving a reorder suggestion with a supplier (docs/decisions/0023). */
  @RequirePermission(Permission.StockRead)
  @Get('purchase-orders/:id')
  purchaseOrder(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<PurchaseOrderDto> {
    return this.inventory.getPurchaseOrder(id, meta);
  }

  /** The purchase order as a bilingual A4 PDF, printed by billing with the company's details. */
  @RequirePermission(Permission.StockRead)
  @Get('purchase-orders/:id/pdf')
  async purchaseOrderPdf(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const order = await this.inventory.getPurchaseOrder(id, meta);
    return pdfDownload(reply, await this.billing.getPurchaseOrderPdf(order, meta));
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
