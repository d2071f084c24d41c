import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import type {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
} from './webhook.dto.js';
import { WebhooksPatterns } from './webhooks.patterns.js';

/**
 * Typed RPC client of the identity service's webhook endpoints. Every call acts for the user in
 * `meta.userId`, on that user's own endpoints only.
 */
export class WebhooksClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Identity, proxy, timeoutMs);
  }

  list(meta: RpcMeta): Promise<WebhookEndpointDto[]> {
    return this.send(WebhooksPatterns.ListWebhooks, {}, meta);
  }

  create(dto: CreateWebhookEndpointDto, meta: RpcMeta): Promise<CreatedWebhookEndpointDto> {
    return this.send(WebhooksPatterns.CreateWebhook, dto, meta);
  }

  update(id: string, isActive: boolean, meta: RpcMeta): Promise<WebhookEndpointDto> {
    return this.send(WebhooksPatterns.UpdateWebhook, { id, isActive }, meta);
  }

  delete(id: string, meta: RpcMeta): Promise<void> {
    return this.send(WebhooksPatterns.DeleteWebhook, { id }, meta);
  }

  /** The endpoint's last deliveries, newest first. */
  deliveries(id: string, meta: RpcMeta): Promise<WebhookDeliveryDto[]> {
    return this.send(WebhooksPatterns.ListWebhookDeliveries, { id }, meta);
  }

  /** Queues a `ping` event to the endpoint and answers its delivery. */
  test(id: string, meta: RpcMeta): Promise<WebhookDeliveryDto> {
    return this.send(WebhooksPatterns.TestWebhook, { id }, meta);
  }
}
