import 'reflect-metadata';
import { startService } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { InventoryConfig } from './inventory.config.js';
import { InventoryModule } from './inventory.module.js';

await startService(ServiceName.Inventory, InventoryConfig, (config) => InventoryModule.forRoot(config));
