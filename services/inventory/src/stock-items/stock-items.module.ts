import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BatchesModule } from '../batches/batches.module.js';
import { StockItemsImportProcessor } from '../imports/stock-items-import.processor.js';
import { PacksModule } from '../packs/packs.module.js';
import { PriceListsModule } from '../price-lists/price-lists.module.js';
import { StockChangeEvents } from './stock-change-events.js';
import { StockItemEntity } from './stock-item.entity.js';
import { StockItemsController } from './stock-items.controller.js';
import { StockItemsRepository } from './stock-items.repository.js';
import { StockItemsService } from './stock-items.service.js';
import { StockMovementsRepository } from './stock-movements.repository.js';
import { StockUpdateEntity } from './stock-update.entity.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([StockItemEntity, StockUpdateEntity]),
    BatchesModule,
    PacksModule,
    PriceListsModule,
    BullModule.registerQueue({ name: QueueName.ImportStockItems }),
  ],
  controllers: [StockItemsController],
  providers: [
    StockItemsRepository,
    StockItemsService,
    StockChangeEvents,
    StockItemsImportProcessor,
    StockMovementsRepository,
  ],
  exports: [StockItemsRepository, StockChangeEvents],
})
export class StockItemsModule {}
