import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SupplierEntity } from '../suppliers/supplier.entity.js';
import { SuppliersRepository } from '../suppliers/suppliers.repository.js';
import { PurchaseOrdersController } from './purchase-orders.controller.js';
import { PurchaseOrdersRepository } from './purchase-orders.repository.js';
import { PurchaseOrdersService } from './purchase-orders.service.js';

/** Purchase orders to suppliers and the supplier list; reorder approvals make the orders. */
@Module({
  imports: [TypeOrmModule.forFeature([SupplierEntity])],
  controllers: [PurchaseOrdersController],
  providers: [PurchaseOrdersRepository, SuppliersRepository, PurchaseOrdersService],
  exports: [PurchaseOrdersService],
})
export class PurchaseOrdersModule {}
