/** Error codes of the billing service (translated by the web app). Values are never renamed. */
export const BillingErrorCode = {
  InvoiceNotFound: 'BILLING_INVOICE_NOT_FOUND',
  NoPdf: 'BILLING_NO_PDF',
} as const;

export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];
