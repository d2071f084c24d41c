/** Error codes of the billing service (translated by the web app). Values are never renamed. */
export const BillingErrorCode = {
  InvoiceNotFound: 'BILLING_INVOICE_NOT_FOUND',
  NoPdf: 'BILLING_NO_PDF',
  /** A tax invoice only for a confirmed or completed order (CONTRACT §11). */
  OrderNotCommitted: 'BILLING_ORDER_NOT_COMMITTED',
  /** A credit note (a return) beyond what is left uncredited of the invoice or its line. */
  CreditExceeded: 'BILLING_CREDIT_EXCEEDED',
  PaymentNotFound: 'BILLING_PAYMENT_NOT_FOUND',
  /** A payment on a credit note, a supplier invoice, or an invoice with nothing left to pay. */
  PaymentNotAccepted: 'BILLING_PAYMENT_NOT_ACCEPTED',
  /** A payment above what is left to pay (details.balanceDue). */
  PaymentExceedsBalance: 'BILLING_PAYMENT_EXCEEDS_BALANCE',
  PaymentAlreadyDeleted: 'BILLING_PAYMENT_ALREADY_DELETED',
  /** A payment dated after today. */
  PaymentInFuture: 'BILLING_PAYMENT_IN_FUTURE',
  /** A write-off of anything but an opening balance with something left to pay. */
  WriteOffNotAccepted: 'BILLING_WRITE_OFF_NOT_ACCEPTED',
  /** A write-off above what is left to pay (details.balanceDue). */
  WriteOffExceedsBalance: 'BILLING_WRITE_OFF_EXCEEDS_BALANCE',
  /** ZATCA settings that break one of ZATCA's rules (details: { field, rule }, CONTRACT §12). */
  ZatcaSettingsInvalid: 'ZATCA_SETTINGS_INVALID',
  /** A standard (B2B) invoice's PDF before ZATCA cleared it (CONTRACT §12). */
  ZatcaNotCleared: 'ZATCA_NOT_CLEARED',
  /** The XML of an invoice issued before onboarding, or of a supplier invoice. */
  ZatcaNoDocument: 'ZATCA_NO_DOCUMENT',
  /** Onboarding refused by ZATCA (a wrong or expired OTP, a CSR it refuses, a failed compliance check). */
  ZatcaOnboardingFailed: 'ZATCA_ONBOARDING_FAILED',
  /** Onboarding before the settings are complete and valid, or while the company's currency is not SAR. */
  ZatcaNotReady: 'ZATCA_NOT_READY',
  /** ZATCA (or the simulator) did not answer; nothing was lost, try again later. */
  ZatcaUnavailable: 'ZATCA_UNAVAILABLE',
  /** Onboarding a new EGS unit while the old unit's documents still wait for ZATCA (details: { waiting, egsSerial }). */
  ZatcaDocumentsWaiting: 'ZATCA_DOCUMENTS_WAITING',
} as const;

export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];

/** The HTTP status of each code, the one place it is decided (the gateway answers with it). */
export const billingErrorStatus: Record<BillingErrorCode, number> = {
  [BillingErrorCode.InvoiceNotFound]: 404,
  [BillingErrorCode.NoPdf]: 404,
  [BillingErrorCode.OrderNotCommitted]: 409,
  [BillingErrorCode.CreditExceeded]: 409,
  [BillingErrorCode.PaymentNotFound]: 404,
  [BillingErrorCode.PaymentNotAccepted]: 409,
  [BillingErrorCode.PaymentExceedsBalance]: 409,
  [BillingErrorCode.PaymentAlreadyDeleted]: 409,
  [BillingErrorCode.PaymentInFuture]: 400,
  [BillingErrorCode.WriteOffNotAccepted]: 409,
  [BillingErrorCode.WriteOffExceedsBalance]: 409,
  [BillingErrorCode.ZatcaSettingsInvalid]: 400,
  [BillingErrorCode.ZatcaNotCleared]: 409,
  [BillingErrorCode.ZatcaNoDocument]: 404,
  [BillingErrorCode.ZatcaOnboardingFailed]: 400,
  [BillingErrorCode.ZatcaNotReady]: 409,
  [BillingErrorCode.ZatcaUnavailable]: 503,
  [BillingErrorCode.ZatcaDocumentsWaiting]: 409,
};
