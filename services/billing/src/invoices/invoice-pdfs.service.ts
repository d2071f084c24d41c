import { sellerOfQr, withTax, writeFileAtomically } from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  IdentityClient,
  OrdersClient,
  type InvoicePdfDto,
  type NationalAddressDto,
  type RpcMeta,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { BillingConfig } from '../billing.config.js';
import type { InvoiceDocument } from '../pdf/invoice-document.js';
import { InvoiceRenderer } from '../pdf/invoice-renderer.js';
import { zatcaQrPayload } from '../pdf/zatca-qr.js';
import type { InvoiceItemEntity } from './invoice-item.entity.js';
import type { InvoiceEntity } from './invoice.entity.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService, sellerOf } from './invoices.service.js';
import { assertReleasable, ZatcaDocumentsService } from '../zatca/zatca-documents.service.js';

/** ZATCA's timestamp: ISO 8601 in UTC to the second, e.g. 2021-07-12T14:25:09Z. */
function zatcaTimestamp(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * Invoice PDFs: the document built from the stored invoice (never from today's settings), rendered
 * in warm Chromium pages, kept under <ERP_DATA_DIR>/invoices/<year>/<number>.pdf, and rendered
 * again when the file is missing.
 */
@Injectable()
export class InvoicePdfsService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly invoicesService: InvoicesService,
    private readonly renderer: InvoiceRenderer,
    private readonly config: BillingConfig,
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    private readonly zatca: ZatcaDocumentsService,
  ) {}

  /** The invoice's PDF, rendered first when it has none yet (or its file went missing). */
  async read(id: string): Promise<InvoicePdfDto> {
    const invoice = await this.invoicesService.get(id);
    if (invoice.type === 'supplier') {
      throw new AppException(BillingErrorCode.NoPdf, 'This invoice has no PDF: see its uploaded file', { id });
    }
    if (invoice.type === 'opening_balance' || invoice.type === 'write_off') {
      const what = invoice.type === 'opening_balance' ? 'An opening balance' : 'A write-off';
      throw new AppException(
        BillingErrorCode.NoPdf,
        `${what} is not a tax invoice and has no PDF: the client's statement shows it`,
        { id },
      );
    }
    assertReleasable(await this.zatca.qrOf(invoice.id), id);
    const content = (invoice.pdfPath && (await this.readStored(invoice.pdfPath))) || (await this.render(invoice));
    return { fileName: `${invoice.invoiceNumber}.pdf`, contentBase64: content.toString('base64') };
  }

  /** Renders and stores the PDF (the render worker's job; also the fallback of a download). */
  async render(invoice: InvoiceEntity): Promise<Buffer> {
    const [items, original, zatca] = await Promise.all([
      this.invoices.findItems(invoice.id),
      invoice.originalInvoiceId ? this.invoices.findById(invoice.originalInvoiceId) : Promise.resolve(null),
      this.zatca.qrOf(invoice.id),
    ]);
    const pdf = await this.renderer.render(this.documentOf(invoice, items, original, zatca));
    const relative = join('invoices', String(invoice.issuedAt.getUTCFullYear()), `${invoice.invoiceNumber}.pdf`);
    const target = join(this.dataDir(), relative);
    // The render job and a download may render the same invoice at once: each writes its own file aside.
    await writeFileAtomically(target, pdf);
    await this.invoices.setPdfPath(invoice.id, relative, invoice.issuedAt);
    return pdf;
  }

  /** The render job: nothing for a supplier invoice, an opening balance or a write-off, nor for a standard invoice ZATCA has not cleared yet. */
  async renderById(id: string): Promise<void> {
    const invoice = await this.invoicesService.get(id);
    if (invoice.type === 'supplier' || invoice.type === 'opening_balance' || invoice.type === 'write_off') return;
    const zatca = await this.zatca.qrOf(invoice.id);
    if (zatca && !zatca.releasable) return;
    await this.render(invoice);
  }

  /**
   * A proforma of the order as it is now, in any status (CONTRACT §11): its lines and amounts at
   * today's tax rate and seller, no number and no QR. Rendered each time, never kept.
   */
  async proforma(orderId: string, meta: RpcMeta): Promise<InvoicePdfDto> {
    const [order, items, settings] = await Promise.all([
      this.orders.getOrder(orderId, meta),
      this.orders.listOrderItems(orderId, meta),
      this.identity.getSettings(meta),
    ]);
    const amounts = withTax(order.totalAmount, settings.taxRate);
    const seller = sellerOf(settings);
    const pdf = await this.renderer.render({
      invoiceNumber: null,
      type: 'proforma',
      issuedAt: new Date().toISOString(),
      creditNote: null,
      orderNumber: order.orderNumber,
      currency: settings.currency,
      seller: { ...seller, logoPath: this.logoPath(seller.logoUrl) },
      buyer: { name: order.clientName, nameAr: null, vatNumber: null, address: null },
      items: items.map((item) => ({
        name: item.itemName,
        nameAr: item.itemNameAr,
        sku: item.sku,
        quantity: String(item.quantity),
        unit: item.unit,
        base:
          item.unitFactor !== 1 && item.baseUnit ? { quantity: String(item.baseQuantity), unit: item.baseUnit } : null,
        unitPrice: item.unitPrice,
        discountPercent: item.discountPercent === 0 ? null : String(item.discountPercent),
        total: item.totalPrice,
      })),
      subtotal: amounts.subtotal,
      taxRate: String(Number(amounts.taxRate)),
      taxAmount: amounts.taxAmount,
      total: amounts.total,
      qrPayload: null,
    });
    return { fileName: `proforma-${order.orderNumber}.pdf`, contentBase64: pdf.toString('base64') };
  }

  documentOf(
    invoice: InvoiceEntity,
    items: InvoiceItemEntity[],
    original: InvoiceEntity | null,
    zatca: { qr: string; kind: 'standard' | 'simplified' } | null = null,
  ): InvoiceDocument {
    if (invoice.type === 'opening_balance' || invoice.type === 'write_off') {
      throw new Error(`A ${invoice.type} has no PDF: ${invoice.id}`);
    }
    const seller = invoice.seller;
    const zatcaSeller = zatca ? sellerOfQr(zatca.qr) : null;
    return {
      invoiceNumber: invoice.invoiceNumber,
      type: invoice.type,
      issuedAt: invoice.issuedAt.toISOString(),
      creditNote:
        invoice.type === 'credit_note' && invoice.reason
          ? {
              originalNumber: invoice.originalInvoiceNumber ?? '',
              originalIssuedAt: (original?.issuedAt ?? invoice.issuedAt).toISOString(),
              reason: invoice.reason,
              reasonText: invoice.reasonText,
            }
          : null,
      orderNumber: invoice.orderNumber,
      currency: invoice.currency,
      seller: {
        name: seller.name,
        // A ZATCA document's seller is the one its QR (and XML) names: the PDF says the same.
        nameAr: zatcaSeller?.nameAr ?? seller.nameAr,
        vatNumber: zatcaSeller?.vatNumber ?? seller.vatNumber,
        address: seller.address,
        addressAr: seller.addressAr,
        logoPath: this.logoPath(seller.logoUrl),
      },
      buyer: {
        name: invoice.buyer?.name ?? invoice.clientName ?? invoice.supplierName ?? '',
        nameAr: invoice.buyer?.nameAr ?? null,
        vatNumber: invoice.buyer?.vatNumber ?? null,
        address: invoice.buyer?.nationalAddress ? addressLine(invoice.buyer.nationalAddress) : null,
      },
      items: items.map((item) => ({
        name: item.itemName,
        nameAr: item.itemNameAr,
        sku: item.sku,
        quantity: String(Number(item.quantity)),
        unit: item.unit,
        base:
          item.baseQuantity === null || item.baseUnit === null
            ? null
            : { quantity: String(Number(item.baseQuantity)), unit: item.baseUnit },
        unitPrice: item.unitPrice,
        discountPercent: Number(item.discountPercent) === 0 ? null : String(Number(item.discountPercent)),
        total: item.totalPrice,
      })),
      subtotal: invoice.subtotal,
      taxRate: String(Number(invoice.taxRate)),
      taxAmount: invoice.taxAmount,
      total: invoice.totalAmount,
      // Phase 2 once onboarded: the QR of the signed (or cleared) document, tags 1-9 (CONTRACT §12).
      // Before: phase 1; a company that has not entered its name or VAT number gets no QR.
      qrPayload:
        zatca?.qr ??
        ((seller.nameAr || seller.name) && seller.vatNumber
          ? zatcaQrPayload({
              sellerName: seller.nameAr || seller.name,
              vatNumber: seller.vatNumber,
              timestamp: zatcaTimestamp(invoice.issuedAt),
              total: invoice.totalAmount,
              vatAmount: invoice.taxAmount,
            })
          : null),
      zatcaKind: zatca?.kind ?? null,
    };
  }

  private dataDir(): string {
    return resolve(this.config.ERP_DATA_DIR);
  }

  /** The logo's file under <ERP_DATA_DIR>/uploads, or null (never a path outside it). */
  private logoPath(logoUrl: string | null): string | null {
    if (!logoUrl?.startsWith('/uploads/')) return null;
    const uploads = join(this.dataDir(), 'uploads');
    const path = resolve(uploads, `.${logoUrl.slice('/uploads'.length)}`);
    return path.startsWith(`${uploads}${sep}`) ? path : null;
  }

  private async readStored(relative: string): Promise<Buffer | null> {
    return readFile(join(this.dataDir(), relative)).catch(() => null);
  }
}

/** A Saudi national address on one line, as it is written: building, street, district, city, postal code. */
function addressLine(address: NationalAddressDto): string {
  const additional = address.additionalNumber ? ` - ${address.additionalNumber}` : '';
  return `${address.buildingNumber} ${address.street}, ${address.district}, ${address.city} ${address.postalCode}${additional}`;
}
