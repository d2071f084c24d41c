import { Outbox } from '@erp/common';
import {
  JobName,
  QueueName,
  webhookEventJobId,
  WebhookEventType,
  type JobEnvelope,
  type RpcMeta,
  type WebhookEvent,
  type WebhookEventDataMap,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

type BillingEventType =
  | typeof WebhookEventType.InvoicePaid
  | typeof WebhookEventType.CreditNoteIssued
  | typeof WebhookEventType.InvoiceCleared
  | typeof WebhookEventType.InvoiceRejected;

/**
 * Billing's webhook events (invoice.paid, credit_note.issued, invoice.cleared, invoice.rejected;
 * docs/api/webhooks.md): staged in the
 * billing outbox inside the transaction of the change (docs/decisions/0018-transactional-outbox.md),
 * so an event exists exactly when its change commits.
 */
@Injectable()
export class InvoiceEvents {
  constructor(private readonly outbox: Outbox) {}

  async announce<T extends BillingEventType>(
    type: T,
    data: WebhookEventDataMap[T],
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<void> {
    const event: WebhookEvent<T> = { id: randomUUID(), type, createdAt: new Date().toISOString(), data };
    const job: JobEnvelope<WebhookEvent> = { meta, data: event };
    await this.outbox.stage(manager, {
      queue: QueueName.WebhookEvents,
      name: JobName.WebhookEvent,
      jobId: webhookEventJobId(event.id),
      data: job,
    });
  }
}
