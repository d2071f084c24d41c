import 'reflect-metadata';
import { startService } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { OrdersConfig } from './orders.config.js';
import { OrdersModule } from './orders.module.js';

await startService(ServiceName.Orders, OrdersConfig, (config) => OrdersModule.forRoot(config));
