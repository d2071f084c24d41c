import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LIST_MAX_OFFSET } from '../common/page-query.dto.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';
import type { StockPackDto } from '../inventory/stock-item.dto.js';
import type { StockUnit } from '../inventory/units.js';
import { V1_LIST_DEFAULT_LIMIT, V1_LIST_MAX_LIMIT } from './envelope.js';

/** `true`/`false` (and 1/0) in a query string. */
export const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  );

/** A batch of a product, for partners that sell by expiry (`include=batches`). */
export interface ProductBatchDto {
  batchNumber: string | null;
  quantity: number;
  expiryDate: string | null;
}

/** A product of the external API (CONTRACT §7): a stock item. */
export interface ProductDto {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
  quantity: number;
  unit: StockUnit;
  costPrice: string;
  sellingPrice: string;
  lowStockThreshold: number;
  /** What it is also sold in, by the pack (CONTRACT §10): `[{ unit, factor, sellingPrice, price, barcode }]`. */
  packs: StockPackDto[];
  updatedAt: string;
  batches?: ProductBatchDto[];
}

/** GET /api/v1/products: by name (or by last change with `updatedSince`), paged. */
export class ListProductsDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(V1_LIST_MAX_LIMIT)
  limit: number = V1_LIST_DEFAULT_LIMIT;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(LIST_MAX_OFFSET)
  offset: number = 0;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  search?: string;

  /** Only products changed at or after this moment (ISO 8601), oldest change first. */
  @EmptyToUndefined()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'updatedSince must be an ISO 8601 date or timestamp' })
  updatedSince?: string;

  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'withTotal must be true or false' })
  withTotal?: boolean;

  @EmptyToUndefined()
  @IsOptional()
  @IsIn(['batches'], { message: 'include must be batches' })
  include?: 'batches';
}

/** A page of products and whether another follows. */
export interface ProductPageDto {
  items: ProductDto[];
  hasMore: boolean;
  total: number | null;
}

/**
 * inventory.list-products: the page with its items already in JSON (a ProductDto[]), so that the
 * partner API passes them on as they are rather than parsing and writing them again (issue #23).
 */
export interface SerializedProductPageDto {
  items: string;
  count: number;
  hasMore: boolean;
  total: number | null;
}

/** PATCH /api/v1/products/{id}/stock (products:sync): the quantity on hand, a whole number. */
export class SetProductStockDto {
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(0)
  quantity: number;
}
