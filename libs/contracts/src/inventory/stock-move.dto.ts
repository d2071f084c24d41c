import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';

/** A move key: printable, no spaces, e.g. `order:<id>:confirm:3`. Unique across all moves. */
const moveKeyPattern = /^[\x21-\x7e]+$/;
const moveKeyMessage = { message: 'moveKey must be printable characters without spaces' };

export class TakeStockLineDto {
  @IsUUID()
  stockItemId: string;

  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;
}

/**
 * inventory.take-stock (CONTRACT §5): takes the lines out of stock, earliest expiry first,
 * all or nothing, exactly once per `moveKey`. Lines of the same item are added together.
 * `allowNegative` is the company's allowNegativeStock setting, passed by the caller.
 */
export class TakeStockDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(moveKeyPattern, moveKeyMessage)
  moveKey: string;

  @IsUUID()
  orderId: string;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TakeStockLineDto)
  lines: TakeStockLineDto[];

  @IsOptional()
  @IsBoolean()
  allowNegative?: boolean;
}

/**
 * inventory.put-back-stock: returns exactly what the take `takeMoveKey` took, to the same
 * batches, exactly once per `moveKey`. A take that never happened puts nothing back.
 */
export class PutBackStockDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(moveKeyPattern, moveKeyMessage)
  moveKey: string;

  @IsUUID()
  orderId: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(moveKeyPattern, { message: 'takeMoveKey must be printable characters without spaces' })
  takeMoveKey: string;
}

/** Where a line's quantity came from (or went back to); `batchId` null is unbatched stock. */
export interface StockMoveBatchDto {
  batchId: string | null;
  batchNumber: string | null;
  quantity: number;
  expiryDate: string | null;
}

export interface StockMoveLineDto {
  stockItemId: string;
  quantity: number;
  batches: StockMoveBatchDto[];
}

/** An expired batch that held stock of a taken item: never sold, named so someone acts on it. */
export interface SkippedExpiredBatchDto {
  stockItemId: string;
  batchId: string;
  batchNumber: string | null;
  quantity: number;
  expiryDate: string;
}

/** The answer of take and put-back. `repeated`: the key was seen before, nothing moved this time. */
export interface StockMoveResultDto {
  moveKey: string;
  lines: StockMoveLineDto[];
  skippedExpiredBatches: SkippedExpiredBatchDto[];
  repeated: boolean;
}

/** details.shortages of INVENTORY_INSUFFICIENT_STOCK: what can be sold (expired stock excluded) vs asked. */
export interface StockShortageDto {
  stockItemId: string;
  name: string;
  nameAr: string | null;
  sku: string;
  available: number;
  needed: number;
}

/**
 * inventory.sync-order-stock: makes an order hold its stock (`hold: true`: take `lines` out,
 * FEFO) or not (`hold: false`: put back what its open take took), whatever happened before.
 * Idempotent and serialized per order: a repeated or retried call changes nothing, and a
 * status change whose answer was lost is repaired by the next call (docs/decisions/0008-order-status-and-stock.md).
 * Takes and put-backs are recorded under the keys `order:<id>:take:<n>` and `order:<id>:return:<n>`.
 */
export class SyncOrderStockDto {
  @IsUUID()
  orderId: string;

  @IsBoolean()
  hold: boolean;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TakeStockLineDto)
  lines: TakeStockLineDto[];

  @IsOptional()
  @IsBoolean()
  allowNegative?: boolean;
}

/** `held`: whether the order holds stock now; `move`: the take or put-back made by this call, if any. */
export interface SyncOrderStockResultDto {
  held: boolean;
  move: StockMoveResultDto | null;
}

export class ReturnStockLineDto {
  @IsUUID()
  stockItemId: string;

  /** Base units (an order line's quantity × its unit's factor). */
  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;

  /** True: back on the shelf, into the batches it left; false: written off (damaged, expired). */
  @IsBoolean()
  restock: boolean;
}

/**
 * inventory.return-order-stock (CONTRACT §11): goods of a committed order come back, once per
 * `returnId`. Restocked quantities go back into the batches the order's take drew them from
 * (the last drawn first); written-off ones are recorded and stay out of stock. Either way the
 * order's take holds less, so a later put-back returns only what was not returned.
 */
export class ReturnOrderStockDto {
  @IsUUID()
  orderId: string;

  @IsUUID()
  returnId: string;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ReturnStockLineDto)
  lines: ReturnStockLineDto[];
}
