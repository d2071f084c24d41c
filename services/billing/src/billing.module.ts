import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { BillingConfig } from './billing.config.js';
import { billingMigrations } from './migrations/index.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [...serviceInfrastructure(ServiceName.Billing, config, { entities: [], migrations: billingMigrations })],
      providers: [{ provide: BillingConfig, useValue: config }],
    };
  }
}
