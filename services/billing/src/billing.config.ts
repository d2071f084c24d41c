import { ServiceConfig } from '@erp/common';

/** Environment of the billing service (see .env.example). */
export class BillingConfig extends ServiceConfig {}
