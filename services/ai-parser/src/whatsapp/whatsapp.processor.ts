import { JobName, QueueName, type JobEnvelope, type RpcMeta } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { GraphApi, GraphError } from './graph-api.js';
import { InboxReaderService, MediaNotYetFetched } from './inbox-reader.service.js';
import { readWebhook } from './webhook-payload.js';
import { WhatsappRepository } from './whatsapp.repository.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';

type WhatsappJob = Job<JobEnvelope<{ deliveryId?: string; replyId?: string }>>;

/** Whether this run is the job's last (BullMQ retries the others with backoff). */
const isLastTry = (job: Job): boolean => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Works the whatsapp queue: a kept delivery's messages become Inbox drafts (one per message id,
 * however often Meta delivers it) and its statuses move the replies'; a queued reply is sent.
 * Meta unreachable is tried again with backoff; on the last try the draft says what failed.
 */
@Processor(QueueName.Whatsapp, { concurrency: 2 })
export class WhatsappProcessor extends WorkerHost {
  private readonly logger = new Logger(WhatsappProcessor.name);

  constructor(
    private readonly repository: WhatsappRepository,
    private readonly settings: WhatsappSettingsService,
    private readonly reader: InboxReaderService,
    private readonly graph: GraphApi,
  ) {
    super();
  }

  async process(job: WhatsappJob): Promise<void> {
    const { meta, data } = job.data;
    if (job.name === JobName.WhatsappDelivery && data.deliveryId) return this.delivery(data.deliveryId, job, meta);
    if (job.name === JobName.WhatsappReply && data.replyId) return this.reply(data.replyId, job, meta);
    this.logger.warn({ jobId: job.id, name: job.name }, 'unknown whatsapp job ignored');
  }

  private async delivery(deliveryId: string, job: Job, meta: RpcMeta): Promise<void> {
    const delivery = await this.repository.delivery(deliveryId);
    if (!delivery || delivery.processed_at) return;
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.payload);
    } catch {
      this.logger.warn({ requestId: meta.requestId, deliveryId }, 'whatsapp delivery ignored: not JSON');
      await this.repository.deliveryProcessed(deliveryId, 'not JSON');
      return;
    }
    const content = readWebhook(payload);
    for (const status of content.statuses) {
      await this.repository.replyStatus(status.messageId, status.status, status.error);
    }
    const channel = content.messages.length > 0 ? await this.settings.channel() : null;
    for (const message of content.messages) {
      await this.repository.addDraft(deliveryId, message);
      const draft = await this.repository.draftToRead(message.messageId);
      if (!draft) continue; // read already, from an earlier delivery of the same message
      try {
        await this.repository.draftRead(draft.id, await this.reader.read(draft, channel, isLastTry(job), meta));
      } catch (error) {
        if (error instanceof MediaNotYetFetched) {
          this.logger.warn(
            { requestId: meta.requestId, draftId: draft.id, reason: error.message },
            'media not fetched yet',
          );
        }
        throw error;
      }
    }
    if (content.skipped.length > 0) {
      this.logger.log(
        { requestId: meta.requestId, deliveryId, skipped: content.skipped },
        'whatsapp delivery: parts ignored',
      );
    }
    await this.repository.deliveryProcessed(
      deliveryId,
      content.skipped.length ? content.skipped.join('; ').slice(0, 2000) : null,
    );
  }

  private async reply(replyId: string, job: Job, meta: RpcMeta): Promise<void> {
    const reply = await this.repository.reply(replyId);
    if (!reply || reply.status !== 'queued') return;
    const channel = await this.settings.channel();
    if (!channel) {
      await this.repository.replyFailed(replyId, 'WhatsApp is not connected');
      return;
    }
    try {
      const messageId = await this.graph.send(channel, { to: reply.recipient, ...reply.body });
      await this.repository.replySent(replyId, messageId);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.retryable && !isLastTry(job)) throw error;
      this.logger.warn({ requestId: meta.requestId, replyId, reason: error.message }, 'whatsapp reply failed');
      await this.repository.replyFailed(replyId, error.message);
    }
  }
}
