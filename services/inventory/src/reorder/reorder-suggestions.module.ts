import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PacksModule } from '../packs/packs.module.js';
import { PurchaseOrdersModule } from '../purchase-orders/purchase-orders.module.js';
import { ReorderGenerateProcessor } from './reorder-generate.processor.js';
import { ReorderSuggestionEntity } from './reorder-suggestion.entity.js';
import { ReorderSuggestionsController } from './reorder-suggestions.controller.js';
import { ReorderSuggestionsRepository } from './reorder-suggestions.repository.js';
import { ReorderSuggestionsService } from './reorder-suggestions.service.js';

/** Reorder suggestions and the reorder-generate queue, which this service works. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ReorderSuggestionEntity]),
    BullModule.registerQueue({ name: QueueName.ReorderGenerate }),
    PacksModule,
    PurchaseOrdersModule,
  ],
  controllers: [ReorderSuggestionsController],
  providers: [ReorderSuggestionsRepository, ReorderSuggestionsService, ReorderGenerateProcessor],
})
export class ReorderSuggestionsModule {}
