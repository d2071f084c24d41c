import {
  AiParserClient,
  BillingClient,
  IdentityClient,
  InventoryClient,
  OrdersClient,
  ServiceName,
  type ServiceClient,
} from '@erp/contracts';
import {
  Global,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import type { ServiceAddressesConfig } from '../config/base.config.js';
import { serviceAddress, type ServiceAddress } from '../config/service-address.js';

type ClientType = new (proxy: ClientProxy, timeoutMs?: number) => ServiceClient;

const clientTypes: Array<[ServiceName, ClientType]> = [
  [ServiceName.Identity, IdentityClient],
  [ServiceName.Orders, OrdersClient],
  [ServiceName.Inventory, InventoryClient],
  [ServiceName.Billing, BillingClient],
  [ServiceName.AiParser, AiParserClient],
];

/** Every service's client, for calls that go to all of them (readiness). */
export const ALL_SERVICE_CLIENTS = Symbol('ALL_SERVICE_CLIENTS');

/** Creates the TCP proxies and closes them when the app stops. */
@Injectable()
export class ClientProxyRegistry implements OnApplicationShutdown {
  private readonly proxies: ClientProxy[] = [];

  create(address: ServiceAddress): ClientProxy {
    const proxy = ClientProxyFactory.create({ transport: Transport.TCP, options: address });
    this.proxies.push(proxy);
    return proxy;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.proxies.splice(0).map((proxy) => proxy.close()));
  }
}

/**
 * TCP clients of other services, injectable by their typed class (IdentityClient, ...): the
 * gateway takes all of them (and ALL_SERVICE_CLIENTS for readiness), a service those it calls.
 */
@Global()
@Module({})
export class ServiceClientsModule {
  static forRoot(
    config: ServiceAddressesConfig,
    timeoutMs: number,
    services: readonly ServiceName[] = clientTypes.map(([service]) => service),
  ): DynamicModule {
    const chosen = clientTypes.filter(([service]) => services.includes(service));
    const typed: Provider[] = chosen.map(([service, type]) => ({
      provide: type,
      useFactory: (registry: ClientProxyRegistry) =>
        new type(registry.create(serviceAddress(config, service)), timeoutMs),
      inject: [ClientProxyRegistry],
    }));
    const all: Provider = {
      provide: ALL_SERVICE_CLIENTS,
      useFactory: (...clients: ServiceClient[]) => clients,
      inject: chosen.map(([, type]) => type),
    };
    return {
      module: ServiceClientsModule,
      providers: [ClientProxyRegistry, ...typed, all],
      exports: [...chosen.map(([, type]) => type), ALL_SERVICE_CLIENTS],
    };
  }
}
