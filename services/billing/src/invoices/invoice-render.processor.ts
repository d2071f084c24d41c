import { QueueName, type JobEnvelope, type RenderInvoiceJobData } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { InvoicePdfsService } from './invoice-pdfs.service.js';

/** Works invoice-render: writes an invoice's PDF soon after it is issued, so downloads are instant. */
@Processor(QueueName.InvoiceRender)
export class InvoiceRenderProcessor extends WorkerHost {
  constructor(private readonly pdfs: InvoicePdfsService) {
    super();
  }

  async process(job: Job<JobEnvelope<RenderInvoiceJobData>>): Promise<void> {
    await this.pdfs.renderById(job.data.data.invoiceId);
  }
}
