import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsDefined,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { intakeFileUrlPattern } from '../ai-parser/ai-parse.jobs.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { SortParam } from '../common/sort.js';
import { OptionalDateField } from '../common/date-fields.js';
import { IdempotencyField, type IdempotencyDto } from '../common/idempotency.dto.js';
import { EmptyToNull, EmptyToUndefined, IfPresent, Trim } from '../common/transforms.js';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { NormalizeUnit } from '../inventory/stock-item.dto.js';

/** Order statuses (SPEC §4). Any status can be set from any other. */
export const orderStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses whose orders hold their stock (CONTRACT §5). */
export const committedStatuses: readonly OrderStatus[] = ['confirmed', 'completed'];

export function isCommitted(status: OrderStatus): boolean {
  return committedStatuses.includes(status);
}

/** Where an order came from: typed in, or read by AI from a text, an image or a voice note; or a partner. */
export const orderSources = ['manual', 'text', 'image', 'voice', 'api'] as const;
export type OrderSource = (typeof orderSources)[number];

export const ORDER_MAX_ITEMS = 500;
/** The manual item unit default (SPEC §9). */
export const DEFAULT_ORDER_ITEM_UNIT = 'piece';

export interface OrderDto {
  id: string;
  orderNumber: string;
  clientId: string | null;
  clientName: string;
  status: OrderStatus;
  /** The sum of the line totals, 2 decimals. */
  totalAmount: string;
  notes: string | null;
  rawOrderText: string | null;
  transcribedText: string | null;
  uploadedFileUrl: string | null;
  audioFileUrl: string | null;
  source: OrderSource;
  itemCount: number;
  /** How many times it entered confirmed or completed; each time has its own invoice (CONTRACT §11). */
  commitCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

export type OrderPageDto = PageDto<OrderDto>;

export interface OrderItemDto {
  id: string;
  orderId: string;
  lineNo: number;
  stockItemId: string | null;
  sku: string | null;
  itemName: string;
  itemNameAr: string | null;
  /** In `unit`: the item's base unit or one of its packs for a linked line (CONTRACT §10). */
  quantity: number;
  unit: string;
  /** Base units in one `unit` when the line was priced (1 for the base unit and unlinked lines). */
  unitFactor: number;
  /** quantity × unitFactor: what stock moves, in `baseUnit`. */
  baseQuantity: number;
  /** The linked item's base unit when the line was linked; null for a line not linked. */
  baseUnit: string | null;
  unitPrice: string;
  /** 0–100 (CONTRACT §10). */
  discountPercent: number;
  /** round(quantity × unitPrice × (1 − discountPercent/100), 2), half away from zero (CONTRACT §4, §10). */
  totalPrice: string;
  /** The linked stock item's cost price when the line was linked; null when not linked. */
  unitCost: string | null;
}

/** numeric(14,3) quantities above zero; numeric(12,2) prices at least zero; discounts 0–100 with 2 decimals. */
const quantityRule = { scale: 3, integerDigits: 11, positive: true };
const priceRule = { scale: 2, integerDigits: 10 };
const discountRule = { scale: 2, integerDigits: 3, max: 100, minMessage: 'discountPercent must be between 0 and 100' };

/** What the server computes on an order and its lines: ignored when sent back (CONTRACT §9). */
const orderComputedFields = ['id', 'orderNumber', 'totalAmount', 'itemCount', 'createdAt', 'updatedAt', 'createdBy'];
const lineComputedFields = [
  'id',
  'orderId',
  'lineNo',
  'sku',
  'totalPrice',
  'unitCost',
  'unitFactor',
  'baseQuantity',
  'baseUnit',
];

/**
 * A line's price: required on a line not linked to a stock item (nothing else could price it),
 * optional on a linked one (CONTRACT §10), checked like money whenever it is given.
 */
export const PricedUnlessLinked = (): PropertyDecorator => (target: object, property: string | symbol) => {
  ValidateIf(
    (line: { stockItemId?: unknown; unitPrice?: unknown }) => line.unitPrice !== undefined || !line.stockItemId,
  )(target, property);
  IsDefined({ message: `${String(property)} is needed for a line not linked to a stock item` })(target, property);
  IsDecimalInput(priceRule)(target, property);
};

/** A line of a new order, or a line added to a pending one. */
@IgnoresServerComputed(lineComputedFields)
export class OrderItemInputDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  itemName: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  itemNameAr?: string;

  @IsDecimalInput(quantityRule)
  quantity: DecimalInput;

  /** A linked line: the item's base unit (its default) or one of its packs. Otherwise any unit (default piece). */
  @EmptyToUndefined()
  @IsOptional()
  @NormalizeUnit()
  @IsString()
  @MaxLength(20)
  unit?: string;

  /** Absent on a linked line: the client's price list price, else the unit's own (CONTRACT §10). */
  @EmptyToUndefined()
  @PricedUnlessLinked()
  unitPrice?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput(discountRule)
  discountPercent?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  stockItemId?: string;

  /**
   * The AI parse result's `phrase` for this line (docs/api/ai-intake.md): with `stockItemId`, the
   * client's wording is remembered for their next order. Not stored with the order.
   */
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  phrase?: string;
}

/** The text and files an order was read from, kept with it (the AI confirm dialog sends them). */
class OrderOriginFields {
  @EmptyToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  rawOrderText?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  transcribedText?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Matches(intakeFileUrlPattern('orders'), { message: 'uploadedFileUrl must be the URL of a file kept by an upload' })
  uploadedFileUrl?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Matches(intakeFileUrlPattern('orders'), { message: 'audioFileUrl must be the URL of a file kept by an upload' })
  audioFileUrl?: string;

  @IsOptional()
  @IsIn(orderSources)
  source?: OrderSource;
}

/** POST /api/orders/manual (and the AI confirm dialog): a pending order, whatever `status` says. */
@IgnoresServerComputed([...orderComputedFields, 'status'], { items: lineComputedFields })
export class CreateOrderDto extends OrderOriginFields {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  clientName: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  clientId?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Please add at least one item to the order' })
  @ArrayMaxSize(ORDER_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderItemInputDto)
  items: OrderItemInputDto[];
}

/** orders.create-order: a new order, exactly once per idempotency key when one is given. */
export class CreateOrderRequestDto extends CreateOrderDto {
  @IdempotencyField()
  idempotency?: IdempotencyDto;
}

/** PATCH /api/orders/{id}: the changed fields only; pending orders only. A `status` is refused: it has its own call. */
@IgnoresServerComputed(orderComputedFields)
export class UpdateOrderDto {
  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  clientName?: string;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;
}

/** PATCH /api/orders/{id}/items/{itemId}: the changed fields only; `stockItemId: null` unlinks. */
@IgnoresServerComputed(lineComputedFields)
export class UpdateOrderItemDto {
  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  itemName?: string;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(200)
  itemNameAr?: string | null;

  @IfPresent()
  @IsDecimalInput(quantityRule)
  quantity?: DecimalInput;

  /** A new unit needs its `quantity` in it (CONTRACT §10): a number meant for another unit is never kept. */
  @IfPresent()
  @NormalizeUnit()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  unit?: string;

  @IfPresent()
  @IsDecimalInput(priceRule)
  unitPrice?: DecimalInput;

  @IfPresent()
  @IsDecimalInput(discountRule)
  discountPercent?: DecimalInput;

  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsUUID()
  stockItemId?: string | null;
}

/** PATCH /api/orders/{id}/status. */
export class ChangeOrderStatusDto {
  @IsIn(orderStatuses, { message: `status must be one of: ${orderStatuses.join(', ')}` })
  status: OrderStatus;

  /**
   * Confirm even though it takes the client over its credit limit (CONTRACT §11): admins and
   * owners only; the override is recorded with who, when and the figures.
   */
  @IsOptional()
  @IsBoolean({ message: 'overrideCreditLimit must be true or false' })
  overrideCreditLimit?: boolean;
}

/**
 * GET /api/orders: newest first; `search` matches the order number or the client name. With
 * `updatedSince`, only orders changed at or after that moment, oldest change first (for syncing).
 */
/** The fields an order list sorts by (`sort=totalAmount:desc`). */
export const orderSortFields = ['createdAt', 'orderNumber', 'clientName', 'status', 'totalAmount'] as const;
export type OrderSortField = (typeof orderSortFields)[number];

export class ListOrdersDto extends PageQueryDto {
  @SortParam(orderSortFields)
  sort?: string;

  /** The order's business day (Riyadh calendar), from and to inclusive. */
  @OptionalDateField('from')
  from?: string;

  @OptionalDateField('to')
  to?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'updatedSince must be an ISO 8601 date or timestamp' })
  updatedSince?: string;

  @IsOptional()
  @IsIn(orderStatuses, { message: `status must be one of: ${orderStatuses.join(', ')}` })
  status?: OrderStatus;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  clientId?: string;
}

/** RPC payloads that name an order, or an order and one of its items. */
export class OrderIdDto {
  @IsUUID()
  orderId: string;
}

export class OrderItemIdDto extends OrderIdDto {
  @IsUUID()
  itemId: string;
}

export class UpdateOrderRequestDto extends UpdateOrderDto {
  @IsUUID()
  orderId: string;
}

export class AddOrderItemRequestDto extends OrderItemInputDto {
  @IsUUID()
  orderId: string;
}

export class UpdateOrderItemRequestDto extends UpdateOrderItemDto {
  @IsUUID()
  orderId: string;

  @IsUUID()
  itemId: string;
}

export class ChangeOrderStatusRequestDto extends ChangeOrderStatusDto {
  @IsUUID()
  orderId: string;
}

/** A line to price: an item, in one of its units (its base unit when absent), of a quantity (1 when absent). */
export class QuoteLineInputDto {
  @IsUUID()
  stockItemId: string;

  @EmptyToUndefined()
  @IsOptional()
  @NormalizeUnit()
  @IsString()
  @MaxLength(20)
  unit?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput(quantityRule)
  quantity?: DecimalInput;
}

/** POST /api/orders/quote: lines priced as an order for this client would be, without making one. */
export class QuoteOrderDto {
  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  clientId?: string;

  /** The client by name when no id is given (as an order links it); neither: no price list. */
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  clientName?: string;

  @IsArray()
  @ArrayMaxSize(ORDER_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => QuoteLineInputDto)
  lines: QuoteLineInputDto[];
}

/** Where a line's price came from: the client's price list, the pack's price, or the item's own. */
export type PriceSource = 'price_list' | 'pack' | 'item';

/** A unit an item is sold in, at what this client pays for it. */
export interface QuotedUnitDto {
  unit: string;
  factor: number;
  price: string;
  priceSource: PriceSource;
}

export interface QuotedLineDto {
  stockItemId: string;
  unit: string;
  unitFactor: number;
  baseUnit: string;
  quantity: number;
  baseQuantity: number;
  unitPrice: string;
  priceSource: PriceSource;
  /** Every unit the item is sold in (base first), each at this client's price. */
  units: QuotedUnitDto[];
}

export interface OrderQuoteDto {
  clientId: string | null;
  priceListId: string | null;
  priceListName: string | null;
  lines: QuotedLineDto[];
}
