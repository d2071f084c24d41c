import { BillingClient, ListInvoicesDto, Permission, type InvoiceDto, type RpcMeta } from '@erp/contracts';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Invoices (SPEC §2 Invoices), kept by the billing service. */
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly billing: BillingClient) {}

  /** A bare array, newest first (CONTRACT §4b); X-Total-Count when a limit is asked. */
  @RequirePermission(Permission.InvoicesRead)
  @Get()
  async list(
    @Query() query: ListInvoicesDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvoiceDto[]> {
    const page = await this.billing.listInvoices(query, meta);
    if (page.total !== null) void reply.header('x-total-count', String(page.total));
    return page.items;
  }

  /** The invoice's PDF as a download (rendered first if it is missing). */
  @RequirePermission(Permission.InvoicesRead)
  @Get(':id/pdf')
  async pdf(
    @Param('id', ParseIdPipe) id: string,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.billing.getInvoicePdf(id, meta);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, no-store');
    return Buffer.from(file.contentBase64, 'base64');
  }
}
