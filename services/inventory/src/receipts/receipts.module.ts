import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BatchesModule } from '../batches/batches.module.js';
import { PacksModule } from '../packs/packs.module.js';
import { StockItemsModule } from '../stock-items/stock-items.module.js';
import { SupplierEntity } from '../suppliers/supplier.entity.js';
import { SuppliersRepository } from '../suppliers/suppliers.repository.js';
import { PriceHistoryEntity } from './price-history.entity.js';
import { ReceiptEntity } from './receipt.entity.js';
import { ReceiptsController } from './receipts.controller.js';
import { ReceiptsRepository } from './receipts.repository.js';
import { ReceiptsService } from './receipts.service.js';

/** Goods receipts; billing works the invoice-create jobs they stage in the inventory outbox. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ReceiptEntity, PriceHistoryEntity, SupplierEntity]),
    StockItemsModule,
    BatchesModule,
    PacksModule,
  ],
  controllers: [ReceiptsController],
  providers: [ReceiptsRepository, SuppliersRepository, ReceiptsService],
})
export class ReceiptsModule {}
