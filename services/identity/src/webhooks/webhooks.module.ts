import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module.js';
import { WebhookDeliverProcessor } from './webhook-deliver.processor.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookDispatchService } from './webhook-dispatch.service.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEventsProcessor } from './webhook-events.processor.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** Users' webhook endpoints; works webhook-events (from orders and inventory) and webhook-deliver. */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity]),
    BullModule.registerQueue({ name: QueueName.WebhookEvents }, { name: QueueName.WebhookDeliver }),
    UsersModule,
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookDispatchService,
    WebhookEventsProcessor,
    WebhookDeliverProcessor,
  ],
})
export class WebhooksModule {}
