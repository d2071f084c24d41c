import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsInt,
  IsUUID,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { IdempotencyField, type IdempotencyDto } from '../common/idempotency.dto.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';

/** How a client paid (CONTRACT §11). */
export const paymentMethods = ['cash', 'bank_transfer', 'cheque', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A payment against a customer invoice. Money: a string with 2 decimals. */
export interface PaymentDto {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  clientId: string | null;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  /** When the money was received (ISO timestamp): the statement's date for it. */
  paidAt: string;
  createdAt: string;
  createdBy: string | null;
  /** A deleted payment stays listed with who deleted it, when and why; it counts no more. */
  deletedAt: string | null;
  deletedBy: string | null;
  deleteReason: string | null;
}

const paymentComputedFields = ['id', 'invoiceId', 'invoiceNumber', 'clientId', 'createdAt', 'createdBy'];

/** POST /api/invoices/{id}/payments: more than 0, at most the balance due (else 409). */
@IgnoresServerComputed([...paymentComputedFields, 'deletedAt', 'deletedBy', 'deleteReason'])
export class RecordPaymentDto {
  @IsDecimalInput({ scale: 2, integerDigits: 12, positive: true, minMessage: 'amount must be greater than 0' })
  amount: DecimalInput;

  @IsIn(paymentMethods, { message: `method must be one of: ${paymentMethods.join(', ')}` })
  method: PaymentMethod;

  /** When the money came (default: now); not in the future. */
  @EmptyToUndefined()
  @IsOptional()
  @IsDateString({ strict: true })
  paidAt?: string;

  /** The transfer's, cheque's or card slip's number. */
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  reference?: string;
}

/** billing.record-payment: the invoice's id with the payment, exactly once per idempotency key when one is given. */
export class RecordPaymentRequestDto extends RecordPaymentDto {
  @IsUUID()
  invoiceId: string;

  @IdempotencyField()
  idempotency?: IdempotencyDto;
}

/** GET /api/invoices/{id}/payments: every payment of the invoice, deleted ones too, oldest first. */
export class InvoicePaymentsDto {
  @IsUUID()
  invoiceId: string;
}

/** DELETE /api/invoices/{id}/payments/{paymentId} (admin or owner): why, kept with the payment. */
export class DeletePaymentDto {
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'reason must say why the payment is deleted' })
  @MaxLength(500)
  reason: string;
}

export class DeletePaymentRequestDto extends DeletePaymentDto {
  @IsUUID()
  invoiceId: string;

  @IsUUID()
  paymentId: string;
}

/**
 * What a client owes on its customer invoices (CONTRACT §11): `balance` is every invoice's
 * balance due (negative: money on account), `overdueBalance` what is left of those past their due
 * date. Money: strings with 2 decimals.
 */
export interface ClientBalanceDto {
  clientId: string;
  balance: string;
  overdueBalance: string;
}

/** Internal (orders → billing): the balances of some clients; a client without invoices owes 0. */
export class ClientBalancesQueryDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  clientIds: string[];
}

/** Internal (orders → billing): which commit cycles of these orders have their customer invoice issued. */
export class InvoicedCyclesQueryDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  orderIds: string[];
}

export interface InvoicedCycleDto {
  orderId: string;
  cycle: number;
}

export class CreditReturnLineDto {
  @IsUUID()
  orderItemId: string;

  /** The line's place in the order (1-based): how invoices issued before lines were linked find it. */
  @IsInt()
  @Min(1)
  position: number;

  /** In the line's unit as sold. */
  @IsDecimalInput({ scale: 3, integerDigits: 11, positive: true })
  quantity: DecimalInput;
}

/**
 * Internal (orders → billing, and the invoice-create job `return-credit-note`): the credit note of
 * one return, once per `returnId`, against the invoice of the order's commit cycle `cycle`.
 */
export class CreditReturnDto {
  @IsUUID()
  orderId: string;

  @IsString()
  orderNumber: string;

  @IsInt()
  @Min(1)
  cycle: number;

  @IsUUID()
  returnId: string;

  @IsString()
  @MaxLength(500)
  reasonText: string;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CreditReturnLineDto)
  lines: CreditReturnLineDto[];
}

/** The credit note a return got; nulls: nothing was left to credit (the order was cancelled first). */
export interface ReturnCreditNoteDto {
  creditNoteId: string | null;
  creditNoteNumber: string | null;
}

/**
 * POST /api/invoices/{id}/write-off (admins and owners): takes (part of) what is left of an
 * opening balance off the client's account, with the reason (docs/decisions/0022). Not for tax
 * invoices: a credit note undoes those.
 */
export class WriteOffDto {
  @IsDecimalInput({ scale: 2, integerDigits: 12, positive: true, minMessage: 'amount must be greater than 0' })
  amount: DecimalInput;

  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'reason must say why the balance is written off' })
  @MaxLength(500)
  reason: string;
}

export class WriteOffRequestDto extends WriteOffDto {
  @IsUUID()
  invoiceId: string;
}
