import type { ClientProxy } from '@nestjs/microservices';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';

/** Typed RPC client of the ai-parser service. */
export class AiParserClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.AiParser, proxy, timeoutMs);
  }
}
