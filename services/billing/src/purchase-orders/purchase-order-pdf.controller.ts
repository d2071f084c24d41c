import { BillingPatterns, type InvoicePdfDto, type PurchaseOrderPdfRequestDto, type RpcMeta } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PurchaseOrderPdfService } from './purchase-order-pdf.service.js';

@Controller()
export class PurchaseOrderPdfController {
  constructor(private readonly pdfs: PurchaseOrderPdfService) {}

  @MessagePattern(BillingPatterns.GetPurchaseOrderPdf)
  render(@Payload('data') dto: PurchaseOrderPdfRequestDto, @Payload('meta') meta: RpcMeta): Promise<InvoicePdfDto> {
    return this.pdfs.render(dto.purchaseOrder, meta);
  }
}
