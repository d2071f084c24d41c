import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import type { CreateDemoRequestDto, DemoRequestDto } from './demo-request.dto.js';
import { IdentityPatterns } from './identity.patterns.js';

/** Typed RPC client of the identity service. */
export class IdentityClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Identity, proxy, timeoutMs);
  }

  createDemoRequest(dto: CreateDemoRequestDto, meta: RpcMeta): Promise<DemoRequestDto> {
    return this.send(IdentityPatterns.CreateDemoRequest, dto, meta);
  }

  listDemoRequests(meta: RpcMeta): Promise<DemoRequestDto[]> {
    return this.send(IdentityPatterns.ListDemoRequests, {}, meta);
  }
}
