import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IdempotencyField, type IdempotencyDto } from '../common/idempotency.dto.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { SortParam } from '../common/sort.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { OptionalDateField } from '../common/date-fields.js';
import { BatchNumberField } from './batch-fields.js';
import { EmptyToNull, EmptyToUndefined, IfPresent, Trim } from '../common/transforms.js';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { normalizeUnit, packUnits, stockUnits, type PackUnit, type StockUnit } from './units.js';

/** Units are matched case-insensitively ("KG", "Box") and the usual abbreviations are understood (units.ts). */
export const NormalizeUnit = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeUnit(value) : value));

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
  /** What the item is sold in besides its base unit, by pack (CONTRACT §10); its stock stays in `unit`. */
  packs: StockPackDto[];
  createdAt: string;
  updatedAt: string;
}

/** A pack of a stock item: `factor` base units, sold at `price`. */
export interface StockPackDto {
  unit: PackUnit;
  /** Base units in one pack (12 bottles in a carton, 25 kg in a bag). */
  factor: number;
  /** The pack's own price as set, or null: then `price` is factor × the item's selling price. */
  sellingPrice: string | null;
  /** What the pack sells at when no price list says otherwise (CONTRACT §10). */
  price: string;
  barcode: string | null;
}

/** Most packs one item may have. */
export const STOCK_PACKS_MAX = 10;

/** A pack as the stock form and the partner API send it. */
export class StockPackInputDto {
  @NormalizeUnit()
  @IsString()
  @IsIn(packUnits, { message: `unit must be one of the pack units: ${packUnits.join(', ')}` })
  unit: PackUnit;

  @IsDecimalInput({ ...quantityDigits, positive: true, minMessage: 'factor must be greater than 0' })
  factor: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput({ ...moneyDigits, minMessage: 'A pack price must be at least 0' })
  sellingPrice?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @Matches(/^[0-9A-Za-z-]{4,64}$/, { message: 'barcode must be 4–64 letters, digits or dashes' })
  barcode?: string;
}

/** inventory.list-stock-items: a page, and the total that matches when a limit was asked. */
export type StockItemPageDto = PageDto<StockItemDto>;

/** The stock form's fields shared by create and update (SPEC §3, rules and messages of SPEC §5). */
/** What the server computes on a stock item: ignored when sent back (CONTRACT §9). */
const stockComputedFields = ['id', 'status', 'createdAt', 'updatedAt'];

@IgnoresServerComputed(stockComputedFields)
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

  /** The item's packs, all of them: what is sent replaces what was there (an empty list removes them). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(STOCK_PACKS_MAX)
  @ValidateNested({ each: true })
  @Type(() => StockPackInputDto)
  packs?: StockPackInputDto[];
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

/** inventory.create-stock-item: a new item, exactly once per idempotency key when one is given. */
export class CreateStockItemRequestDto extends CreateStockItemDto {
  @IdempotencyField()
  idempotency?: IdempotencyDto;
}

/**
 * PATCH /api/stock/{id}: any of the stock form's fields. A changed quantity is a manual adjustment.
 * The batch fields an item answers with describe its batches (made by receipts): read-only here.
 */
@IgnoresServerComputed([...stockComputedFields, 'batchNumber', 'expiryDate', 'manufactureDate'])
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
/** The fields a stock list sorts by (`sort=quantity:asc`). */
export const stockSortFields = ['name', 'sku', 'quantity', 'sellingPrice', 'updatedAt'] as const;
export type StockSortField = (typeof stockSortFields)[number];

/** GET /api/stock: by name unless sorted; `status=low` for the items at or below their threshold. */
export class ListStockItemsDto extends PageQueryDto {
  @SortParam(stockSortFields)
  sort?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsIn(Object.values(StockStatus), { message: `status must be one of: ${Object.values(StockStatus).join(', ')}` })
  status?: StockStatus;
}

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
