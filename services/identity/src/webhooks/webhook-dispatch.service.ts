import {
  JobName,
  QueueName,
  webhookDeliveryJobId,
  WEBHOOK_PING_EVENT,
  type DeliverWebhookJobData,
  type JobEnvelope,
  type RpcMeta,
  type WebhookEvent,
} from '@erp/contracts';
import { Outbox } from '@erp/common';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { UsersRepository } from '../users/users.repository.js';
import { IdentityConfig } from '../identity.config.js';
import type { UserEntity } from '../users/user.entity.js';
import { mayReceive } from './webhook-access.js';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { postWebhook, type WebhookAttempt } from './webhook-sender.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';
import { WebhooksRepository, type DeliveryOutcome, type NewWebhookDelivery } from './webhooks.repository.js';

const DAY_MS = 24 * 3600 * 1000;
/** The log is pruned at most this often per process, by the fan-out that comes after. */
const PRUNE_EVERY_MS = 3600 * 1000;

/** The body of every attempt: the event with its keys in the documented order. */
export function deliveryBody(payload: WebhookEvent): string {
  return JSON.stringify({ id: payload.id, type: payload.type, createdAt: payload.createdAt, data: payload.data });
}

/**
 * Webhook events to deliveries, and deliveries to POSTs (docs/decisions/0010-webhooks.md): an
 * event becomes one delivery row per subscribed endpoint whose user may read it, each sent by
 * its own job with retries and exponential backoff; every attempt is written on the row.
 */
@Injectable()
export class WebhookDispatchService {
  private readonly logger = new Logger(WebhookDispatchService.name);
  private readonly policy: WebhookUrlPolicy;
  private lastPruned = 0;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly users: UsersRepository,
    private readonly config: IdentityConfig,
    private readonly outbox: Outbox,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.policy = { allowLoopbackHttp: config.WEBHOOK_ALLOW_HTTP };
  }

  get urlPolicy(): WebhookUrlPolicy {
    return this.policy;
  }

  /** The webhook-events job: one delivery per subscribed endpoint allowed to see it; repeats change nothing. */
  async fanOut(event: WebhookEvent, meta: RpcMeta): Promise<number> {
    if (event.type === WEBHOOK_PING_EVENT) return 0;
    const endpoints = await this.webhooks.findActiveSubscribedTo(event.type);
    const users = new Map<string, UserEntity | null>();
    let queued = 0;
    for (const endpoint of endpoints) {
      if (!users.has(endpoint.userId)) users.set(endpoint.userId, await this.users.findById(endpoint.userId));
      if (!mayReceive(users.get(endpoint.userId)!, event.type)) continue;
      const delivery = await this.createDelivery(
        { endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: event },
        meta,
      );
      if (delivery.status === 'pending') queued += 1;
    }
    await this.pruneNowAndThen();
    return queued;
  }

  /**
   * The delivery row of an event to an endpoint (created once) and, in the same transaction, its
   * job in the identity outbox while it is pending (docs/decisions/0018): a row is never left
   * without its job. A repeat finds the row and stages the job again under its jobId.
   */
  async createDelivery(values: NewWebhookDelivery, meta: RpcMeta): Promise<WebhookDeliveryEntity> {
    return this.dataSource.transaction(async (manager) => {
      const delivery = await this.webhooks.insertDeliveryIfNew(values, manager);
      if (delivery.status === 'pending') await this.enqueue(delivery, meta, manager);
      return delivery;
    });
  }

  /** Stages the delivery's job (nothing new while it waits in the outbox; a no-op for BullMQ after). */
  private async enqueue(delivery: WebhookDeliveryEntity, meta: RpcMeta, manager: EntityManager): Promise<void> {
    const job: JobEnvelope<DeliverWebhookJobData> = { meta, data: { deliveryId: delivery.id } };
    await this.outbox.stage(manager, {
      queue: QueueName.WebhookDeliver,
      name: JobName.DeliverWebhook,
      jobId: webhookDeliveryJobId(delivery.id),
      data: job,
      options: {
        attempts: this.config.WEBHOOK_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.WEBHOOK_BACKOFF_MS },
        // The delivery row is the record; failed jobs need not stay in Redis forever.
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    });
  }

  /**
   * One attempt (`attempt` of `attemptsAllowed`) of a delivery. Gone (endpoint deleted), already
   * delivered or given up: nothing to do. A failure is written on the row, then thrown so BullMQ
   * retries; an address that is refused, a paused endpoint or a user who may no longer read the
   * data is not retried.
   */
  async deliver(deliveryId: string, attempt: number, attemptsAllowed: number): Promise<void> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await this.webhooks.findEndpoint(delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.isActive) return this.giveUp(delivery, attempt, 'The endpoint is paused');
    if (!mayReceive(await this.users.findById(endpoint.userId), delivery.eventType)) {
      return this.giveUp(delivery, attempt, "The endpoint's owner may no longer read this data");
    }
    const result = await postWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      eventType: delivery.eventType,
      deliveryId: delivery.id,
      body: deliveryBody(delivery.payload),
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      policy: this.policy,
    });
    const last = result.permanent || attempt >= attemptsAllowed;
    await this.webhooks.recordOutcome(delivery.id, this.outcome(result, attempt, last));
    if (result.delivered) return;
    this.logger.warn({ deliveryId, endpointId: endpoint.id, attempt, status: result.status }, 'webhook not delivered');
    if (result.permanent) throw new UnrecoverableError(result.error ?? 'not deliverable');
    throw new Error(result.error ?? 'not delivered');
  }

  private outcome(result: WebhookAttempt, attempt: number, last: boolean): DeliveryOutcome {
    const now = new Date();
    if (result.delivered) {
      return {
        status: 'delivered',
        attempts: attempt,
        lastStatus: result.status,
        lastError: null,
        lastAttemptAt: now,
        nextAttemptAt: null,
        deliveredAt: now,
      };
    }
    // BullMQ's exponential backoff: the n-th retry waits 2^(n-1) × WEBHOOK_BACKOFF_MS.
    const wait = this.config.WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1);
    return {
      status: last ? 'failed' : 'pending',
      attempts: attempt,
      lastStatus: result.status,
      lastError: result.error,
      lastAttemptAt: now,
      nextAttemptAt: last ? null : new Date(now.getTime() + wait),
      deliveredAt: null,
    };
  }

  /** Not sent and not to be retried: the row says why. */
  private async giveUp(delivery: WebhookDeliveryEntity, attempt: number, reason: string): Promise<void> {
    await this.webhooks.recordOutcome(delivery.id, {
      status: 'failed',
      attempts: delivery.attempts,
      lastStatus: null,
      lastError: reason,
      lastAttemptAt: delivery.lastAttemptAt,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    this.logger.log({ deliveryId: delivery.id, attempt, reason }, 'webhook delivery dropped');
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruned < PRUNE_EVERY_MS) return;
    this.lastPruned = Date.now();
    const cutoff = new Date(Date.now() - this.config.WEBHOOK_LOG_RETENTION_DAYS * DAY_MS);
    const removed = await this.webhooks.removeDeliveriesBefore(cutoff);
    if (removed > 0) this.logger.log({ removed }, 'old webhook deliveries removed');
  }
}
