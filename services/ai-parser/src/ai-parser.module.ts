import { serviceInfrastructure, ServiceClientsModule } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AiParserConfig } from './ai-parser.config.js';
import { IntakeModule } from './intake/intake.module.js';
import { ClientPhraseEntity } from './memory/client-phrase.entity.js';
import { ClientMemoryModule } from './memory/client-memory.module.js';
import { aiParserMigrations } from './migrations/index.js';
import { WhatsappModule } from './whatsapp/whatsapp.module.js';

/**
 * The ai-parser service: works the ai-parse queue, keeps each client's wording, runs the WhatsApp
 * channel and its Inbox; reads inventory, orders and the company settings.
 */
@Global()
@Module({})
export class AiParserModule {
  static forRoot(config: AiParserConfig): DynamicModule {
    return {
      module: AiParserModule,
      imports: [
        ...serviceInfrastructure(ServiceName.AiParser, config, {
          entities: [ClientPhraseEntity],
          migrations: aiParserMigrations,
        }),
        ServiceClientsModule.forRoot(config, config.AI_PARSER_CALL_TIMEOUT_MS, [
          ServiceName.Inventory,
          ServiceName.Orders,
          ServiceName.Identity,
        ]),
        ClientMemoryModule,
        IntakeModule,
        WhatsappModule,
      ],
      providers: [{ provide: AiParserConfig, useValue: config }],
      exports: [AiParserConfig],
    };
  }
}
