import type { ReceiptResultDto, SupplierInvoiceJobData } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { PriceHistoryEntity } from './price-history.entity.js';
import { ReceiptEntity } from './receipt.entity.js';

export interface NewReceipt {
  receiptId: string;
  invoiceNumber: string;
  invoiceDate: string;
  createdBy: string | null;
}

export type NewPriceHistory = Omit<PriceHistoryEntity, 'id' | 'recordedAt'>;

@Injectable()
export class ReceiptsRepository {
  /**
   * Records the receipt unless its receipt_id was seen: true when new. A concurrent call with
   * the same id waits here until the first commits (then false) or rolls back (then true).
   */
  async insertIfNew(receipt: NewReceipt, manager: EntityManager): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO inventory.receipts (receipt_id, invoice_number, invoice_date, created_by)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (receipt_id) DO NOTHING
       RETURNING id`,
      [receipt.receiptId, receipt.invoiceNumber, receipt.invoiceDate, receipt.createdBy],
    )) as Array<{ id: string }>;
    return rows.length > 0;
  }

  findByReceiptId(receiptId: string, manager: EntityManager): Promise<ReceiptEntity | null> {
    return manager.getRepository(ReceiptEntity).findOneBy({ receiptId });
  }

  async complete(
    receiptId: string,
    supplierId: string,
    result: Omit<ReceiptResultDto, 'repeated'>,
    billingJob: SupplierInvoiceJobData,
    manager: EntityManager,
  ): Promise<void> {
    await manager.getRepository(ReceiptEntity).update({ receiptId }, { supplierId, result, billingJob });
  }

  /** Items whose SKU is one of these, compared case-insensitively. */
  findItemsBySkus(skus: string[], manager: EntityManager): Promise<StockItemEntity[]> {
    if (skus.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(StockItemEntity)
      .createQueryBuilder('item')
      .where('lower(item.sku) IN (:...skus)', { skus: skus.map((sku) => sku.toLowerCase()) })
      .getMany();
  }

  async insertPriceHistory(rows: NewPriceHistory[], manager: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await manager.getRepository(PriceHistoryEntity).insert(rows);
  }
}
