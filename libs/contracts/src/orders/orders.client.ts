import type { ClientProxy } from '@nestjs/microservices';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';

/** Typed RPC client of the orders service. */
export class OrdersClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Orders, proxy, timeoutMs);
  }
}
