import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the ai-parser service: 'ai-parser.<verb-noun>'. Values are never renamed. */
export const AiParserPatterns = {
  Health: healthPattern(ServiceName.AiParser),
} as const;
