import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the billing service: 'billing.<verb-noun>'. Values are never renamed. */
export const BillingPatterns = {
  Health: healthPattern(ServiceName.Billing),
  GenerateInvoice: 'billing.generate-invoice',
  ListInvoices: 'billing.list-invoices',
  GetInvoicePdf: 'billing.get-invoice-pdf',
} as const;
