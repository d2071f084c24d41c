import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { OptionalDateField } from '../common/date-fields.js';
import { BatchNumberField } from './batch-fields.js';
import { EmptyToNull, EmptyToUndefined, IfPresent, Trim } from '../common/transforms.js';

/** Units of the stock form (SPEC §3). */
export const stockUnits = ['kg', 'g', 'L', 'ml', 'piece', 'box', 'carton', 'bag'] as const;
export type StockUnit = (typeof stockUnits)[number];

/** How other screens spell some units (the order screen offers "liter"): read as the form's unit. */
const unitAliases: Record<string, StockUnit> = { l: 'L', liter: 'L', litre: 'L', pieces: 'piece', pcs: 'piece' };

/** Units are matched case-insensitively ("KG", "Box") and a few aliases are understood. */
export const NormalizeUnit = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const key = value.trim().toLowerCase();
    return unitAliases[key] ?? stockUnits.find((unit) => unit.toLowerCase() === key) ?? value;
  });

/** Low Stock when quantity is at or below the item's threshold (SPEC §4). */
export const StockStatus = { Low: 'low', InStock: 'in_stock' } as const;
export type StockStatus = (typeof StockStatus)[keyof typeof StockStatus];

export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** numeric(14,3): quantities, fractional for kg, g, L and ml. */
const quantityDigits = { scale: 3, integerDigits: 11 };
/** numeric(12,2): money. */
const moneyDigits = { scale: 2, integerDigits: 10 };

/**
 * A stock item as it leaves the service. Quantities are JSON numbers with up to 3 decimals;
 * money is a string with 2 decimals (CONTRACT §4). `batchNumber`, `expiryDate` and
 * `manufactureDate` are those of the item's batch that holds stock and expires first (null
 * when no batch holds stock): read-only, the batches are the truth (docs/decisions/0005).
 */
export interface StockItemDto {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
  quantity: number;
  unit: StockUnit;
  costPrice: string;
  sellingPrice: string;
  lowStockThreshold: number;
  status: StockStatus;
  batchNumber: string | null;
  expiryDate: string | null;
  manufactureDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** inventory.list-stock-items: a page, and the total that matches when a limit was asked. */
export type StockItemPageDto = PageDto<StockItemDto>;

/** The stock form's fields shared by create and update (SPEC §3, rules and messages of SPEC §5). */
class StockFormFields {
  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(200)
  nameAr?: string | null;

  @IfPresent()
  @IsDecimalInput({ ...quantityDigits, minMessage: 'Quantity must be at least 0' })
  quantity?: DecimalInput;

  @IfPresent()
  @IsDecimalInput({ ...moneyDigits, minMessage: 'Cost price must be at least 0' })
  costPrice?: DecimalInput;

  @IfPresent()
  @IsDecimalInput({ ...moneyDigits, minMessage: 'Selling price must be at least 0' })
  sellingPrice?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput({ ...quantityDigits, minMessage: 'Threshold must be at least 0' })
  lowStockThreshold?: DecimalInput;
}

/**
 * POST /api/stock. name, sku and unit are required. When a batch number, expiry or
 * manufacture date is given, the initial quantity becomes the item's first batch (CONTRACT §5).
 */
export class CreateStockItemDto extends StockFormFields {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  sku: string;

  @NormalizeUnit()
  @IsString()
  @IsNotEmpty()
  @IsIn(stockUnits)
  unit: StockUnit;

  @BatchNumberField()
  batchNumber?: string;

  @OptionalDateField('expiryDate')
  expiryDate?: string;

  @OptionalDateField('manufactureDate')
  manufactureDate?: string;
}

/** PATCH /api/stock/{id}: any of the stock form's fields. A changed quantity is a manual adjustment. */
export class UpdateStockItemDto extends StockFormFields {
  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  sku?: string;

  @IfPresent()
  @NormalizeUnit()
  @IsString()
  @IsNotEmpty()
  @IsIn(stockUnits)
  unit?: StockUnit;
}

/** inventory.update-stock-item: the item's id with the changes. */
export class UpdateStockItemRequestDto extends UpdateStockItemDto {
  @IsUUID()
  id: string;
}

/** GET /api/stock query and inventory.list-stock-items: by name, narrowed by search, paged. */
export class ListStockItemsDto extends PageQueryDto {}

/** inventory.get-items: the items with these ids (unknown ids are left out). */
export class GetStockItemsDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  ids: string[];
}

export class StockItemIdDto {
  @IsUUID()
  id: string;
}
