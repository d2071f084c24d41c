import { QueueName, type DeliverWebhookJobData, type JobEnvelope } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { WebhookDispatchService } from './webhook-dispatch.service.js';

/** Works webhook-deliver: one POST per job, several at once (they wait on receivers, not on CPU). */
@Processor(QueueName.WebhookDeliver, { concurrency: 8 })
export class WebhookDeliverProcessor extends WorkerHost {
  constructor(private readonly dispatch: WebhookDispatchService) {
    super();
  }

  process(job: Job<JobEnvelope<DeliverWebhookJobData>>): Promise<void> {
    // attemptsMade counts the attempts that failed before this one.
    return this.dispatch.deliver(job.data.data.deliveryId, job.attemptsMade + 1, job.opts.attempts ?? 1);
  }
}
