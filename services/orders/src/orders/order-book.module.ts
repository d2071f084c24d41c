import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients/clients.module.js';
import { StockCatalog } from '../stock/stock-catalog.js';
import { CreditLimits } from './credit-limits.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderReturnsService } from './order-returns.service.js';
import { OrderStatusService } from './order-status.service.js';
import { OrderStockRepairProcessor } from './order-stock-repair.processor.js';
import { OrderEntity } from './order.entity.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders, their items and status changes; works order-stock-repair, and stages jobs of
 * invoice-create, order-stock-repair and webhook-events in the orders outbox (OrdersModule).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OrderEntity, OrderItemEntity]),
    BullModule.registerQueue({ name: QueueName.OrderStockRepair }),
    ClientsModule,
  ],
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    OrdersService,
    OrderStatusService,
    CreditLimits,
    OrderReturnsService,
    OrderStockRepairProcessor,
    StockCatalog,
  ],
})
export class OrderBookModule {}
