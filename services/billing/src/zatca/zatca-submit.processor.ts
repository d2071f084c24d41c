import { QueueName, type JobEnvelope } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { ZatcaSubmitJobData } from './zatca-documents.service.js';
import { ZatcaSubmitter } from './zatca-submitter.js';

/** Works zatca-submit: every pending document up to the job's, in ICV order (zatca-submitter.ts). */
@Processor(QueueName.ZatcaSubmit)
export class ZatcaSubmitProcessor extends WorkerHost {
  constructor(private readonly submitter: ZatcaSubmitter) {
    super();
  }

  async process(job: Job<JobEnvelope<ZatcaSubmitJobData>>): Promise<void> {
    await this.submitter.submitThrough(job.data);
  }
}
