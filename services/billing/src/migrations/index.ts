import { CreateInvoices1796000000000 } from './1796000000000-create-invoices.js';

/** Migrations of the billing schema, in order. Each feature adds its own; never edit a landed one. */
export const billingMigrations = [CreateInvoices1796000000000];
