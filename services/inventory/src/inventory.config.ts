import { ServiceConfig } from '@erp/common';

/** Environment of the inventory service (see .env.example). */
export class InventoryConfig extends ServiceConfig {}
