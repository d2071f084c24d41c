import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PacksModule } from '../packs/packs.module.js';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';
import { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { PriceListEntity, PriceListItemEntity } from './price-list.entity.js';
import { PriceListsController } from './price-lists.controller.js';
import { PriceListsRepository } from './price-lists.repository.js';
import { PriceListsService } from './price-lists.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PriceListEntity, PriceListItemEntity, StockItemEntity]), PacksModule],
  controllers: [PriceListsController],
  providers: [PriceListsRepository, PriceListsService, StockItemsRepository],
  exports: [PriceListsRepository],
})
export class PriceListsModule {}
