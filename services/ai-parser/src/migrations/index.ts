import { CreateClientPhrases1796100000000 } from './1796100000000-create-client-phrases.js';

/** Migrations of the ai-parser schema, in order. Each feature adds its own; never edit a landed one. */
export const aiParserMigrations = [CreateClientPhrases1796100000000];
