import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import { BillingPatterns } from './billing.patterns.js';
import type { GeneratedInvoiceDto, InvoicePageDto, InvoicePdfDto, ListInvoicesDto } from './invoice.dto.js';

/** Typed RPC client of the billing service. */
export class BillingClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Billing, proxy, timeoutMs);
  }

  /** The order's one customer invoice, created now if it has none (CONTRACT §5). */
  generateInvoice(orderId: string, meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.send(BillingPatterns.GenerateInvoice, { orderId }, meta);
  }

  listInvoices(query: ListInvoicesDto, meta: RpcMeta): Promise<InvoicePageDto> {
    return this.send(BillingPatterns.ListInvoices, query, meta);
  }

  getInvoicePdf(id: string, meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.send(BillingPatterns.GetInvoicePdf, { id }, meta);
  }
}
