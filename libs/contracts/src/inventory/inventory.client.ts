import type { ClientProxy } from '@nestjs/microservices';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';

/** Typed RPC client of the inventory service. */
export class InventoryClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Inventory, proxy, timeoutMs);
  }
}
