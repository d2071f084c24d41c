import {
  ApiKeyPermission,
  AppException,
  BillingClient,
  BillingErrorCode,
  ListV1InvoicesDto,
  v1InvoiceTypes,
  type Envelope,
  type InvoiceDto,
  type PaymentDto,
  type RpcMeta,
  type V1InvoiceDto,
  type V1InvoiceType,
  type V1PaymentDto,
} from '@erp/contracts';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequireApiKey } from '../auth/access.decorators.js';
import { pdfDownload } from '../common/file-reply.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { ok, page } from './envelope.js';

function isPartnerVisible(invoice: InvoiceDto): invoice is InvoiceDto & { type: V1InvoiceType } {
  return (v1InvoiceTypes as readonly string[]).includes(invoice.type);
}

function toV1Invoice(invoice: InvoiceDto & { type: V1InvoiceType }): V1InvoiceDto {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    type: invoice.type,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    subtotal: invoice.subtotal,
    taxRate: invoice.taxRate,
    taxAmount: invoice.taxAmount,
    totalAmount: invoice.totalAmount,
    currency: invoice.currency,
    issuedAt: invoice.issuedAt,
    originalInvoiceId: invoice.originalInvoiceId,
    originalInvoiceNumber: invoice.originalInvoiceNumber,
    reason: invoice.reason,
    paidAmount: invoice.paidAmount,
    creditedAmount: invoice.creditedAmount,
    balanceDue: invoice.balanceDue,
    paymentStatus: invoice.paymentStatus,
    dueDate: invoice.dueDate,
    overdue: invoice.overdue,
  };
}

/** Who recorded or deleted a payment are the company's users: not the partner's to see. */
function toV1Payment(payment: PaymentDto): V1PaymentDto {
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    invoiceNumber: payment.invoiceNumber,
    clientId: payment.clientId,
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    paidAt: payment.paidAt,
    createdAt: payment.createdAt,
    deletedAt: payment.deletedAt,
    deleteReason: payment.deleteReason,
  };
}

/**
 * Partner API: customer invoices and credit notes, their payments and PDFs (CONTRACT §7, §11),
 * read from billing. Supplier invoices are the company's own purchases: never listed here, and
 * their ids answer 404 as an unknown one does.
 */
@Controller('v1/invoices')
export class V1InvoicesController {
  constructor(private readonly billing: BillingClient) {}

  /** Newest first; counted only with withTotal=true (one row more than the limit says whether more follow). */
  @RequireApiKey(ApiKeyPermission.InvoicesRead)
  @Get()
  async list(@Query() query: ListV1InvoicesDto, @RequestMeta() meta: RpcMeta): Promise<Envelope<V1InvoiceDto[]>> {
    const result = await this.billing.listInvoices(
      {
        type: query.type,
        types: [...v1InvoiceTypes],
        paymentStatus: query.paymentStatus,
        clientId: query.clientId,
        orderId: query.orderId,
        from: query.from,
        to: query.to,
        search: query.search,
        limit: query.limit + 1,
        offset: query.offset,
        withTotal: query.withTotal === true,
      },
      meta,
    );
    const invoices = result.items.filter(isPartnerVisible).slice(0, query.limit);
    return page(invoices.map(toV1Invoice), result.items.length > query.limit, query.withTotal ? result.total : null);
  }

  @RequireApiKey(ApiKeyPermission.InvoicesRead)
  @Get(':id')
  async get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<Envelope<V1InvoiceDto>> {
    return ok(toV1Invoice(await this.visibleInvoice(id, meta)));
  }

  /** Every payment, by when the money came; deleted ones too, with deletedAt (they no longer count). */
  @RequireApiKey(ApiKeyPermission.InvoicesRead)
  @Get(':id/payments')
  async payments(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
  ): Promise<Envelope<V1PaymentDto[]>> {
    const [, payments] = await Promise.all([this.visibleInvoice(id, meta), this.billing.listPayments(id, meta)]);
    return page(payments.map(toV1Payment), false, null);
  }

  /** The bilingual PDF as a download (not the envelope): the same file the company prints. */
  @RequireApiKey(ApiKeyPermission.InvoicesRead)
  @Get(':id/pdf')
  async pdf(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    await this.visibleInvoice(id, meta);
    return pdfDownload(reply, await this.billing.getInvoicePdf(id, meta));
  }

  /** The invoice or credit note, or the 404 of an unknown id for anything else. */
  private async visibleInvoice(id: string, meta: RpcMeta): Promise<InvoiceDto & { type: V1InvoiceType }> {
    const invoice = await this.billing.getInvoice(id, meta);
    if (!isPartnerVisible(invoice)) {
      throw new AppException(BillingErrorCode.InvoiceNotFound, `Invoice not found: ${id}`, { id });
    }
    return invoice;
  }
}
