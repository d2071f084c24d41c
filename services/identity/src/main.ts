import 'reflect-metadata';
import { startService } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { IdentityConfig } from './identity.config.js';
import { IdentityModule } from './identity.module.js';

await startService(ServiceName.Identity, IdentityConfig, (config) => IdentityModule.forRoot(config));
