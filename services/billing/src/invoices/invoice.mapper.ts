import { moneyJson } from '@erp/common';
import type { InvoiceDto, InvoiceZatcaDto } from '@erp/contracts';
import type { InvoiceEntity } from './invoice.entity.js';

/** Invoices and credit notes are rendered on demand; a supplier invoice's file is the one uploaded, if any. */
export function pdfUrlOf(invoice: InvoiceEntity): string | null {
  return invoice.type === 'supplier' ? invoice.uploadedFileUrl : `/api/invoices/${invoice.id}/pdf`;
}

/** The invoice as answered; `today` (YYYY-MM-DD, business time zone) decides whether it is overdue. */
export function toInvoiceDto(invoice: InvoiceEntity, today: string, zatca: InvoiceZatcaDto | null = null): InvoiceDto {
  const balance = invoice.type === 'customer' ? (invoice.balance ?? null) : null;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    type: invoice.type,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    buyer: invoice.buyer,
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
    originalInvoiceId: invoice.originalInvoiceId,
    originalInvoiceNumber: invoice.originalInvoiceNumber,
    reason: invoice.reason,
    reasonText: invoice.reasonText,
    returnId: invoice.returnId,
    paidAmount: balance ? moneyJson(balance.paidAmount) : null,
    creditedAmount: balance ? moneyJson(balance.creditedAmount) : null,
    balanceDue: balance ? moneyJson(balance.balanceDue) : null,
    paymentStatus: balance?.paymentStatus ?? null,
    dueDate: balance?.dueDate ?? null,
    overdue: balance !== null && Number(balance.balanceDue) > 0 && balance.dueDate < today,
    zatca,
  };
}
