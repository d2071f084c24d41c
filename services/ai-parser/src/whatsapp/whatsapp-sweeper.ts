import { JobName, QueueName, type RpcMeta } from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AiParserConfig } from '../ai-parser.config.js';
import { WhatsappRepository } from './whatsapp.repository.js';

/** A delivery or reply this old without its work done has lost its job (its first run is long over). */
const LOST_AFTER_MS = 30_000;

/**
 * Nothing kept is lost (CONTRACT §15, Redis restarted mid-delivery): at start and every
 * WHATSAPP_SWEEP_MS, deliveries not yet worked and replies not yet sent are queued again under
 * their own job ids (a job still there makes it a no-op; one that failed for good is replaced).
 */
@Injectable()
export class WhatsappSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WhatsappSweeper.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly repository: WhatsappRepository,
    @InjectQueue(QueueName.Whatsapp) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.WHATSAPP_SWEEP_MS);
    this.timer.unref();
    void this.sweep();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass; a failure (the database or Redis away) waits for the next. */
  async sweep(olderThanMs = LOST_AFTER_MS): Promise<number> {
    const meta: RpcMeta = { requestId: `whatsapp-sweep-${randomUUID()}` };
    try {
      const deliveries = await this.repository.unprocessedDeliveries(olderThanMs);
      const replies = await this.repository.queuedReplies(olderThanMs);
      for (const id of deliveries)
        await this.requeue(JobName.WhatsappDelivery, `delivery-${id}`, { deliveryId: id }, meta);
      for (const id of replies) await this.requeue(JobName.WhatsappReply, `reply-${id}`, { replyId: id }, meta);
      if (deliveries.length + replies.length > 0) {
        this.logger.log({ deliveries: deliveries.length, replies: replies.length }, 'whatsapp work queued again');
      }
      return deliveries.length + replies.length;
    } catch (error) {
      this.logger.warn({ err: error }, 'whatsapp sweep failed; next time');
      return 0;
    }
  }

  private async requeue(name: string, jobId: string, data: object, meta: RpcMeta): Promise<void> {
    const existing = await this.queue.getJob(jobId);
    if (existing && (await existing.isFailed())) await existing.remove();
    await this.queue.add(name, { meta, data }, { jobId });
  }
}
