import { moneyJson } from '@erp/common';
import type { InvoiceDto } from '@erp/contracts';
import type { InvoiceEntity } from './invoice.entity.js';

/** Customer invoices are rendered on demand; a supplier invoice's file is the one uploaded, if any. */
export function pdfUrlOf(invoice: InvoiceEntity): string | null {
  return invoice.type === 'customer' ? `/api/invoices/${invoice.id}/pdf` : invoice.uploadedFileUrl;
}

export function toInvoiceDto(invoice: InvoiceEntity): InvoiceDto {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    type: invoice.type,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    supplierId: invoice.supplierId,
    supplierName: invoice.supplierName,
    supplierInvoiceNumber: invoice.supplierInvoiceNumber,
    subtotal: moneyJson(invoice.subtotal),
    taxRate: Number(invoice.taxRate),
    taxAmount: moneyJson(invoice.taxAmount),
    totalAmount: moneyJson(invoice.totalAmount),
    currency: invoice.currency,
    pdfUrl: pdfUrlOf(invoice),
    uploadedFileUrl: invoice.uploadedFileUrl,
    issuedAt: invoice.issuedAt.toISOString(),
    createdBy: invoice.createdBy,
  };
}
