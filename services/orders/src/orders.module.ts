import { OutboxModule, serviceInfrastructure, ServiceClientsModule } from '@erp/common';
import { QueueName, ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { ClientEntity } from './clients/client.entity.js';
import { ClientsModule } from './clients/clients.module.js';
import { ordersMigrations } from './migrations/index.js';
import { OrdersConfig } from './orders.config.js';
import { OrderItemEntity } from './orders/order-item.entity.js';
import { OrderEntity } from './orders/order.entity.js';
import { OrderBookModule } from './orders/order-book.module.js';

/** The orders service: clients, orders and their items; calls inventory, identity and billing. */
@Global()
@Module({})
export class OrdersModule {
  static forRoot(config: OrdersConfig): DynamicModule {
    return {
      module: OrdersModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Orders, config, {
          entities: [ClientEntity, OrderEntity, OrderItemEntity],
          migrations: ordersMigrations,
        }),
        OutboxModule.forService(config, [QueueName.InvoiceCreate, QueueName.OrderStockRepair, QueueName.WebhookEvents]),
        ServiceClientsModule.forRoot(config, config.ORDERS_CALL_TIMEOUT_MS, [
          ServiceName.Inventory,
          ServiceName.Identity,
          ServiceName.Billing,
        ]),
        ClientsModule,
        OrderBookModule,
        AnalyticsModule,
      ],
      providers: [{ provide: OrdersConfig, useValue: config }],
      exports: [OrdersConfig],
    };
  }
}
