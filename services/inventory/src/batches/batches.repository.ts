import { readEntities } from '@erp/common';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { StockBatchEntity } from './stock-batch.entity.js';

export type NewBatch = Omit<StockBatchEntity, 'id' | 'createdAt'>;

/** A batch on the Expiring Items card, with its item's name and unit. */
export interface ExpiringBatchRow {
  id: string;
  stock_item_id: string;
  name: string;
  name_ar: string | null;
  batch_number: string | null;
  quantity: string;
  unit: string;
  selling_price: string;
  expiry_date: string;
  days_until_expiry: number;
}

/**
 * Batches change only while their item's row is locked (StockItemsRepository.lockByIds), so
 * an item's quantity and its batches always agree.
 */
@Injectable()
export class BatchesRepository {
  constructor(@InjectRepository(StockBatchEntity) private readonly rows: Repository<StockBatchEntity>) {}

  insert(batch: NewBatch, manager: EntityManager): Promise<StockBatchEntity> {
    const repository = manager.getRepository(StockBatchEntity);
    return repository.save(repository.create(batch));
  }

  /** New batches in one statement, each with its id. */
  async insertMany(batches: readonly NewBatch[], manager: EntityManager): Promise<StockBatchEntity[]> {
    if (batches.length === 0) return [];
    const repository = manager.getRepository(StockBatchEntity);
    const entities = batches.map((batch) => repository.create(batch));
    await repository.insert(entities);
    return entities;
  }

  /** The batches of these items that hold stock, earliest expiry first. */
  findStockedOf(stockItemIds: string[], manager: EntityManager): Promise<StockBatchEntity[]> {
    if (stockItemIds.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(StockBatchEntity)
      .createQueryBuilder('batch')
      .where('batch.stockItemId IN (:...stockItemIds)', { stockItemIds })
      .andWhere('batch.quantity > 0')
      .orderBy('batch.stockItemId')
      .addOrderBy('batch.expiryDate', 'ASC', 'NULLS LAST')
      .addOrderBy('batch.createdAt')
      .addOrderBy('batch.id')
      .getMany();
  }

  async setQuantity(id: string, quantity: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(StockBatchEntity).update({ id }, { quantity });
  }

  /** Adds to a batch (a put-back); false when the batch no longer exists. */
  async addQuantity(id: string, quantity: string, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .getRepository(StockBatchEntity)
      .createQueryBuilder()
      .update()
      .set({ quantity: () => 'quantity + :added' })
      .setParameter('added', quantity)
      .where('id = :id', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Per item, its batch that holds stock and expires first (expired ones included). */
  async findFirstToExpire(stockItemIds: string[]): Promise<Map<string, StockBatchEntity>> {
    if (stockItemIds.length === 0) return new Map();
    const batches = await readEntities(
      this.rows
        .createQueryBuilder('batch')
        .distinctOn(['batch.stockItemId'])
        .where('batch.stockItemId IN (:...stockItemIds)', { stockItemIds })
        .andWhere('batch.quantity > 0')
        .orderBy('batch.stockItemId')
        .addOrderBy('batch.expiryDate', 'ASC', 'NULLS LAST')
        .addOrderBy('batch.createdAt')
        .addOrderBy('batch.id'),
    );
    return new Map(batches.map((batch) => [batch.stockItemId, batch]));
  }

  /** Batches that hold stock and expire on or before `until` (already expired ones too), by expiry. */
  findExpiring(today: string, until: string): Promise<ExpiringBatchRow[]> {
    return this.rows.query(
      `SELECT b.id, b.stock_item_id, i.name, i.name_ar, b.batch_number, b.quantity, i.unit, i.selling_price,
              b.expiry_date::text AS expiry_date, (b.expiry_date - $1::date) AS days_until_expiry
         FROM inventory.stock_batches b
         JOIN inventory.stock_items i ON i.id = b.stock_item_id
        WHERE b.quantity > 0 AND b.expiry_date IS NOT NULL AND b.expiry_date <= $2::date
        ORDER BY b.expiry_date, lower(i.name), b.id`,
      [today, until],
    );
  }
}
