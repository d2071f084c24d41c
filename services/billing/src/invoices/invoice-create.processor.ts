import {
  JobName,
  QueueName,
  type CustomerInvoiceJobData,
  type JobEnvelope,
  type SupplierInvoiceJobData,
} from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { InvoicesService } from './invoices.service.js';

type InvoiceCreateJob =
  | Job<JobEnvelope<CustomerInvoiceJobData>, unknown, typeof JobName.CustomerInvoice>
  | Job<JobEnvelope<SupplierInvoiceJobData>, unknown, typeof JobName.SupplierInvoice>;

/** Works invoice-create: an order's first confirm and a goods receipt each become one invoice. */
@Processor(QueueName.InvoiceCreate)
export class InvoiceCreateProcessor extends WorkerHost {
  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async process(job: InvoiceCreateJob): Promise<{ invoiceNumber: string }> {
    const invoice =
      job.name === JobName.CustomerInvoice
        ? await this.invoices.forOrder((job.data as JobEnvelope<CustomerInvoiceJobData>).data.orderId, job.data.meta)
        : await this.invoices.forReceipt((job.data as JobEnvelope<SupplierInvoiceJobData>).data, job.data.meta);
    return { invoiceNumber: invoice.invoiceNumber };
  }
}
