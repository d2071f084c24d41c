import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BatchesModule } from './batches/batches.module.js';
import { StockBatchEntity } from './batches/stock-batch.entity.js';
import { BusinessClock } from './clock/business-clock.js';
import { InventoryConfig } from './inventory.config.js';
import { inventoryMigrations } from './migrations/index.js';
import { StockItemEntity } from './stock-items/stock-item.entity.js';
import { StockItemsModule } from './stock-items/stock-items.module.js';
import { StockUpdateEntity } from './stock-items/stock-update.entity.js';
import { StockMoveLineEntity } from './stock-moves/stock-move-line.entity.js';
import { StockMoveEntity } from './stock-moves/stock-move.entity.js';
import { StockMovesModule } from './stock-moves/stock-moves.module.js';
import { SupplierEntity } from './suppliers/supplier.entity.js';

@Global()
@Module({})
export class InventoryModule {
  static forRoot(config: InventoryConfig): DynamicModule {
    return {
      module: InventoryModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Inventory, config, {
          entities: [
            StockItemEntity,
            StockBatchEntity,
            SupplierEntity,
            StockUpdateEntity,
            StockMoveEntity,
            StockMoveLineEntity,
          ],
          migrations: inventoryMigrations,
        }),
        BatchesModule,
        StockItemsModule,
        StockMovesModule,
      ],
      providers: [{ provide: InventoryConfig, useValue: config }, BusinessClock],
      exports: [InventoryConfig, BusinessClock],
    };
  }
}
