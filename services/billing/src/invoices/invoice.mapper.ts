import { moneyJson } from '@erp/common';
import type { InvoiceDto, InvoiceZatcaDto } from '@erp/contracts';
import type { InvoiceEntity } from './invoice.entity.js';

/**
 * Invoices and credit notes are rendered on demand; a supplier invoice's file is the one uploaded,
 * if any; an opening balance or a write-off has none (the client's statement shows it).
 */
export function pdfUrlOf(invoice: InvoiceEntity): string | null {
  if (invoice.type === 'opening_balance' || invoice.type === 'write_off') return null;
  return invoice.type === 'supplier' ? invoice.uploadedFileUrl : `/api/invoices/${invoice.id}/pdf`;
}

/** The documents a client owes on: settled by payments, in invoice_balances. */
export const isReceivable = (invoice: Pick<InvoiceEntity, 'type'>): boolean =>
  invoice.type === 'customer' || invoice.type === 'opening_balance';

/** The invoice as answered; `today` (YYYY-MM-DD, business time zone) decides whether it is overdue. */
export function toInvoiceDto(invoice: InvoiceEntity, today: string, zatca: InvoiceZatcaDto | null = null): InvoiceDto {
  const balance = isReceivable(invoice) ? (invoice.balance ?? null) : null;
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
    reference: invoice.reference,
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
