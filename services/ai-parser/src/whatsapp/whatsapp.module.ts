import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AiParserConfig } from '../ai-parser.config.js';
import { IntakeModule } from '../intake/intake.module.js';
import { ClientMemoryModule } from '../memory/client-memory.module.js';
import { GraphApi } from './graph-api.js';
import { InboxReaderService } from './inbox-reader.service.js';
import { InboxService } from './inbox.service.js';
import { WhatsappController } from './whatsapp.controller.js';
import { WhatsappProcessor } from './whatsapp.processor.js';
import { WhatsappReceiverService } from './whatsapp-receiver.service.js';
import { WhatsappRepository } from './whatsapp.repository.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';
import { WhatsappSweeper } from './whatsapp-sweeper.js';
import { SimulatorConnectionService } from './simulator-connection.js';

/** The WhatsApp channel and its Inbox (CONTRACT §15, docs/decisions/0024-whatsapp-channel.md). */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.Whatsapp }), IntakeModule, ClientMemoryModule],
  controllers: [WhatsappController],
  providers: [
    {
      provide: GraphApi,
      inject: [AiParserConfig],
      useFactory: (config: AiParserConfig) => new GraphApi(config.WHATSAPP_GRAPH_TIMEOUT_MS),
    },
    WhatsappRepository,
    WhatsappSettingsService,
    WhatsappReceiverService,
    InboxReaderService,
    InboxService,
    WhatsappProcessor,
    WhatsappSweeper,
    SimulatorConnectionService,
  ],
})
export class WhatsappModule {}
