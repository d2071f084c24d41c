import { Module } from '@nestjs/common';
import { StockItemsModule } from '../stock-items/stock-items.module.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The partner API's view of stock items. */
@Module({
  imports: [StockItemsModule],
  controllers: [ProductsController],
  providers: [ProductsService],
})
export class ProductsModule {}
