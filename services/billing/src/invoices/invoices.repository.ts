import { likeContains } from '@erp/common';
import type { InvoiceType } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { InvoiceItemEntity } from './invoice-item.entity.js';
import { InvoiceEntity } from './invoice.entity.js';

export type NewInvoice = Omit<InvoiceEntity, 'id'>;
export type NewInvoiceItem = Omit<InvoiceItemEntity, 'id' | 'invoiceId' | 'lineNo'>;

export interface InvoicePageQuery {
  type?: InvoiceType;
  /** Inclusive issue dates, YYYY-MM-DD in the business time zone. */
  from?: string;
  to?: string;
  search?: string;
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

  findById(id: string): Promise<InvoiceEntity | null> {
    return this.invoices.findOneBy({ id });
  }

  findCustomerInvoiceOf(orderId: string, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return (manager ? manager.getRepository(InvoiceEntity) : this.invoices).findOneBy({ orderId, type: 'customer' });
  }

  findSupplierInvoiceOf(receiptId: string, manager?: EntityManager): Promise<InvoiceEntity | null> {
    return (manager ? manager.getRepository(InvoiceEntity) : this.invoices).findOneBy({
      receiptId,
      type: 'supplier',
    });
  }

  findItems(invoiceId: string): Promise<InvoiceItemEntity[]> {
    return this.items.find({ where: { invoiceId }, order: { lineNo: 'ASC' } });
  }

  async insert(invoice: NewInvoice, items: NewInvoiceItem[], manager: EntityManager): Promise<InvoiceEntity> {
    const repository = manager.getRepository(InvoiceEntity);
    const saved = await repository.save(repository.create(invoice));
    if (items.length > 0) {
      await manager
        .getRepository(InvoiceItemEntity)
        .insert(items.map((item, index) => ({ ...item, invoiceId: saved.id, lineNo: index + 1 })));
    }
    return saved;
  }

  async setPdfPath(id: string, pdfPath: string): Promise<void> {
    await this.invoices.update({ id }, { pdfPath });
  }

  /** Newest first; `search` matches the number, the client or supplier name, or the order number. */
  async findPage(query: InvoicePageQuery): Promise<{ items: InvoiceEntity[]; total: number | null }> {
    const matching = () => {
      const builder = this.invoices.createQueryBuilder('invoice');
      if (query.type) builder.andWhere('invoice.type = :type', { type: query.type });
      const day = `(invoice.issued_at AT TIME ZONE :zone)::date`;
      if (query.from) builder.andWhere(`${day} >= :from`, { from: query.from, zone: query.timeZone });
      if (query.to) builder.andWhere(`${day} <= :to`, { to: query.to, zone: query.timeZone });
      if (query.search) {
        builder.andWhere(
          `(invoice.invoice_number ILIKE :pattern OR invoice.client_name ILIKE :pattern
            OR invoice.supplier_name ILIKE :pattern OR invoice.order_number ILIKE :pattern)`,
          { pattern: likeContains(query.search) },
        );
      }
      return builder;
    };
    const page = matching()
      .orderBy('invoice.issuedAt', 'DESC')
      .addOrderBy('invoice.id', 'DESC')
      .limit(query.limit)
      .offset(query.offset);
    if (!query.withTotal) return { items: await page.getMany(), total: null };
    const [items, counted] = await Promise.all([
      page.getMany(),
      matching().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items, total: counted?.total ?? 0 };
  }
}
