import { QueueName, type JobEnvelope, type WebhookEvent } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { WebhookDispatchService } from './webhook-dispatch.service.js';

/** Works webhook-events: each event becomes a delivery per subscribed endpoint (jobs on webhook-deliver). */
@Processor(QueueName.WebhookEvents)
export class WebhookEventsProcessor extends WorkerHost {
  constructor(private readonly dispatch: WebhookDispatchService) {
    super();
  }

  process(job: Job<JobEnvelope<WebhookEvent>>): Promise<number> {
    return this.dispatch.fanOut(job.data.data, job.data.meta);
  }
}
