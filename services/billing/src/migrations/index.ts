import { CreateInvoices1796000000000 } from './1796000000000-create-invoices.js';
import { InvoiceLineUnits1796200000000 } from './1796200000000-invoice-line-units.js';
import { InvoiceLifeCycle1796300000000 } from './1796300000000-invoice-life-cycle.js';
import { Outbox1796500000000 } from './1796500000000-outbox.js';
import { IdempotentRequests1796600000000 } from './1796600000000-idempotent-requests.js';
import { ZatcaSettings1796700000000 } from './1796700000000-zatca-settings.js';
import { ZatcaDocuments1796800000000 } from './1796800000000-zatca-documents.js';
import { InvoiceBuyer1796900000000 } from './1796900000000-invoice-buyer.js';
import { OpeningBalances1797000000000 } from './1797000000000-opening-balances.js';
import { WriteOffs1797100000000 } from './1797100000000-write-offs.js';
import { ZatcaOnboardedValues1797400000000 } from './1797400000000-zatca-onboarded-values.js';

/** Migrations of the billing schema, in order. Each feature adds its own; never edit a landed one. */
export const billingMigrations = [
  CreateInvoices1796000000000,
  InvoiceLineUnits1796200000000,
  InvoiceLifeCycle1796300000000,
  Outbox1796500000000,
  IdempotentRequests1796600000000,
  ZatcaSettings1796700000000,
  ZatcaDocuments1796800000000,
  InvoiceBuyer1796900000000,
  OpeningBalances1797000000000,
  WriteOffs1797100000000,
  ZatcaOnboardedValues1797400000000,
];
