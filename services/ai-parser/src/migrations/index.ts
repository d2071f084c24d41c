import { CreateClientPhrases1796100000000 } from './1796100000000-create-client-phrases.js';
import { WhatsappChannel1797000000000 } from './1797000000000-whatsapp-channel.js';

/** Migrations of the ai-parser schema, in order. Each feature adds its own; never edit a landed one. */
export const aiParserMigrations = [CreateClientPhrases1796100000000, WhatsappChannel1797000000000];
