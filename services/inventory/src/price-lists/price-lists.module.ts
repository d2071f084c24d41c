import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PriceListImportProcessor } from '../imports/price-list-import.processor.js';
import { PacksModule } from '../packs/packs.module.js';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';
import { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { PriceListEntity, PriceListItemEntity } from './price-list.entity.js';
import { PriceListsController } from './price-lists.controller.js';
import { PriceListsRepository } from './price-lists.repository.js';
import { PriceListsService } from './price-lists.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([PriceListEntity, PriceListItemEntity, StockItemEntity]),
    PacksModule,
    BullModule.registerQueue({ name: QueueName.ImportPriceList }),
  ],
  controllers: [PriceListsController],
  providers: [PriceListsRepository, PriceListsService, StockItemsRepository, PriceListImportProcessor],
  exports: [PriceListsRepository],
})
export class PriceListsModule {}
