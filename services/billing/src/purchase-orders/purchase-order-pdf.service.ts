import { businessDate } from '@erp/common';
import { IdentityClient, type InvoicePdfDto, type PurchaseOrderDto, type RpcMeta } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { BillingConfig } from '../billing.config.js';
import { sellerOf } from '../invoices/invoices.service.js';
import { InvoiceRenderer } from '../pdf/invoice-renderer.js';
import { purchaseOrderHtml } from '../pdf/purchase-order-template.js';

/**
 * Prints inventory's purchase orders (docs/decisions/0023-purchase-orders.md): billing holds the
 * PDF renderer and prints every document of the company, with the seller as the settings say now.
 */
@Injectable()
export class PurchaseOrderPdfService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly renderer: InvoiceRenderer,
    private readonly config: BillingConfig,
  ) {}

  async render(order: PurchaseOrderDto, meta: RpcMeta): Promise<InvoicePdfDto> {
    const settings = await this.identity.getSettings(meta);
    const html = purchaseOrderHtml(order, {
      seller: sellerOf(settings),
      date: businessDate(this.config.BUSINESS_TIME_ZONE, new Date(order.createdAt)),
    });
    const pdf = await this.renderer.renderHtml(html);
    return { fileName: `${order.number}.pdf`, contentBase64: pdf.toString('base64') };
  }
}
