import {
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { Trim } from '../common/transforms.js';
import { webhookEventTypes, type WebhookDeliveredType, type WebhookEventType } from './webhook-events.js';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints one user may register. */
export const WEBHOOK_MAX_ENDPOINTS_PER_USER = 10;
/** Deliveries GET /api/webhooks/{id}/deliveries answers, newest first. */
export const WEBHOOK_DELIVERIES_LIMIT = 50;

/** An endpoint as lists show it: the secret only masked. */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** `whsec_ab12••••••••`: enough to tell secrets apart, never enough to sign. */
  maskedSecret: string;
  isActive: boolean;
  createdAt: string;
}

/** The answer of POST /api/webhooks: the only time the full secret is shown. */
export interface CreatedWebhookEndpointDto extends WebhookEndpointDto {
  secret: string;
}

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One event sent (or being sent) to one endpoint: the delivery log. */
export interface WebhookDeliveryDto {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookDeliveredType;
  /** pending: not yet answered with 2xx and more attempts to come; failed: no more attempts. */
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status of the last attempt; null when it did not answer. */
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The body that is POSTed (the event). */
  payload: unknown;
}

/** POST /api/webhooks. */
export class CreateWebhookEndpointDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(WEBHOOK_URL_MAX_LENGTH)
  url: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(webhookEventTypes, { each: true })
  events: WebhookEventType[];
}

/** PATCH /api/webhooks/{id}: pause or resume. */
export class UpdateWebhookEndpointDto {
  @IsBoolean()
  isActive: boolean;
}

/** identity.update-webhook: the endpoint's id with the change. */
export class UpdateWebhookEndpointRequestDto extends UpdateWebhookEndpointDto {
  @IsUUID()
  id: string;
}

/** Fields of the refusals of an endpoint's URL (WEBHOOKS_URL_NOT_ALLOWED). */
export const webhookUrlProblems = ['invalid', 'scheme', 'credentials', 'host'] as const;
export type WebhookUrlProblem = (typeof webhookUrlProblems)[number];
