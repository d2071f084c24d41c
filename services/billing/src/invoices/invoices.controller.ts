import {
  BillingPatterns,
  CreditReturnDto,
  GenerateInvoiceDto,
  InvoiceIdDto,
  ListInvoicesRequestDto,
  OrderProformaDto,
  type GeneratedInvoiceDto,
  type InvoiceDto,
  type InvoicePageDto,
  type InvoicePdfDto,
  type ReturnCreditNoteDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreditNotesService } from './credit-notes.service.js';
import { InvoicePdfsService } from './invoice-pdfs.service.js';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly pdfs: InvoicePdfsService,
    private readonly creditNotes: CreditNotesService,
  ) {}

  @MessagePattern(BillingPatterns.GenerateInvoice)
  generate(@Payload('data') dto: GenerateInvoiceDto, @Payload('meta') meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    return this.invoices.generateForOrder(dto.orderId, meta);
  }

  @MessagePattern(BillingPatterns.ListInvoices)
  list(@Payload('data') dto: ListInvoicesRequestDto): Promise<InvoicePageDto> {
    return this.invoices.list(dto);
  }

  @MessagePattern(BillingPatterns.GetInvoice)
  get(@Payload('data') dto: InvoiceIdDto): Promise<InvoiceDto> {
    return this.invoices.getDto(dto.id);
  }

  @MessagePattern(BillingPatterns.GetInvoicePdf)
  pdf(@Payload('data') dto: InvoiceIdDto): Promise<InvoicePdfDto> {
    return this.pdfs.read(dto.id);
  }

  @MessagePattern(BillingPatterns.GetProformaPdf)
  proforma(@Payload('data') dto: OrderProformaDto, @Payload('meta') meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.pdfs.proforma(dto.orderId, meta);
  }

  @MessagePattern(BillingPatterns.CreditReturn)
  creditReturn(@Payload('data') dto: CreditReturnDto, @Payload('meta') meta: RpcMeta): Promise<ReturnCreditNoteDto> {
    return this.creditNotes.creditReturn(dto, meta);
  }
}
