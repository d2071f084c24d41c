import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { EmptyToUndefined } from '../common/transforms.js';

/** Why an item's quantity changed (the stock ledger's reasons). */
export const stockMovementReasons = [
  'initial',
  'adjustment',
  'order',
  'order-put-back',
  'order-return',
  'order-return-written-off',
  'receipt',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/**
 * GET /api/stock/movements: the stock ledger, newest first; `stockItemId` narrows it to one item,
 * `reason` to one kind of change, `search` to items whose name, Arabic name or SKU holds it.
 */
export class ListStockMovementsDto extends PageQueryDto {
  @EmptyToUndefined()
  @IsOptional()
  @IsUUID('all', { message: 'stockItemId must be a stock item id' })
  stockItemId?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsIn(stockMovementReasons, { message: `reason must be one of: ${stockMovementReasons.join(', ')}` })
  reason?: StockMovementReason;
}

/** One change of an item's quantity: who, when, why, and the quantity before and after (base units). */
export interface StockMovementDto {
  id: string;
  stockItemId: string;
  sku: string;
  name: string;
  nameAr: string | null;
  unit: string;
  quantityBefore: number;
  quantityChange: number;
  quantityAfter: number;
  reason: StockMovementReason;
  /** The order (order reasons) or goods receipt (`receipt`) that caused it. */
  reference: string | null;
  batchNumber: string | null;
  notes: string | null;
  createdAt: string;
  /** The user who made it; null for changes no one signed (the demo data, a job). */
  createdBy: string | null;
  /** That user's name, filled in by the gateway; null when unknown. */
  createdByName: string | null;
}

export type StockMovementPageDto = PageDto<StockMovementDto>;
