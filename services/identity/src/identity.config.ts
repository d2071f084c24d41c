import { ServiceConfig } from '@erp/common';

/** Environment of the identity service (see .env.example). */
export class IdentityConfig extends ServiceConfig {}
