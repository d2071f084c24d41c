import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IdempotencyField, type IdempotencyDto } from '../common/idempotency.dto.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { Trim } from '../common/transforms.js';

export class OrderReturnLineInputDto {
  @IsUUID()
  orderItemId: string;

  /** In the line's unit as sold (5 cartons: 5), at most what was delivered less what came back before. */
  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;

  /** True: back on the shelf, into the batches it left; false: written off (damaged, expired). */
  @IsBoolean({ message: 'restock must be true or false' })
  restock: boolean;
}

/** POST /api/orders/{id}/returns (CONTRACT §11): goods of a confirmed or completed order come back. */
export class CreateOrderReturnDto {
  /** Why, in the clerk's words: printed on the credit note. */
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'reason must say why the goods came back' })
  @MaxLength(500)
  reason: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'lines must name at least one line of the order' })
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => OrderReturnLineInputDto)
  lines: OrderReturnLineInputDto[];
}

/** orders.create-order-return: the order's id with the return, exactly once per idempotency key when one is given. */
export class CreateOrderReturnRequestDto extends CreateOrderReturnDto {
  @IsUUID()
  orderId: string;

  @IdempotencyField()
  idempotency?: IdempotencyDto;
}

export interface OrderReturnLineDto {
  orderItemId: string;
  itemName: string;
  itemNameAr: string | null;
  /** In `unit`, the line's unit as sold; `baseQuantity` in the item's base unit. */
  quantity: number;
  unit: string;
  baseQuantity: number;
  restock: boolean;
}

/** A return of goods, with the credit note that undid it (null while billing has not issued it yet). */
export interface OrderReturnDto {
  id: string;
  orderId: string;
  /** The commit cycle it belongs to: the invoice it credits. */
  cycle: number;
  reason: string;
  lines: OrderReturnLineDto[];
  createdAt: string;
  createdBy: string | null;
  creditNoteId: string | null;
  creditNoteNumber: string | null;
}
