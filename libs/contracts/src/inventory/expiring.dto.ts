import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import type { StockPackDto } from './stock-item.dto.js';
import type { StockUnit } from './units.js';

export const EXPIRING_DEFAULT_DAYS = 30;
export const EXPIRING_MAX_DAYS = 3650;

/** GET /api/stock/expiring?days=N and inventory.list-expiring: N from 1 to 3650 (default 30). */
export class ListExpiringDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(EXPIRING_MAX_DAYS)
  days: number = EXPIRING_DEFAULT_DAYS;
}

/**
 * A batch that still holds stock and expires within the window, or has already expired
 * (then `daysUntilExpiry` is negative). `id` is the batch's id; the item is `stockItemId`.
 */
export interface ExpiringBatchDto {
  id: string;
  stockItemId: string;
  name: string;
  nameAr: string | null;
  batchNumber: string | null;
  /** In the item's base unit. */
  quantity: number;
  unit: StockUnit;
  /** The item's packs, so a screen can say the quantity in them too ("180 pcs = 15 ctn"). */
  packs: StockPackDto[];
  expiryDate: string;
  daysUntilExpiry: number;
}
