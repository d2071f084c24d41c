import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the billing service: 'billing.<verb-noun>'. Values are never renamed. */
export const BillingPatterns = {
  Health: healthPattern(ServiceName.Billing),
  GenerateInvoice: 'billing.generate-invoice',
  ListInvoices: 'billing.list-invoices',
  GetInvoicePdf: 'billing.get-invoice-pdf',
  GetInvoice: 'billing.get-invoice',
  GetProformaPdf: 'billing.get-proforma-pdf',
  RecordPayment: 'billing.record-payment',
  ListPayments: 'billing.list-payments',
  DeletePayment: 'billing.delete-payment',
  WriteOff: 'billing.write-off',
  GetClientBalances: 'billing.get-client-balances',
  FindInvoicedCycles: 'billing.find-invoiced-cycles',
  CreditReturn: 'billing.credit-return',
  GetStatement: 'billing.get-statement',
  GetStatementPdf: 'billing.get-statement-pdf',
  GetPurchaseOrderPdf: 'billing.get-purchase-order-pdf',
  GetAging: 'billing.get-aging',
} as const;
