import { ServiceConfig } from '@erp/common';

/** Environment of the orders service (see .env.example). */
export class OrdersConfig extends ServiceConfig {}
