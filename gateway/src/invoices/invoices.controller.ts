import {
  BillingClient,
  DeletePaymentDto,
  ListInvoicesDto,
  Permission,
  RecordPaymentDto,
  WriteOffDto,
  type InvoiceDto,
  type InvoiceType,
  type InvoiceZatcaDto,
  type PaymentStatus,
  type PaymentDto,
  type RpcMeta,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly, RequirePermission } from '../auth/access.decorators.js';
import { pdfDownload } from '../common/file-reply.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import {
  ExportFormatParam,
  listAnswer,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
} from '../common/table-export.js';
import { idempotencyOf, userScope } from '../common/idempotency-key.js';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';

class InvoicesQuery extends ListInvoicesDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

const labels = {
  en: {
    type: {
      customer: 'Sales invoice',
      supplier: 'Supplier invoice',
      credit_note: 'Credit note',
      opening_balance: 'Balance brought forward',
      write_off: 'Write-off',
    },
    payment: { unpaid: 'Unpaid', partially_paid: 'Partly paid', paid: 'Paid', credited: 'Credited' },
    zatca: { pending: 'Pending', cleared: 'Cleared', reported: 'Reported', rejected: 'Rejected' },
  },
  ar: {
    type: {
      customer: 'فاتورة مبيعات',
      supplier: 'فاتورة مشتريات',
      credit_note: 'إشعار دائن',
      opening_balance: 'رصيد مُرحَّل',
      write_off: 'شطب رصيد',
    },
    payment: { unpaid: 'غير مدفوعة', partially_paid: 'مدفوعة جزئياً', paid: 'مدفوعة', credited: 'ملغاة بإشعار دائن' },
    zatca: { pending: 'قيد الإرسال', cleared: 'معتمدة', reported: 'تم الإبلاغ', rejected: 'مرفوضة' },
  },
} satisfies Record<
  ExportLanguage,
  {
    type: Record<InvoiceType, string>;
    payment: Record<PaymentStatus, string>;
    zatca: Record<InvoiceZatcaDto['status'], string>;
  }
>;

/** The columns of the invoices export: amounts with VAT as issued, and where each stands. */
function invoiceColumns(language: ExportLanguage): Array<ExportColumn<InvoiceDto>> {
  const words = labels[language];
  return [
    { header: { en: 'Invoice number', ar: 'رقم الفاتورة' }, value: (invoice) => invoice.invoiceNumber },
    { header: { en: 'Type', ar: 'النوع' }, value: (invoice) => words.type[invoice.type] },
    {
      header: { en: 'Client or supplier', ar: 'العميل أو المورد' },
      width: 28,
      value: (invoice) => invoice.clientName ?? invoice.supplierName,
    },
    { header: { en: 'Order', ar: 'الطلب' }, value: (invoice) => invoice.orderNumber },
    { header: { en: 'Issued', ar: 'تاريخ الإصدار' }, kind: 'date', value: (invoice) => invoice.issuedAt },
    { header: { en: 'Due', ar: 'تاريخ الاستحقاق' }, kind: 'date', value: (invoice) => invoice.dueDate },
    { header: { en: 'Subtotal', ar: 'المجموع قبل الضريبة' }, kind: 'money', value: (invoice) => invoice.subtotal },
    { header: { en: 'VAT', ar: 'ضريبة القيمة المضافة' }, kind: 'money', value: (invoice) => invoice.taxAmount },
    { header: { en: 'Total', ar: 'الإجمالي' }, kind: 'money', value: (invoice) => invoice.totalAmount },
    { header: { en: 'Paid', ar: 'المدفوع' }, kind: 'money', value: (invoice) => invoice.paidAmount },
    { header: { en: 'Balance due', ar: 'الرصيد المستحق' }, kind: 'money', value: (invoice) => invoice.balanceDue },
    {
      header: { en: 'Payment status', ar: 'حالة السداد' },
      value: (invoice) => (invoice.paymentStatus ? words.payment[invoice.paymentStatus] : null),
    },
    {
      header: { en: 'ZATCA', ar: 'الفوترة الإلكترونية' },
      value: (invoice) => (invoice.zatca ? words.zatca[invoice.zatca.status] : null),
    },
  ];
}

/** Invoices and credit notes (SPEC §2 Invoices, CONTRACT §11), kept by the billing service. */
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly billing: BillingClient,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * A bare array, newest first unless sorted (CONTRACT §4b, §13), narrowed by type, payment
   * status, client, order and issue days; X-Total-Count when a limit is asked; `format=csv|xlsx`
   * downloads every match.
   */
  @RequirePermission(Permission.InvoicesRead)
  @Get()
  async list(
    @Query() query: InvoicesQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvoiceDto[] | Buffer> {
    const request = {
      query,
      acceptLanguage,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      name: 'invoices',
      columns: invoiceColumns,
    };
    return listAnswer(reply, request, (list) => this.billing.listInvoices(list, meta));
  }

  /** The invoice's PDF as a download (rendered first if it is missing). */
  @RequirePermission(Permission.InvoicesRead)
  @Get(':id/pdf')
  async pdf(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return pdfDownload(reply, await this.billing.getInvoicePdf(id, meta));
  }

  /** The ZATCA XML of record (CONTRACT §12): the cleared document ZATCA returned, else the signed one. */
  @RequirePermission(Permission.InvoicesRead)
  @Get(':id/xml')
  async xml(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.billing.getInvoiceXml(id, meta);
    void reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, no-store');
    return file.xml;
  }

  /** One invoice or credit note, with its settlement (CONTRACT §11, §13). */
  @RequirePermission(Permission.InvoicesRead)
  @Get(':id')
  get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<InvoiceDto> {
    return this.billing.getInvoice(id, meta);
  }

  /**
   * A payment against a customer invoice: more than 0, at most its balance due (CONTRACT §11).
   * With an Idempotency-Key header, a retry of the same payment answers the first one.
   */
  @RequirePermission(Permission.InvoicesWrite)
  @Post(':id/payments')
  @HttpCode(201)
  recordPayment(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: RecordPaymentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<PaymentDto> {
    const idempotency = idempotencyOf(
      idempotencyKey,
      userScope(user),
      { invoiceId: id, body: request.body },
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    return this.billing.recordPayment(id, { ...dto, ...(idempotency ? { idempotency } : {}) }, meta);
  }

  /** Every payment of the invoice, oldest first; deleted ones too, with who deleted them and why. */
  @RequirePermission(Permission.InvoicesRead)
  @Get(':id/payments')
  payments(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<PaymentDto[]> {
    return this.billing.listPayments(id, meta);
  }

  /**
   * Writes (part of) what is left of a balance brought forward off the client's account (admins
   * and owners), with the reason: a write-off document (docs/decisions/0022).
   */
  @AdminOnly()
  @Post(':id/write-off')
  @HttpCode(201)
  writeOff(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: WriteOffDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<InvoiceDto> {
    return this.billing.writeOff(id, dto, meta);
  }

  /** Takes a payment back (admins and owners): it stays listed, marked deleted with the reason. */
  @AdminOnly()
  @Delete(':id/payments/:paymentId')
  deletePayment(
    @Param('id', ParseIdPipe) id: string,
    @Param('paymentId', ParseIdPipe) paymentId: string,
    @Body() dto: DeletePaymentDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<PaymentDto> {
    return this.billing.deletePayment(id, paymentId, dto.reason, meta);
  }
}
