import { serviceAddress } from '@erp/common';
import { ServiceName, WebhooksClient } from '@erp/contracts';
import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import type { GatewayConfig } from '../config/gateway.config.js';
import { WebhooksController } from './webhooks.controller.js';

const WEBHOOKS_PROXY = Symbol('WEBHOOKS_PROXY');

/** Closes the identity connection of the webhooks client when the app stops. */
@Injectable()
class WebhooksProxyCloser implements OnApplicationShutdown {
  constructor(@Inject(WEBHOOKS_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}

/** /api/webhooks: forwarded to the identity service, which owns webhook endpoints. */
@Module({})
export class WebhooksModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: WebhooksModule,
      controllers: [WebhooksController],
      providers: [
        {
          provide: WEBHOOKS_PROXY,
          useFactory: () =>
            ClientProxyFactory.create({
              transport: Transport.TCP,
              options: serviceAddress(config, ServiceName.Identity),
            }),
        },
        {
          provide: WebhooksClient,
          useFactory: (proxy: ClientProxy) => new WebhooksClient(proxy, config.RPC_TIMEOUT_MS),
          inject: [WEBHOOKS_PROXY],
        },
        WebhooksProxyCloser,
      ],
    };
  }
}
