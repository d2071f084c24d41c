import {
  JobName,
  QueueName,
  type CreditReturnDto,
  type CustomerInvoiceJobData,
  type JobEnvelope,
  type OrderCreditNoteJobData,
  type SupplierInvoiceJobData,
} from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { CreditNotesService } from './credit-notes.service.js';
import { InvoicesService } from './invoices.service.js';

type InvoiceCreateJob =
  | Job<JobEnvelope<CustomerInvoiceJobData>, unknown, typeof JobName.CustomerInvoice>
  | Job<JobEnvelope<SupplierInvoiceJobData>, unknown, typeof JobName.SupplierInvoice>
  | Job<JobEnvelope<OrderCreditNoteJobData>, unknown, typeof JobName.OrderCreditNote>
  | Job<JobEnvelope<CreditReturnDto>, unknown, typeof JobName.ReturnCreditNote>;

/**
 * Works invoice-create: each entry of an order into the committed states becomes one invoice,
 * each exit one credit note of what is left of it (CONTRACT §11), each return whose credit note
 * billing could not issue at once its credit note, each goods receipt one supplier
 * invoice. Answers the document's number, or null when there was nothing to issue.
 */
@Processor(QueueName.InvoiceCreate)
export class InvoiceCreateProcessor extends WorkerHost {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly creditNotes: CreditNotesService,
  ) {
    super();
  }

  async process(job: InvoiceCreateJob): Promise<{ invoiceNumber: string | null }> {
    const { meta } = job.data;
    let issued;
    switch (job.name) {
      case JobName.CustomerInvoice: {
        const { orderId, cycle } = (job.data as JobEnvelope<CustomerInvoiceJobData>).data;
        issued = await this.invoices.forOrder(orderId, cycle ?? 1, meta);
        break;
      }
      case JobName.OrderCreditNote:
        issued = await this.creditNotes.creditOrder((job.data as JobEnvelope<OrderCreditNoteJobData>).data, meta);
        break;
      case JobName.ReturnCreditNote: {
        const note = await this.creditNotes.creditReturn((job.data as JobEnvelope<CreditReturnDto>).data, meta);
        return { invoiceNumber: note.creditNoteNumber };
      }
      case JobName.SupplierInvoice:
        issued = await this.invoices.forReceipt((job.data as JobEnvelope<SupplierInvoiceJobData>).data, meta);
        break;
    }
    return { invoiceNumber: issued?.invoiceNumber ?? null };
  }
}
