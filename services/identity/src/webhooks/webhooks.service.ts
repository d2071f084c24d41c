import {
  AppException,
  ErrorCode,
  UserStatus,
  WEBHOOK_DELIVERIES_LIMIT,
  WEBHOOK_MAX_ENDPOINTS_PER_USER,
  WEBHOOK_PING_EVENT,
  webhookEventPermission,
  WebhooksErrorCode,
  type CreatedWebhookEndpointDto,
  type CreateWebhookEndpointDto,
  type RpcMeta,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEvent,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { mayReceive } from './webhook-access.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookDispatchService } from './webhook-dispatch.service.js';
import { checkEndpointUrl } from './webhook-url-policy.js';
import { toWebhookDeliveryDto, toWebhookEndpointDto } from './webhook.mapper.js';
import { WebhooksRepository } from './webhooks.repository.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * Webhook endpoints: every approved user manages their own, like API keys (CONTRACT §2). The
 * secret is `whsec_` + 32 random bytes in hex, shown in full only in the answer that created it.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly users: UsersRepository,
    private readonly dispatch: WebhookDispatchService,
  ) {}

  async list(actorId: string | undefined): Promise<WebhookEndpointDto[]> {
    const actor = await this.approvedUser(actorId);
    return (await this.webhooks.findEndpointsOfUser(actor.id)).map(toWebhookEndpointDto);
  }

  async create(dto: CreateWebhookEndpointDto, actorId: string | undefined): Promise<CreatedWebhookEndpointDto> {
    const actor = await this.approvedUser(actorId);
    const url = checkEndpointUrl(dto.url, this.dispatch.urlPolicy);
    const refused = dto.events.filter((event) => !mayReceive(actor, event));
    if (refused.length > 0) {
      const permissions = [...new Set(refused.map((event) => webhookEventPermission[event]))];
      throw new AppException(
        WebhooksErrorCode.EventNotPermitted,
        `You cannot subscribe to ${refused.join(', ')} without ${permissions.join(', ')}`,
        { events: refused, permissions },
      );
    }
    if ((await this.webhooks.countEndpointsOfUser(actor.id)) >= WEBHOOK_MAX_ENDPOINTS_PER_USER) {
      throw new AppException(
        WebhooksErrorCode.LimitReached,
        `You already have ${WEBHOOK_MAX_ENDPOINTS_PER_USER} webhook endpoints; delete one first`,
        { limit: WEBHOOK_MAX_ENDPOINTS_PER_USER },
      );
    }
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('hex')}`;
    const row = await this.webhooks.insertEndpoint({ userId: actor.id, url, events: [...dto.events], secret });
    return { ...toWebhookEndpointDto(row), secret };
  }

  /** Pauses or resumes an endpoint; a paused one gets no new deliveries and drops queued ones. */
  async setActive(id: string, isActive: boolean, actorId: string | undefined): Promise<WebhookEndpointDto> {
    const endpoint = await this.owned(id, actorId);
    await this.webhooks.setActive(endpoint.id, isActive);
    return toWebhookEndpointDto({ ...endpoint, isActive });
  }

  /** Deletes the endpoint and its log; queued deliveries find nothing to send. */
  async delete(id: string, actorId: string | undefined): Promise<void> {
    const endpoint = await this.owned(id, actorId);
    await this.webhooks.removeEndpoint(endpoint.id);
  }

  async deliveries(id: string, actorId: string | undefined): Promise<WebhookDeliveryDto[]> {
    const endpoint = await this.owned(id, actorId);
    return (await this.webhooks.findDeliveriesOfEndpoint(endpoint.id, WEBHOOK_DELIVERIES_LIMIT)).map(
      toWebhookDeliveryDto,
    );
  }

  /** Queues a `ping` event to the endpoint, signed and retried like any other. */
  async test(id: string, meta: RpcMeta): Promise<WebhookDeliveryDto> {
    const endpoint = await this.owned(id, meta.userId);
    if (!endpoint.isActive) {
      throw new AppException(WebhooksErrorCode.EndpointPaused, 'The endpoint is paused; resume it to send a test', {
        id,
      });
    }
    const event: WebhookEvent<typeof WEBHOOK_PING_EVENT> = {
      id: randomUUID(),
      type: WEBHOOK_PING_EVENT,
      createdAt: new Date().toISOString(),
      data: { endpointId: endpoint.id, message: 'Test event from Gulf ERP' },
    };
    const delivery = await this.dispatch.createDelivery(
      { endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: event },
      meta,
    );
    return toWebhookDeliveryDto(delivery);
  }

  private async owned(id: string, actorId: string | undefined): Promise<WebhookEndpointEntity> {
    const actor = await this.approvedUser(actorId);
    const endpoint = await this.webhooks.findOwnedEndpoint(id, actor.id);
    if (!endpoint) throw new AppException(WebhooksErrorCode.NotFound, 'Webhook endpoint not found', { id });
    return endpoint;
  }

  private async approvedUser(actorId: string | undefined): Promise<UserEntity> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    if (!actor || actor.status !== UserStatus.Approved) {
      throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    }
    return actor;
  }
}
