import type { ClientProxy } from '@nestjs/microservices';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';

/** Typed RPC client of the billing service. */
export class BillingClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Billing, proxy, timeoutMs);
  }
}
