import type { WebhookDeliveryDto, WebhookEndpointDto } from '@erp/contracts';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';

/** `whsec_` and the first 4 characters of the random part: tells secrets apart, signs nothing. */
const SHOWN_SECRET_CHARACTERS = 10;

export function maskSecret(secret: string): string {
  return `${secret.slice(0, SHOWN_SECRET_CHARACTERS)}${'•'.repeat(8)}`;
}

export function toWebhookEndpointDto(entity: WebhookEndpointEntity): WebhookEndpointDto {
  return {
    id: entity.id,
    url: entity.url,
    events: [...entity.events],
    maskedSecret: maskSecret(entity.secret),
    isActive: entity.isActive,
    createdAt: entity.createdAt.toISOString(),
  };
}

export function toWebhookDeliveryDto(entity: WebhookDeliveryEntity): WebhookDeliveryDto {
  return {
    id: entity.id,
    endpointId: entity.endpointId,
    eventId: entity.eventId,
    eventType: entity.eventType,
    status: entity.status,
    attempts: entity.attempts,
    lastStatus: entity.lastStatus,
    lastError: entity.lastError,
    lastAttemptAt: entity.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: entity.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: entity.deliveredAt?.toISOString() ?? null,
    createdAt: entity.createdAt.toISOString(),
    payload: entity.payload,
  };
}
