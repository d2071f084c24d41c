import { ServiceConfig } from '@erp/common';

/** Environment of the ai-parser service (see .env.example). */
export class AiParserConfig extends ServiceConfig {}
