import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import { AiParserPatterns } from './ai-parser.patterns.js';
import type { RememberPhrasesDto, RememberPhrasesResultDto } from './client-memory.dto.js';

/** Typed RPC client of the ai-parser service. Parsing itself goes through the `ai-parse` queue. */
export class AiParserClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.AiParser, proxy, timeoutMs);
  }

  /** Remembers a confirmed order's wording for its client (client memory, docs/decisions/0012). */
  remember(dto: RememberPhrasesDto, meta: RpcMeta): Promise<RememberPhrasesResultDto> {
    return this.send(AiParserPatterns.Remember, dto, meta);
  }
}
