import type { InvoiceDto, PaymentDto } from '@erp/contracts';

/** An unpaid customer invoice of 1,150.00 SAR (1,000.00 + 15% VAT); override what a test needs. */
export function makeInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: 'inv-1',
    invoiceNumber: 'INV-2026-000123',
    type: 'customer',
    orderId: 'o-42',
    orderNumber: 'ORD-2026-000042',
    clientId: 'c-1',
    clientName: 'Al Noor Trading',
    buyer: null,
    supplierId: null,
    supplierName: null,
    supplierInvoiceNumber: null,
    reference: null,
    subtotal: '1000.00',
    taxRate: 15,
    taxAmount: '150.00',
    totalAmount: '1150.00',
    currency: 'SAR',
    pdfUrl: '/api/invoices/inv-1/pdf',
    uploadedFileUrl: null,
    issuedAt: '2026-03-10T09:30:00.000Z',
    createdBy: 'u-owner',
    originalInvoiceId: null,
    originalInvoiceNumber: null,
    reason: null,
    reasonText: null,
    returnId: null,
    paidAmount: '0.00',
    creditedAmount: '0.00',
    balanceDue: '1150.00',
    paymentStatus: 'unpaid',
    dueDate: '2026-03-10',
    overdue: false,
    zatca: null,
    ...overrides,
  };
}

/** The same invoice after 400.00 was paid: 750.00 left, due on Apr 9, 2026. */
export function makePartlyPaidInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return makeInvoice({
    paidAmount: '400.00',
    balanceDue: '750.00',
    paymentStatus: 'partially_paid',
    dueDate: '2026-04-09',
    ...overrides,
  });
}

/** A supplier invoice: no settlement (docs/api/invoices.md). */
export function makeSupplierInvoice(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return makeInvoice({
    id: 'inv-2',
    invoiceNumber: 'SUP-2026-000045',
    type: 'supplier',
    orderId: null,
    orderNumber: null,
    clientId: null,
    clientName: null,
    supplierId: 's-1',
    supplierName: 'Almarai Company',
    supplierInvoiceNumber: 'AM-88812',
    subtotal: '200.00',
    taxAmount: '30.00',
    totalAmount: '230.00',
    currency: 'AED',
    pdfUrl: null,
    issuedAt: '2026-03-09T09:30:00.000Z',
    paidAmount: null,
    creditedAmount: null,
    balanceDue: null,
    paymentStatus: null,
    dueDate: null,
    overdue: false,
    ...overrides,
  });
}

/** An unpaid balance brought forward of 1,150.00 SAR (no VAT, no PDF), old number OLD-1001. */
export function makeOpeningBalance(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return makeInvoice({
    id: 'ob-1',
    invoiceNumber: 'OB-2026-000001',
    type: 'opening_balance',
    orderId: null,
    orderNumber: null,
    reference: 'OLD-1001',
    subtotal: '1150.00',
    taxRate: 0,
    taxAmount: '0.00',
    pdfUrl: null,
    ...overrides,
  });
}

/** The credit note of a cancelled order, crediting INV-2026-000123. */
export function makeCreditNote(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return makeInvoice({
    id: 'cn-1',
    invoiceNumber: 'CN-2026-000007',
    type: 'credit_note',
    pdfUrl: '/api/invoices/cn-1/pdf',
    issuedAt: '2026-03-12T09:30:00.000Z',
    originalInvoiceId: 'inv-1',
    originalInvoiceNumber: 'INV-2026-000123',
    reason: 'order_cancelled',
    paidAmount: null,
    creditedAmount: null,
    balanceDue: null,
    paymentStatus: null,
    dueDate: null,
    overdue: false,
    ...overrides,
  });
}

export function makePayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: 'pay-1',
    invoiceId: 'inv-1',
    invoiceNumber: 'INV-2026-000123',
    clientId: 'c-1',
    amount: '400.00',
    method: 'bank_transfer',
    reference: 'TRX-55102',
    paidAt: '2026-03-11T12:00:00.000Z',
    createdAt: '2026-03-11T12:05:00.000Z',
    createdBy: 'u-owner',
    deletedAt: null,
    deletedBy: null,
    deleteReason: null,
    ...overrides,
  };
}

/** A page of invoices as the gateway answers it: a bare array and X-Total-Count. */
export function invoicesResponse(items: InvoiceDto[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}
