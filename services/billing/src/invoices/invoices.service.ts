import { businessDate } from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  IdentityClient,
  invoiceJobId,
  JobName,
  LIST_DEFAULT_LIMIT,
  OrdersClient,
  QueueName,
  type CompanySettingsDto,
  type GeneratedInvoiceDto,
  type InvoicePageDto,
  type JobEnvelope,
  type ListInvoicesDto,
  type RenderInvoiceJobData,
  type RpcMeta,
  type SupplierInvoiceJobData,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import type { InvoiceEntity, SellerSnapshot } from './invoice.entity.js';
import { pdfUrlOf, toInvoiceDto } from './invoice.mapper.js';
import { nextInvoiceNumber, type InvoiceSeries } from './invoice-numbers.js';
import { InvoicesRepository, type NewInvoice, type NewInvoiceItem } from './invoices.repository.js';
import { withTax } from './tax.js';

function sellerOf(settings: CompanySettingsDto): SellerSnapshot {
  return {
    name: settings.companyName,
    nameAr: settings.companyNameAr || null,
    vatNumber: settings.vatNumber || null,
    address: settings.address || null,
    addressAr: settings.addressAr || null,
    logoUrl: settings.logoUrl,
  };
}

/**
 * Invoices: one customer invoice per order and one supplier invoice per goods receipt, each
 * created exactly once whatever calls or events arrive (a per-order or per-receipt advisory
 * lock, a check, then the insert, under unique indexes), numbered without gaps, taxed at the
 * settings' rate, with the seller as it was at issue. PDFs are rendered by the render worker.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger(InvoicesService.name);

  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.InvoiceRender) private readonly renders: Queue<JobEnvelope<RenderInvoiceJobData>>,
  ) {}

  /** The order's customer invoice, created now if it has none (CONTRACT §5). */
  async generateForOrder(orderId: string, meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    const invoice = await this.forOrder(orderId, meta);
    return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, pdfUrl: pdfUrlOf(invoice)! };
  }

  async forOrder(orderId: string, meta: RpcMeta): Promise<InvoiceEntity> {
    const existing = await this.invoices.findCustomerInvoiceOf(orderId);
    if (existing) return existing;
    const [order, items, settings] = await Promise.all([
      this.orders.getOrder(orderId, meta),
      this.orders.listOrderItems(orderId, meta),
      this.identity.getSettings(meta),
    ]);
    const amounts = withTax(order.totalAmount, settings.taxRate);
    const lines: NewInvoiceItem[] = items.map((item) => ({
      stockItemId: item.stockItemId,
      sku: item.sku,
      itemName: item.itemName,
      itemNameAr: item.itemNameAr,
      quantity: String(item.quantity),
      unit: item.unit,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
    }));
    return this.createOnce(`invoice-order:${orderId}`, 'INV', meta, {
      find: (manager) => this.invoices.findCustomerInvoiceOf(orderId, manager),
      invoice: {
        type: 'customer',
        orderId,
        orderNumber: order.orderNumber,
        receiptId: null,
        clientId: order.clientId,
        clientName: order.clientName,
        supplierId: null,
        supplierName: null,
        supplierInvoiceNumber: null,
        subtotal: amounts.subtotal,
        taxRate: amounts.taxRate,
        taxAmount: amounts.taxAmount,
        totalAmount: amounts.total,
        currency: settings.currency,
        seller: sellerOf(settings),
        uploadedFileUrl: null,
      },
      items: lines,
    });
  }

  /** The supplier invoice of a goods receipt (the event inventory hands over), once per receipt. */
  async forReceipt(data: SupplierInvoiceJobData, meta: RpcMeta): Promise<InvoiceEntity> {
    const existing = await this.invoices.findSupplierInvoiceOf(data.receiptId);
    if (existing) return existing;
    const settings = await this.identity.getSettings(meta);
    const amounts = withTax(data.subtotal, settings.taxRate);
    return this.createOnce(`invoice-receipt:${data.receiptId}`, 'SUP', meta, {
      find: (manager) => this.invoices.findSupplierInvoiceOf(data.receiptId, manager),
      invoice: {
        type: 'supplier',
        orderId: null,
        orderNumber: null,
        receiptId: data.receiptId,
        clientId: null,
        clientName: null,
        supplierId: data.supplierId,
        supplierName: data.supplierName,
        supplierInvoiceNumber: data.invoiceNumber,
        subtotal: amounts.subtotal,
        taxRate: amounts.taxRate,
        taxAmount: amounts.taxAmount,
        totalAmount: amounts.total,
        currency: settings.currency,
        seller: sellerOf(settings),
        uploadedFileUrl: data.uploadedFileUrl ?? null,
      },
      items: data.lines.map((line) => ({
        stockItemId: line.stockItemId,
        sku: null,
        itemName: line.name,
        itemNameAr: line.nameAr,
        quantity: String(line.quantity),
        unit: line.unit,
        unitPrice: line.unitPrice,
        totalPrice: line.lineTotal,
      })),
    });
  }

  async list(query: ListInvoicesDto): Promise<InvoicePageDto> {
    const page = await this.invoices.findPage({
      type: query.type,
      from: query.from,
      to: query.to,
      search: query.search,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.limit !== undefined,
    });
    return { items: page.items.map(toInvoiceDto), total: page.total };
  }

  async get(id: string): Promise<InvoiceEntity> {
    const invoice = await this.invoices.findById(id);
    if (!invoice) {
      throw new AppException(BillingErrorCode.InvoiceNotFound, `Invoice not found: ${id}`, { id }, 404);
    }
    return invoice;
  }

  /**
   * Creates the invoice unless `find` finds it, under a transaction-scoped advisory lock on
   * `lockKey`: concurrent calls for one order (or receipt) wait, then find the first one's.
   * The number is taken last, so the series' counter is locked as briefly as possible.
   */
  private async createOnce(
    lockKey: string,
    series: InvoiceSeries,
    meta: RpcMeta,
    what: {
      find: (manager: EntityManager) => Promise<InvoiceEntity | null>;
      invoice: Omit<NewInvoice, 'invoiceNumber' | 'issuedAt' | 'createdBy' | 'pdfPath'>;
      items: NewInvoiceItem[];
    },
  ): Promise<InvoiceEntity> {
    const { invoice, isNew } = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [lockKey]);
      const earlier = await what.find(manager);
      if (earlier) return { invoice: earlier, isNew: false };
      const issuedAt = new Date();
      const year = Number(businessDate(this.config.BUSINESS_TIME_ZONE, issuedAt).slice(0, 4));
      const invoiceNumber = await nextInvoiceNumber(series, year, manager);
      const created = await this.invoices.insert(
        { ...what.invoice, invoiceNumber, issuedAt, createdBy: meta.userId ?? null, pdfPath: null },
        what.items,
        manager,
      );
      return { invoice: created, isNew: true };
    });
    if (isNew && invoice.type === 'customer') await this.queueRender(invoice, meta);
    return invoice;
  }

  /** The PDF is written by the render worker; a download before that renders it on the spot. */
  private async queueRender(invoice: InvoiceEntity, meta: RpcMeta): Promise<void> {
    await this.renders
      .add(JobName.RenderInvoice, { meta, data: { invoiceId: invoice.id } }, { jobId: invoiceJobId(invoice.id) })
      .catch((error: unknown) =>
        this.logger.warn(
          `Invoice ${invoice.invoiceNumber}: render not queued (${String(error)}); it renders on download`,
        ),
      );
  }
}
