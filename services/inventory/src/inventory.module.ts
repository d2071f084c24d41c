import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { InventoryConfig } from './inventory.config.js';
import { inventoryMigrations } from './migrations/index.js';

@Module({})
export class InventoryModule {
  static forRoot(config: InventoryConfig): DynamicModule {
    return {
      module: InventoryModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Inventory, config, { entities: [], migrations: inventoryMigrations }),
      ],
      providers: [{ provide: InventoryConfig, useValue: config }],
    };
  }
}
