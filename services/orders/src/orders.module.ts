import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { OrdersConfig } from './orders.config.js';
import { ordersMigrations } from './migrations/index.js';

@Module({})
export class OrdersModule {
  static forRoot(config: OrdersConfig): DynamicModule {
    return {
      module: OrdersModule,
      imports: [...serviceInfrastructure(ServiceName.Orders, config, { entities: [], migrations: ordersMigrations })],
      providers: [{ provide: OrdersConfig, useValue: config }],
    };
  }
}
