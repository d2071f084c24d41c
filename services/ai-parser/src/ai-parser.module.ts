import { serviceInfrastructure, ServiceClientsModule } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AiParserConfig } from './ai-parser.config.js';
import { IntakeModule } from './intake/intake.module.js';
import { ClientPhraseEntity } from './memory/client-phrase.entity.js';
import { ClientMemoryModule } from './memory/client-memory.module.js';
import { aiParserMigrations } from './migrations/index.js';

/** The ai-parser service: works the ai-parse queue, keeps each client's wording; reads inventory and orders. */
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
        ]),
        ClientMemoryModule,
        IntakeModule,
      ],
      providers: [{ provide: AiParserConfig, useValue: config }],
      exports: [AiParserConfig],
    };
  }
}
