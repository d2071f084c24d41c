import type { NationalAddressDto } from '../orders/client.dto.js';
import type { InvoiceZatcaDto } from './zatca-document.dto.js';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { OptionalDateField } from '../common/date-fields.js';
import { EmptyToUndefined } from '../common/transforms.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { SortParam } from '../common/sort.js';
import type { CreditNoteReason } from '../queues.js';

/**
 * A customer invoice, a supplier invoice, a credit note undoing (part of) a customer invoice, an
 * opening balance: what a client owed on an invoice of the previous system, brought in on the
 * first day (docs/decisions/0022): settled like an invoice, never a tax document; or a write-off
 * of (part of) an opening balance that will not be collected or was entered wrongly.
 */
export const invoiceTypes = ['customer', 'supplier', 'credit_note', 'opening_balance', 'write_off'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/**
 * Where a customer invoice stands (CONTRACT §11): nothing paid, some paid, nothing left to pay;
 * `credited` when credit notes undid all of it before it was paid (docs/decisions/0015).
 */
export const paymentStatuses = ['unpaid', 'partially_paid', 'paid', 'credited'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** An invoice as listed (SPEC §2 Invoices). Money: strings with 2 decimals. */
export interface InvoiceDto {
  id: string;
  invoiceNumber: string;
  type: InvoiceType;
  orderId: string | null;
  orderNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  /**
   * The buyer as it was at issue (customer invoices and credit notes issued since buyers were kept):
   * with a VAT number and national address, a VAT-registered business, invoiced with standard tax
   * invoices (CONTRACT §12).
   */
  buyer: InvoiceBuyerDto | null;
  supplierId: string | null;
  supplierName: string | null;
  /** The supplier's own number of a supplier invoice. */
  supplierInvoiceNumber: string | null;
  /** An opening balance's invoice number in the previous system. */
  reference: string | null;
  subtotal: string;
  /** VAT rate in percent at issue, e.g. 15. */
  taxRate: number;
  taxAmount: string;
  totalAmount: string;
  currency: string;
  /** `/api/invoices/{id}/pdf` when there is a PDF to download; null otherwise. */
  pdfUrl: string | null;
  uploadedFileUrl: string | null;
  issuedAt: string;
  createdBy: string | null;
  /**
   * A credit note's invoice, and why it was issued (a return's words in `reasonText`); a
   * write-off's opening balance, and why it was written off (`reasonText`).
   */
  originalInvoiceId: string | null;
  originalInvoiceNumber: string | null;
  reason: CreditNoteReason | null;
  reasonText: string | null;
  /** The order return a credit note undoes, if that is why it was issued. */
  returnId: string | null;
  /**
   * A customer invoice's or opening balance's settlement (null on other types): what payments and credit notes took
   * off the total, and what is left (negative: the client paid more than is now owed).
   */
  paidAmount: string | null;
  creditedAmount: string | null;
  balanceDue: string | null;
  paymentStatus: PaymentStatus | null;
  /** Issue date + the client's payment terms (YYYY-MM-DD); overdue once past it with a balance left. */
  dueDate: string | null;
  overdue: boolean;
  /** Its ZATCA phase-2 document, once the seller is onboarded (CONTRACT §12); null before, and for supplier invoices. */
  zatca: InvoiceZatcaDto | null;
}

export interface InvoiceBuyerDto {
  name: string;
  nameAr: string | null;
  vatNumber: string | null;
  nationalAddress: NationalAddressDto | null;
}

export type InvoicePageDto = PageDto<InvoiceDto>;

/** POST /api/orders/{id}/generate-invoice: the order's one invoice (CONTRACT §5). */
export interface GeneratedInvoiceDto {
  id: string;
  invoiceNumber: string;
  pdfUrl: string;
}

/**
 * GET /api/invoices: newest first, narrowed by type, payment status (customer invoices), client,
 * order, issue dates (inclusive), search and paging.
 */
/** The fields an invoice list sorts by (`sort=dueDate:asc`). */
export const invoiceSortFields = ['issuedAt', 'invoiceNumber', 'clientName', 'totalAmount', 'dueDate'] as const;
export type InvoiceSortField = (typeof invoiceSortFields)[number];

export class ListInvoicesDto extends PageQueryDto {
  @SortParam(invoiceSortFields)
  sort?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsIn(invoiceTypes, { message: `type must be one of: ${invoiceTypes.join(', ')}` })
  type?: InvoiceType;

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

  @OptionalDateField('from')
  from?: string;

  @OptionalDateField('to')
  to?: string;
}

/**
 * billing.list-invoices: the screen's query, and what the partner API adds: only these types (it
 * never shows supplier invoices), and whether to count the matches (by default a count runs when a
 * limit is given, for X-Total-Count).
 */
export class ListInvoicesRequestDto extends ListInvoicesDto {
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(invoiceTypes, { each: true, message: `types must be some of: ${invoiceTypes.join(', ')}` })
  types?: InvoiceType[];

  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

export class InvoiceIdDto {
  @IsUUID()
  id: string;
}

export class GenerateInvoiceDto {
  @IsUUID()
  orderId: string;
}

/** billing.get-proforma-pdf: a proforma of an order, in any status (CONTRACT §11). */
export class OrderProformaDto {
  @IsUUID()
  orderId: string;
}

/** billing.get-invoice-pdf: the file, base64, rendered first if it was missing. */
export interface InvoicePdfDto {
  fileName: string;
  contentBase64: string;
}
