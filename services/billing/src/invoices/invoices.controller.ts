import {
  BillingPatterns,
  GenerateInvoiceDto,
  InvoiceIdDto,
  ListInvoicesDto,
  type GeneratedInvoiceDto,
  type InvoicePageDto,
  type InvoicePdfDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvoicePdfsService } from './invoice-pdfs.service.js';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly pdfs: InvoicePdfsService,
  ) {}

  @MessagePattern(BillingPatterns.GenerateInvoice)
  generate(@Payload('data') dto: GenerateInvoiceDto, @Payload('meta') meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.invoices.generateForOrder(dto.orderId, meta);
  }

  @MessagePattern(BillingPatterns.ListInvoices)
  list(@Payload('data') dto: ListInvoicesDto): Promise<InvoicePageDto> {
    return this.invoices.list(dto);
  }

  @MessagePattern(BillingPatterns.GetInvoicePdf)
  pdf(@Payload('data') dto: InvoiceIdDto): Promise<InvoicePdfDto> {
    return this.pdfs.read(dto.id);
  }
}
