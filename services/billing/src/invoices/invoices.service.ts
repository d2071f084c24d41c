import { addDays, businessDate, Outbox, withTax } from '@erp/common';
import {
  AppException,
  BillingErrorCode,
  IdentityClient,
  invoiceJobId,
  isCommitted,
  JobName,
  LIST_DEFAULT_LIMIT,
  OrdersClient,
  QueueName,
  sortOrderOf,
  type InvoiceSortField,
  type ClientDto,
  type CompanySettingsDto,
  type GeneratedInvoiceDto,
  type InvoiceDto,
  type InvoicePageDto,
  type JobEnvelope,
  type ListInvoicesRequestDto,
  type OrderItemDto,
  type RenderInvoiceJobData,
  type RpcMeta,
  type SupplierInvoiceJobData,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import type { BuyerSnapshot, InvoiceEntity, SellerSnapshot } from './invoice.entity.js';
import { pdfUrlOf, toInvoiceDto } from './invoice.mapper.js';
import { nextInvoiceNumber, type InvoiceSeries } from './invoice-numbers.js';
import { InvoicesRepository, type NewInvoice, type NewInvoiceItem } from './invoices.repository.js';
import { ZatcaDocumentsService } from '../zatca/zatca-documents.service.js';

export function sellerOf(settings: CompanySettingsDto): SellerSnapshot {
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
 * Invoices: one customer invoice per order and commit cycle and one supplier invoice per goods
 * receipt, each created exactly once whatever calls or events arrive (a per-order or per-receipt
 * advisory lock, a check, then the insert, under unique indexes), numbered without gaps, taxed at
 * the settings' rate, with the seller as it was at issue. PDFs are rendered by the render worker.
 * Credit notes are credit-notes.service.ts's.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly zatca: ZatcaDocumentsService,
  ) {}

  /** The committed order's invoice of its current commit cycle, created now if it has none (CONTRACT §11). */
  async generateForOrder(orderId: string, meta: RpcMeta): Promise<GeneratedInvoiceDto> {
    const invoice = await this.forOrder(orderId, undefined, meta);
    if (!invoice) throw new Error(`Order ${orderId}: committed, yet no invoice`); // forOrder creates it
    return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, pdfUrl: pdfUrlOf(invoice)! };
  }

  /**
   * The order's invoice of commit cycle `cycle` (the invoice-create job's), else of the cycle it is
   * in (generate-invoice: 409 when the order is not committed). Created once, under the order's
   * lock, from the order as it is: only while the order is still committed in that cycle, when
   * its lines cannot change. A job for a cycle the order has left creates nothing: that cycle
   * ended before its invoice was issued, so there is nothing to credit either.
   */
  async forOrder(orderId: string, cycle: number | undefined, meta: RpcMeta): Promise<InvoiceEntity | null> {
    if (cycle !== undefined) {
      const existing = await this.invoices.findCustomerInvoiceOf(orderId, cycle);
      if (existing) return existing;
    }
    const { invoice } = await this.dataSource.transaction(async (manager) => {
      await lockOrder(orderId, manager);
      const order = await this.orders.getOrder(orderId, meta);
      const committed = isCommitted(order.status);
      if (cycle === undefined && !committed) {
        throw new AppException(BillingErrorCode.OrderNotCommitted, 'Confirm the order first', {
          orderId,
          status: order.status,
        });
      }
      const wanted = cycle ?? order.commitCount;
      const earlier = await this.invoices.findCustomerInvoiceOf(orderId, wanted, manager);
      if (earlier) return { invoice: earlier };
      if (!committed || order.commitCount !== wanted) return { invoice: null };
      const [items, settings, client] = await Promise.all([
        this.orders.listOrderItems(orderId, meta),
        this.identity.getSettings(meta),
        order.clientId ? this.orders.getClient(order.clientId, meta) : Promise.resolve(null),
      ]);
      const amounts = withTax(order.totalAmount, settings.taxRate);
      const issuedAt = new Date();
      const issueDay = businessDate(this.config.BUSINESS_TIME_ZONE, issuedAt);
      const created = await this.issue(
        'INV',
        {
          type: 'customer',
          orderId,
          orderNumber: order.orderNumber,
          receiptId: null,
          clientId: order.clientId,
          clientName: order.clientName,
          buyer: buyerOf(order.clientName, client),
          supplierId: null,
          supplierName: null,
          supplierInvoiceNumber: null,
          reference: null,
          subtotal: amounts.subtotal,
          taxRate: amounts.taxRate,
          taxAmount: amounts.taxAmount,
          totalAmount: amounts.total,
          currency: settings.currency,
          seller: sellerOf(settings),
          uploadedFileUrl: null,
          commitCycle: wanted,
          originalInvoiceId: null,
          originalInvoiceNumber: null,
          reason: null,
          reasonText: null,
          returnId: null,
          dueDate: addDays(issueDay, client?.paymentTermsDays ?? 0),
        },
        items.map(invoiceLineOf),
        issuedAt,
        meta,
        manager,
      );
      await this.queueRender(created, meta, manager);
      return { invoice: created };
    });
    return invoice;
  }

  /** The supplier invoice of a goods receipt (the event inventory hands over), once per receipt. */
  async forReceipt(data: SupplierInvoiceJobData, meta: RpcMeta): Promise<InvoiceEntity> {
    const existing = await this.invoices.findSupplierInvoiceOf(data.receiptId);
    if (existing) return existing;
    const settings = await this.identity.getSettings(meta);
    const amounts = withTax(data.subtotal, settings.taxRate);
    const { invoice } = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `invoice-receipt:${data.receiptId}`,
      ]);
      const earlier = await this.invoices.findSupplierInvoiceOf(data.receiptId, manager);
      if (earlier) return { invoice: earlier };
      const created = await this.issue(
        'SUP',
        {
          type: 'supplier',
          orderId: null,
          orderNumber: null,
          receiptId: data.receiptId,
          clientId: null,
          clientName: null,
          buyer: null,
          supplierId: data.supplierId,
          supplierName: data.supplierName,
          supplierInvoiceNumber: data.invoiceNumber,
          reference: null,
          subtotal: amounts.subtotal,
          taxRate: amounts.taxRate,
          taxAmount: amounts.taxAmount,
          totalAmount: amounts.total,
          currency: settings.currency,
          seller: sellerOf(settings),
          uploadedFileUrl: data.uploadedFileUrl ?? null,
          commitCycle: null,
          originalInvoiceId: null,
          originalInvoiceNumber: null,
          reason: null,
          reasonText: null,
          returnId: null,
          dueDate: null,
        },
        data.lines.map((line) => ({
          stockItemId: line.stockItemId,
          sku: null,
          itemName: line.name,
          itemNameAr: line.nameAr,
          quantity: String(line.quantity),
          unit: line.unit,
          baseQuantity: null,
          baseUnit: null,
          unitPrice: line.unitPrice,
          discountPercent: '0.00',
          totalPrice: line.lineTotal,
          orderItemId: null,
          creditedLineNo: null,
        })),
        new Date(),
        meta,
        manager,
      );
      return { invoice: created };
    });
    return invoice;
  }

  async list(query: ListInvoicesRequestDto): Promise<InvoicePageDto> {
    const page = await this.invoices.findPage({
      type: query.type,
      types: query.types,
      paymentStatus: query.paymentStatus,
      clientId: query.clientId,
      orderId: query.orderId,
      from: query.from,
      to: query.to,
      search: query.search,
      sort: sortOrderOf<InvoiceSortField>(query.sort),
      timeZone: this.config.BUSINESS_TIME_ZONE,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.withTotal ?? query.limit !== undefined,
    });
    const today = this.today();
    const zatca = await this.zatca.blocksOf(page.items.map((invoice) => invoice.id));
    return {
      items: page.items.map((invoice) => toInvoiceDto(invoice, today, zatca.get(invoice.id) ?? null)),
      total: page.total,
    };
  }

  async getDto(id: string): Promise<InvoiceDto> {
    const invoice = await this.get(id);
    const zatca = await this.zatca.blocksOf([invoice.id]);
    return toInvoiceDto(invoice, this.today(), zatca.get(invoice.id) ?? null);
  }

  async get(id: string): Promise<InvoiceEntity> {
    const invoice = await this.invoices.findById(id);
    if (!invoice) {
      throw new AppException(BillingErrorCode.InvoiceNotFound, `Invoice not found: ${id}`, { id });
    }
    return invoice;
  }

  /** Today in the business time zone: what due dates are compared with. */
  today(): string {
    return businessDate(this.config.BUSINESS_TIME_ZONE);
  }

  /**
   * Issues a document in the caller's transaction (which holds the lock that makes it once):
   * numbered in its series and the issue year, without gaps, the number taken last so the
   * series' counter is locked as briefly as possible; once the seller is onboarded with ZATCA,
   * signed and chained in the same transaction (zatca-documents.service.ts).
   */
  async issue(
    series: InvoiceSeries,
    invoice: Omit<NewInvoice, 'invoiceNumber' | 'issuedAt' | 'createdBy' | 'pdfPath'>,
    items: NewInvoiceItem[],
    issuedAt: Date,
    meta: RpcMeta,
    manager: EntityManager,
  ): Promise<InvoiceEntity> {
    const year = Number(businessDate(this.config.BUSINESS_TIME_ZONE, issuedAt).slice(0, 4));
    const invoiceNumber = await nextInvoiceNumber(series, year, manager);
    const created = await this.invoices.insert(
      { ...invoice, invoiceNumber, issuedAt, createdBy: meta.userId ?? null, pdfPath: null },
      items,
      manager,
    );
    await this.zatca.stamp(created, items, meta, manager);
    return created;
  }

  /**
   * Stages the PDF's job in the new document's transaction (docs/decisions/0018); the render
   * worker writes it, and a download before that renders it on the spot.
   */
  async queueRender(invoice: InvoiceEntity, meta: RpcMeta, manager: EntityManager): Promise<void> {
    const job: JobEnvelope<RenderInvoiceJobData> = { meta, data: { invoiceId: invoice.id } };
    await this.outbox.stage(manager, {
      queue: QueueName.InvoiceRender,
      name: JobName.RenderInvoice,
      jobId: invoiceJobId(invoice.id),
      data: job,
    });
  }
}

/** Serializes everything billing writes for one order (its invoices, credit notes), to the transaction's end. */
export async function lockOrder(orderId: string, manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `invoice-order:${orderId.toLowerCase()}`,
  ]);
}

/** An invoice line copied from the order's line: in the unit sold, with the base units a pack stands for. */
/** The buyer as the invoice keeps it: the order's client name, with the client's Arabic name and tax details. */
function buyerOf(clientName: string, client: ClientDto | null): BuyerSnapshot {
  return {
    name: clientName,
    nameAr: client?.nameAr ?? null,
    vatNumber: client?.vatNumber ?? null,
    nationalAddress: client?.nationalAddress ?? null,
  };
}

function invoiceLineOf(item: OrderItemDto): NewInvoiceItem {
  const pack = item.unitFactor !== 1 && item.baseUnit;
  return {
    stockItemId: item.stockItemId,
    sku: item.sku,
    itemName: item.itemName,
    itemNameAr: item.itemNameAr,
    quantity: String(item.quantity),
    unit: item.unit,
    baseQuantity: pack ? String(item.baseQuantity) : null,
    baseUnit: pack ? item.baseUnit : null,
    unitPrice: item.unitPrice,
    discountPercent: item.discountPercent.toFixed(2),
    totalPrice: item.totalPrice,
    orderItemId: item.id,
    creditedLineNo: null,
  };
}
