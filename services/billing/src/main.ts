import 'reflect-metadata';
import { startService } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { BillingConfig } from './billing.config.js';
import { BillingModule } from './billing.module.js';

await startService(ServiceName.Billing, BillingConfig, (config) => BillingModule.forRoot(config));
