import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the ai-parser service: 'ai-parser.<verb-noun>'. Values are never renamed. */
export const AiParserPatterns = {
  Health: healthPattern(ServiceName.AiParser),
  /** A confirmed order's (client, phrase) → stock item pairs, remembered for the client's next order. */
  Remember: 'ai-parser.remember',
} as const;
