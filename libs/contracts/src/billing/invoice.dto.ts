import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { OptionalDateField } from '../common/date-fields.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';

export const invoiceTypes = ['customer', 'supplier'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/** An invoice as listed (SPEC §2 Invoices). Money: strings with 2 decimals. */
export interface InvoiceDto {
  id: string;
  invoiceNumber: string;
  type: InvoiceType;
  orderId: string | null;
  orderNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  supplierId: string | null;
  supplierName: string | null;
  /** The supplier's own number of a supplier invoice. */
  supplierInvoiceNumber: string | null;
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
}

export type InvoicePageDto = PageDto<InvoiceDto>;

/** POST /api/orders/{id}/generate-invoice: the order's one invoice (CONTRACT §5). */
export interface GeneratedInvoiceDto {
  id: string;
  invoiceNumber: string;
  pdfUrl: string;
}

/** GET /api/invoices: newest first, narrowed by type and issue dates (inclusive), search and paging. */
export class ListInvoicesDto extends PageQueryDto {
  @IsOptional()
  @IsIn(invoiceTypes, { message: `type must be one of: ${invoiceTypes.join(', ')}` })
  type?: InvoiceType;

  @OptionalDateField('from')
  from?: string;

  @OptionalDateField('to')
  to?: string;
}

export class InvoiceIdDto {
  @IsUUID()
  id: string;
}

export class GenerateInvoiceDto {
  @IsUUID()
  orderId: string;
}

/** billing.get-invoice-pdf: the file, base64, rendered first if it was missing. */
export interface InvoicePdfDto {
  fileName: string;
  contentBase64: string;
}
