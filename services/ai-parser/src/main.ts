import 'reflect-metadata';
import { startService } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { AiParserConfig } from './ai-parser.config.js';
import { AiParserModule } from './ai-parser.module.js';

await startService(ServiceName.AiParser, AiParserConfig, (config) => AiParserModule.forRoot(config));
