import { Module } from '@nestjs/common';
import { BatchesModule } from '../batches/batches.module.js';
import { PacksModule } from '../packs/packs.module.js';
import { StockItemsModule } from '../stock-items/stock-items.module.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The partner API's view of stock items. */
@Module({
  imports: [StockItemsModule, BatchesModule, PacksModule],
  controllers: [ProductsController],
  providers: [ProductsService],
})
export class ProductsModule {}
