import { ServiceName, serviceNames } from '@erp/contracts';
import { startTestService, TestEnvironment } from '@erp/testing';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AiParserConfig } from '../../services/ai-parser/src/ai-parser.config.js';
import { AiParserModule } from '../../services/ai-parser/src/ai-parser.module.js';
import { BillingConfig } from '../../services/billing/src/billing.config.js';
import { BillingModule } from '../../services/billing/src/billing.module.js';
import { IdentityConfig } from '../../services/identity/src/identity.config.js';
import { IdentityModule } from '../../services/identity/src/identity.module.js';
import { InventoryConfig } from '../../services/inventory/src/inventory.config.js';
import { InventoryModule } from '../../services/inventory/src/inventory.module.js';
import { OrdersConfig } from '../../services/orders/src/orders.config.js';
import { OrdersModule } from '../../services/orders/src/orders.module.js';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';

/** Starts one service of the stack in this test's environment. */
export function startService(environment: TestEnvironment, service: ServiceName): Promise<INestMicroservice> {
  switch (service) {
    case ServiceName.Identity:
      return startTestService(environment, service, IdentityConfig, (config) => IdentityModule.forRoot(config));
    case ServiceName.Orders:
      return startTestService(environment, service, OrdersConfig, (config) => OrdersModule.forRoot(config));
    case ServiceName.Inventory:
      return startTestService(environment, service, InventoryConfig, (config) => InventoryModule.forRoot(config));
    case ServiceName.Billing:
      return startTestService(environment, service, BillingConfig, (config) => BillingModule.forRoot(config));
    case ServiceName.AiParser:
      return startTestService(environment, service, AiParserConfig, (config) => AiParserModule.forRoot(config));
  }
}

/** The whole back end, started for real in one test file: five services and the gateway on HTTP. */
export class GatewayStack {
  private constructor(
    readonly environment: TestEnvironment,
    readonly services: Map<ServiceName, INestMicroservice>,
    readonly gateway: NestFastifyApplication,
    readonly baseUrl: string,
  ) {}

  /** `servicesEnv` changes the services' environment; `undefined` removes a variable (ERP_OWNER_PASSWORD). */
  static async start(
    gatewayEnv: Record<string, string> = {},
    servicesEnv: Record<string, string | undefined> = {},
  ): Promise<GatewayStack> {
    const environment = await TestEnvironment.create(serviceNames);
    for (const [name, value] of Object.entries(servicesEnv)) {
      if (value === undefined) delete environment.env[name];
      else environment.env[name] = value;
    }
    const services = new Map<ServiceName, INestMicroservice>();
    // One at a time: each creates its own schema in the shared test database.
    for (const service of serviceNames) services.set(service, await startService(environment, service));
    const gateway = await createGatewayApp(
      environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1', ...gatewayEnv }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    return new GatewayStack(environment, services, gateway, await gateway.getUrl());
  }

  fetch(path: string, init?: RequestInit): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, init);
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async stopService(service: ServiceName): Promise<void> {
    await this.services.get(service)?.close();
    this.services.delete(service);
  }

  async restartService(service: ServiceName): Promise<void> {
    this.services.set(service, await startService(this.environment, service));
  }

  async stop(): Promise<void> {
    await this.gateway.close();
    for (const app of this.services.values()) await app.close();
    await this.environment.cleanup();
  }
}
