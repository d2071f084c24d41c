import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { AiParserConfig } from './ai-parser.config.js';
import { aiParserMigrations } from './migrations/index.js';

@Module({})
export class AiParserModule {
  static forRoot(config: AiParserConfig): DynamicModule {
    return {
      module: AiParserModule,
      imports: [
        ...serviceInfrastructure(ServiceName.AiParser, config, { entities: [], migrations: aiParserMigrations }),
      ],
      providers: [{ provide: AiParserConfig, useValue: config }],
    };
  }
}
