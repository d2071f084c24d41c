import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service.js';
import { OpenAiEngine } from '../engines/openai-engine.js';
import { ClientMemoryModule } from '../memory/client-memory.module.js';
import { OfflineSpeechService } from '../speech/offline-speech.service.js';
import { AiParseProcessor } from './ai-parse.processor.js';
import { ClientLookupService } from './client-lookup.service.js';
import { ClientPricesService } from './client-prices.service.js';
import { DocumentIntakeService } from './document-intake.service.js';
import { OrderIntakeService } from './order-intake.service.js';

/** The ai-parse queue's worker and everything a job reads with. */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.AiParse }), ClientMemoryModule],
  providers: [
    CatalogService,
    ClientLookupService,
    ClientPricesService,
    OpenAiEngine,
    OfflineSpeechService,
    OrderIntakeService,
    DocumentIntakeService,
    AiParseProcessor,
  ],
  exports: [OrderIntakeService, DocumentIntakeService],
})
export class IntakeModule {}
