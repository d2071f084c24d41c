import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { intakeFileUrlPattern } from '../ai-parser/ai-parse.jobs.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { DateField, OptionalDateField } from '../common/date-fields.js';
import { BatchNumberField } from './batch-fields.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';
import { NormalizeUnit } from './stock-item.dto.js';
import { knownUnits, type KnownUnit } from './units.js';

/** One line of a supplier invoice being applied: matched by stockItemId, else SKU, else created. */
export class ReceiptLineDto {
  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  stockItemId?: string;

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

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(64)
  sku?: string;

  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;

  /**
   * The unit the supplier invoiced in: the item's base unit or one of its packs (CONTRACT §10).
   * In a pack, stock receives quantity × factor base units at unitPrice / factor each. An item
   * the receipt creates takes this unit as its base unit, so it must be one of `stockUnits`.
   */
  @NormalizeUnit()
  @IsString()
  @IsNotEmpty()
  @IsIn(knownUnits, { message: `unit must be one of: ${knownUnits.join(', ')}` })
  unit: KnownUnit;

  /** The price of one `unit` (of one pack, for a line in packs). */
  @IsDecimalInput({ scale: 2, integerDigits: 10, minMessage: 'Unit price must be at least 0' })
  unitPrice: DecimalInput;

  /** Only for an item the receipt creates; its unit price when absent. */
  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput({ scale: 2, integerDigits: 10, minMessage: 'Selling price must be at least 0' })
  sellingPrice?: DecimalInput;

  @BatchNumberField()
  batchNumber?: string;

  @OptionalDateField('expiryDate')
  expiryDate?: string;

  @OptionalDateField('manufactureDate')
  manufactureDate?: string;
}

/**
 * POST /api/stock/receipts and inventory.apply-receipt (docs/api/stock-reorder-and-receipts.md):
 * the apply step of a supplier invoice, exactly once per `receiptId`.
 */
export class ApplyReceiptDto {
  @IsUUID()
  receiptId: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  supplierName: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  invoiceNumber: string;

  @DateField('invoiceDate')
  invoiceDate: string;

  @IsOptional()
  @IsBoolean()
  createMissingItems?: boolean;

  /** The invoice as uploaded (the parse draft's `uploadedFileUrl`), kept with the supplier invoice. */
  @EmptyToUndefined()
  @IsOptional()
  @Matches(intakeFileUrlPattern('supplier-invoices'), {
    message: 'uploadedFileUrl must be the URL of a file kept by an upload',
  })
  uploadedFileUrl?: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'lines must contain at least one line' })
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ReceiptLineDto)
  lines: ReceiptLineDto[];
}

export interface ReceiptLineResultDto {
  stockItemId: string;
  batchId: string;
  quantity: number;
  /** The item's weighted-average cost after this line (money: a string with 2 decimals). */
  newCostPrice: string;
}

/** The answer of a receipt; `repeated`: the receipt was applied before and nothing changed this time. */
export interface ReceiptResultDto {
  receiptId: string;
  supplierId: string;
  repeated: boolean;
  lines: ReceiptLineResultDto[];
}
