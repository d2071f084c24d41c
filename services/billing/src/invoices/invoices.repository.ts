import { likeContains } from '@erp/common';
import type { InvoiceSortField, InvoiceType, PaymentStatus, SortOrder } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { InvoiceBalanceEntity } from './invoice-balance.entity.js';
import { InvoiceItemEntity } from './invoice-item.entity.js';
import { InvoiceEntity } from './invoice.entity.js';
import { isReceivable } from './invoice.mapper.js';

export type NewInvoice = Omit<InvoiceEntity, 'id' | 'balance'>;
export type NewInvoiceItem = Omit<InvoiceItemEntity, 'id' | 'invoiceId' | 'lineNo'>;

export interface InvoicePageQuery {
  type?: InvoiceType;
  /** Only these types (the partner API's customer invoices and credit notes). */
  types?: InvoiceType[];
  paymentStatus?: PaymentStatus;
  clientId?: string;
  orderId?: string;
  /** Inclusive issue dates, YYYY-MM-DD in the business time zone. */
  from?: string;
  to?: string;
  search?: string;
  sort: SortOrder<InvoiceSortField> | null;
  timeZone: string;
  limit: number;
  offset: number;
  withTotal: boolean;
}

@Injectable()
export class InvoicesRepository {
  constructor(
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectRepository(InvoiceItemEntity) private readonly items: Repository<InvoiceItemEntity>,
  ) {}

  /** The invoice with its settlement (customer invoices). */
  findById(id: string, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return this.withBalance(this.repository(manager).createQueryBuilder('invoice'))
      .where('invoice.id = :id', { id })
      .getOne();
  }

  /** The order's invoice of one commit cycle (CONTRACT §11). */
  findCustomerInvoiceOf(orderId: string, cycle: number, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return this.repository(manager).findOneBy({ orderId, commitCycle: cycle, type: 'customer' });
  }

  findSupplierInvoiceOf(receiptId: string, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return this.repository(manager).findOneBy({ receiptId, type: 'supplier' });
  }

  /** The credit note of a return, if it was issued. */
  findCreditNoteOfReturn(returnId: string, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return this.repository(manager).findOneBy({ returnId, type: 'credit_note' });
  }

  /** The credit notes issued against an invoice, oldest first. */
  findCreditNotesOf(invoiceId: string, manager?: EntityManager): Promise<InvoiceEntity[]> {
    return this.repository(manager).find({
      where: { originalInvoiceId: invoiceId, type: 'credit_note' },
      order: { issuedAt: 'ASC', invoiceNumber: 'ASC' },
    });
  }

  findItems(invoiceId: string, manager?: EntityManager): Promise<InvoiceItemEntity[]> {
    return this.itemRepository(manager).find({ where: { invoiceId }, order: { lineNo: 'ASC' } });
  }

  findItemsOf(invoiceIds: string[], manager?: EntityManager): Promise<InvoiceItemEntity[]> {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return this.itemRepository(manager)
      .createQueryBuilder('item')
      .where('item.invoiceId IN (:...invoiceIds)', { invoiceIds })
      .orderBy('item.invoiceId')
      .addOrderBy('item.lineNo')
      .getMany();
  }

  /**
   * Writes an issued document and its lines; a customer invoice or an opening balance starts its
   * settlement, unpaid, due on `dueDate`.
   */
  async insert(invoice: NewInvoice, items: NewInvoiceItem[], manager: EntityManager): Promise<InvoiceEntity> {
    const repository = manager.getRepository(InvoiceEntity);
    const saved = await repository.save(repository.create(invoice));
    if (items.length > 0) {
      await manager
        .getRepository(InvoiceItemEntity)
        .insert(items.map((item, index) => ({ ...item, invoiceId: saved.id, lineNo: index + 1 })));
    }
    if (isReceivable(saved)) {
      await manager.getRepository(InvoiceBalanceEntity).insert({
        invoiceId: saved.id,
        clientId: saved.clientId,
        totalAmount: saved.totalAmount,
        dueDate: saved.dueDate!,
      });
    }
    return saved;
  }

  /** The invoice's settlement, locked until the transaction ends: payments and credits wait their turn. */
  lockBalance(invoiceId: string, manager: EntityManager): Promise<InvoiceBalanceEntity | null> {
    return manager
      .getRepository(InvoiceBalanceEntity)
      .createQueryBuilder('balance')
      .setLock('pessimistic_write')
      .where('balance.invoiceId = :invoiceId', { invoiceId })
      .getOne();
  }

  /** Adds to what credit notes (`credited`) or payments (`paid`, negative to take one back) took off. */
  async addToBalance(
    invoiceId: string,
    change: { credited?: string; paid?: string },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE billing.invoice_balances
          SET credited_amount = credited_amount + $2, paid_amount = paid_amount + $3
        WHERE invoice_id = $1`,
      [invoiceId, change.credited ?? '0', change.paid ?? '0'],
    );
  }

  /**
   * Where the rendered file of the invoice as it was read (`issuedAt`) is kept. Only if the
   * invoice still says that: a file rendered from a row the demo company has since dated in its
   * history is not recorded, and the next download renders it again.
   */
  async setPdfPath(id: string, pdfPath: string, issuedAt: Date): Promise<void> {
    await this.invoices.update({ id, issuedAt }, { pdfPath });
  }

  /**
   * Newest first; `search` matches the number, the client or supplier name, the order number or
   * an opening balance's old number; `paymentStatus` narrows to receivables.
   */
  async findPage(query: InvoicePageQuery): Promise<{ items: InvoiceEntity[]; total: number | null }> {
    const matching = () => {
      const builder = this.withBalance(this.invoices.createQueryBuilder('invoice'));
      if (query.type) builder.andWhere('invoice.type = :type', { type: query.type });
      if (query.types) builder.andWhere('invoice.type IN (:...types)', { types: query.types });
      if (query.paymentStatus) builder.andWhere('balance.paymentStatus = :status', { status: query.paymentStatus });
      if (query.clientId) builder.andWhere('invoice.clientId = :clientId', { clientId: query.clientId });
      if (query.orderId) builder.andWhere('invoice.orderId = :orderId', { orderId: query.orderId });
      const day = `(invoice.issued_at AT TIME ZONE :zone)::date`;
      if (query.from) builder.andWhere(`${day} >= :from`, { from: query.from, zone: query.timeZone });
      if (query.to) builder.andWhere(`${day} <= :to`, { to: query.to, zone: query.timeZone });
      if (query.search) {
        builder.andWhere(
          `(invoice.invoice_number ILIKE :pattern OR invoice.client_name ILIKE :pattern
            OR invoice.supplier_name ILIKE :pattern OR invoice.order_number ILIKE :pattern
            OR invoice.reference ILIKE :pattern)`,
          { pattern: likeContains(query.search) },
        );
      }
      return builder;
    };
    const order = query.sort ?? { field: 'issuedAt', direction: 'desc' };
    const direction = order.direction === 'asc' ? 'ASC' : 'DESC';
    const page = matching()
      .orderBy(`invoice.${order.field}`, direction, direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST')
      .addOrderBy('invoice.id', direction)
      .limit(query.limit)
      .offset(query.offset);
    if (!query.withTotal) return { items: await page.getMany(), total: null };
    const [items, counted] = await Promise.all([
      page.getMany(),
      matching().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items, total: counted?.total ?? 0 };
  }

  private withBalance(builder: SelectQueryBuilder<InvoiceEntity>): SelectQueryBuilder<InvoiceEntity> {
    return builder.leftJoinAndMapOne(
      'invoice.balance',
      InvoiceBalanceEntity,
      'balance',
      'balance.invoiceId = invoice.id',
    );
  }

  private repository(manager?: EntityManager): Repository<InvoiceEntity> {
    return manager ? manager.getRepository(InvoiceEntity) : this.invoices;
  }

  private itemRepository(manager?: EntityManager): Repository<InvoiceItemEntity> {
    return manager ? manager.getRepository(InvoiceItemEntity) : this.items;
  }
}
