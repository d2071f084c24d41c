import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients/clients.module.js';
import { StockCatalog } from '../stock/stock-catalog.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderStatusService } from './order-status.service.js';
import { OrderStockRepairProcessor } from './order-stock-repair.processor.js';
import { OrderEntity } from './order.entity.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/** Orders, their items and status changes; works order-stock-repair, adds to invoice-create and webhook-events. */
@Module({
  imports: [
    TypeOrmModule.forFeature([OrderEntity, OrderItemEntity]),
    BullModule.registerQueue(
      { name: QueueName.OrderStockRepair },
      { name: QueueName.InvoiceCreate },
      { name: QueueName.WebhookEvents },
    ),
    ClientsModule,
  ],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService, OrderStatusService, OrderStockRepairProcessor, StockCatalog],
})
export class OrderBookModule {}
