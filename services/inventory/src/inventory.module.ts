import { OutboxModule, serviceInfrastructure } from '@erp/common';
import { QueueName, ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BatchesModule } from './batches/batches.module.js';
import { StockBatchEntity } from './batches/stock-batch.entity.js';
import { BusinessClock } from './clock/business-clock.js';
import { InventoryConfig } from './inventory.config.js';
import { inventoryMigrations } from './migrations/index.js';
import { PacksModule } from './packs/packs.module.js';
import { StockPackEntity } from './packs/stock-pack.entity.js';
import { PriceListEntity, PriceListItemEntity } from './price-lists/price-list.entity.js';
import { PriceListsModule } from './price-lists/price-lists.module.js';
import { ProductsModule } from './products/products.module.js';
import { PriceHistoryEntity } from './receipts/price-history.entity.js';
import { ReceiptEntity } from './receipts/receipt.entity.js';
import { ReceiptsModule } from './receipts/receipts.module.js';
import { ReorderSuggestionEntity } from './reorder/reorder-suggestion.entity.js';
import { ReorderSuggestionsModule } from './reorder/reorder-suggestions.module.js';
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
            ReceiptEntity,
            PriceHistoryEntity,
            ReorderSuggestionEntity,
            StockPackEntity,
            PriceListEntity,
            PriceListItemEntity,
          ],
          migrations: inventoryMigrations,
        }),
        OutboxModule.forService(config, [QueueName.InvoiceCreate, QueueName.WebhookEvents]),
        BatchesModule,
        StockItemsModule,
        StockMovesModule,
        ReceiptsModule,
        ReorderSuggestionsModule,
        ProductsModule,
        PacksModule,
        PriceListsModule,
      ],
      providers: [{ provide: InventoryConfig, useValue: config }, BusinessClock],
      exports: [InventoryConfig, BusinessClock],
    };
  }
}
