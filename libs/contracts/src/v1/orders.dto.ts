import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { LIST_MAX_OFFSET } from '../common/page-query.dto.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';
import { NormalizeUnit } from '../inventory/stock-item.dto.js';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { ORDER_MAX_ITEMS, orderStatuses, PricedUnlessLinked, type OrderStatus } from '../orders/order.dto.js';
import { V1_LIST_DEFAULT_LIMIT, V1_LIST_MAX_LIMIT } from './envelope.js';

/** A line of a partner's order (CONTRACT §7). */
export class V1OrderItemDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  nameAr?: string;

  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;

  /** With stockItemId: the product's unit (its default) or one of its packs (CONTRACT §10). */
  @EmptyToUndefined()
  @IsOptional()
  @NormalizeUnit()
  @IsString()
  @MaxLength(20)
  unit?: string;

  /** Required for a line without stockItemId; absent on a linked line: the client's list price, else the unit's. */
  @EmptyToUndefined()
  @PricedUnlessLinked()
  unitPrice?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput({ scale: 2, integerDigits: 3, max: 100, minMessage: 'discountPercent must be between 0 and 100' })
  discountPercent?: DecimalInput;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  stockItemId?: string;
}

/** POST /api/v1/orders (orders:write): a pending order; what the server computes is ignored (CONTRACT §9). */
@IgnoresServerComputed(['id', 'orderNumber', 'status', 'totalAmount', 'createdAt'], {
  items: ['id', 'totalPrice', 'unitFactor', 'baseQuantity', 'baseUnit'],
})
export class V1CreateOrderDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  clientName: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'items must contain at least one item' })
  @ArrayMaxSize(ORDER_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => V1OrderItemDto)
  items: V1OrderItemDto[];
}

/** GET /api/v1/orders (orders:read): newest first, paged. */
export class ListV1OrdersDto {
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

  @IsOptional()
  @IsIn(orderStatuses, { message: `status must be one of: ${orderStatuses.join(', ')}` })
  status?: OrderStatus;

  @EmptyToUndefined()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'updatedSince must be an ISO 8601 date or timestamp' })
  updatedSince?: string;
}

/** An order as partners see it. `items` only on GET /api/v1/orders/{id}. */
export interface V1OrderDto {
  id: string;
  orderNumber: string;
  clientName: string;
  status: OrderStatus;
  totalAmount: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  items?: Array<{
    name: string;
    nameAr: string | null;
    sku: string | null;
    stockItemId: string | null;
    quantity: number;
    unit: string;
    /** quantity × the unit's factor, in baseUnit (the product's unit; null for a line not linked). */
    baseQuantity: number;
    baseUnit: string | null;
    unitPrice: string;
    discountPercent: number;
    totalPrice: string;
  }>;
}
