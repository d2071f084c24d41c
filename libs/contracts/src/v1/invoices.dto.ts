import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { paymentStatuses, type PaymentStatus } from '../billing/invoice.dto.js';
import type { PaymentMethod } from '../billing/payment.dto.js';
import { OptionalDateField } from '../common/date-fields.js';
import { LIST_MAX_OFFSET } from '../common/page-query.dto.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';
import type { CreditNoteReason } from '../queues.js';
import { V1_LIST_DEFAULT_LIMIT, V1_LIST_MAX_LIMIT } from './envelope.js';
import { QueryBoolean } from './products.dto.js';

/** What partners see of the books: customer invoices and credit notes; supplier invoices stay inside. */
export const v1InvoiceTypes = ['customer', 'credit_note'] as const;
export type V1InvoiceType = (typeof v1InvoiceTypes)[number];

/** GET /api/v1/invoices (invoices:read): newest first, paged, narrowed like the Invoices screen. */
export class ListV1InvoicesDto {
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

  /** customer invoices or credit notes; both when absent. */
  @EmptyToUndefined()
  @IsOptional()
  @IsIn(v1InvoiceTypes, { message: `type must be one of: ${v1InvoiceTypes.join(', ')}` })
  type?: V1InvoiceType;

  /** Narrows to customer invoices in this state. */
  @EmptyToUndefined()
  @IsOptional()
  @IsIn(paymentStatuses, { message: `paymentStatus must be one of: ${paymentStatuses.join(', ')}` })
  paymentStatus?: PaymentStatus;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  clientId?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  orderId?: string;

  /** Issued on or after this day (YYYY-MM-DD, the business time zone). */
  @OptionalDateField('from')
  from?: string;

  /** Issued on or before this day (YYYY-MM-DD, the business time zone). */
  @OptionalDateField('to')
  to?: string;

  /** Part of the invoice number, the client's name or the order number. */
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'withTotal must be true or false' })
  withTotal?: boolean;
}

/**
 * A customer invoice or credit note as partners see it (CONTRACT §7, §11). Money: strings with 2
 * decimals. The settlement (`paidAmount` … `dueDate`) is a customer invoice's; null on a credit note.
 */
export interface V1InvoiceDto {
  id: string;
  invoiceNumber: string;
  type: V1InvoiceType;
  orderId: string | null;
  orderNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  subtotal: string;
  /** VAT rate in percent at issue, e.g. 15. */
  taxRate: number;
  taxAmount: string;
  totalAmount: string;
  currency: string;
  issuedAt: string;
  /** A credit note's invoice and why it was issued. */
  originalInvoiceId: string | null;
  originalInvoiceNumber: string | null;
  reason: CreditNoteReason | null;
  paidAmount: string | null;
  creditedAmount: string | null;
  balanceDue: string | null;
  paymentStatus: PaymentStatus | null;
  dueDate: string | null;
  overdue: boolean;
}

/** A payment against a customer invoice as partners see it; a deleted one stays, with deletedAt. */
export interface V1PaymentDto {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  clientId: string | null;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  paidAt: string;
  createdAt: string;
  deletedAt: string | null;
  deleteReason: string | null;
}
