import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { PriceListEntity, PriceListItemEntity } from './price-list.entity.js';

/** A price of a list with its item's names, as the list's page shows it. */
export interface PricedItemRow {
  stock_item_id: string;
  sku: string;
  name: string;
  name_ar: string | null;
  unit: string;
  price: string;
}

@Injectable()
export class PriceListsRepository {
  constructor(
    @InjectRepository(PriceListEntity) private readonly lists: Repository<PriceListEntity>,
    @InjectRepository(PriceListItemEntity) private readonly prices: Repository<PriceListItemEntity>,
  ) {}

  /** Every list by name, with how many prices each holds. */
  async findAll(): Promise<Array<{ list: PriceListEntity; itemCount: number }>> {
    const lists = await this.lists.createQueryBuilder('list').orderBy('lower(list.name)').getMany();
    const counts = await this.countItems(lists.map((list) => list.id));
    return lists.map((list) => ({ list, itemCount: counts.get(list.id) ?? 0 }));
  }

  findById(id: string, manager?: EntityManager): Promise<PriceListEntity | null> {
    return (manager ? manager.getRepository(PriceListEntity) : this.lists).findOneBy({ id });
  }

  async countItems(listIds: string[]): Promise<Map<string, number>> {
    if (listIds.length === 0) return new Map();
    const rows = await this.prices
      .createQueryBuilder('price')
      .select('price.price_list_id', 'id')
      .addSelect('count(*)::int', 'count')
      .where('price.price_list_id IN (:...listIds)', { listIds })
      .groupBy('price.price_list_id')
      .getRawMany<{ id: string; count: number }>();
    return new Map(rows.map((row) => [row.id, row.count]));
  }

  /** A list's prices with their items' names, by item name then unit. */
  findPricedItems(listId: string): Promise<PricedItemRow[]> {
    return this.prices.query(
      `SELECT p.stock_item_id, i.sku, i.name, i.name_ar, p.unit, p.price::text AS price
         FROM inventory.price_list_items p JOIN inventory.stock_items i ON i.id = p.stock_item_id
        WHERE p.price_list_id = $1
        ORDER BY lower(i.name), i.id, p.unit`,
      [listId],
    ) as Promise<PricedItemRow[]>;
  }

  /** What the list says for these items. */
  findPrices(listId: string, itemIds: string[]): Promise<PriceListItemEntity[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.prices
      .createQueryBuilder('price')
      .where('price.price_list_id = :listId', { listId })
      .andWhere('price.stock_item_id IN (:...itemIds)', { itemIds })
      .getMany();
  }

  insert(name: string, manager: EntityManager): Promise<PriceListEntity> {
    const repository = manager.getRepository(PriceListEntity);
    return repository.save(repository.create({ name }));
  }

  save(list: PriceListEntity, manager: EntityManager): Promise<PriceListEntity> {
    return manager.getRepository(PriceListEntity).save(list);
  }

  /** The list's prices become exactly these. */
  async replacePrices(
    listId: string,
    prices: Omit<PriceListItemEntity, 'priceListId'>[],
    manager: EntityManager,
  ): Promise<void> {
    const repository = manager.getRepository(PriceListItemEntity);
    await repository.delete({ priceListId: listId });
    // In chunks: one INSERT of 20,000 rows would pass PostgreSQL's limit of 65,535 parameters.
    for (let start = 0; start < prices.length; start += 5000) {
      await repository.insert(prices.slice(start, start + 5000).map((price) => ({ ...price, priceListId: listId })));
    }
  }

  /** The lists of these names (case aside), by their lower-case name. */
  async findByNames(names: string[], manager: EntityManager): Promise<Map<string, PriceListEntity>> {
    if (names.length === 0) return new Map();
    const lists = await manager
      .getRepository(PriceListEntity)
      .createQueryBuilder('list')
      .where('lower(list.name) IN (:...names)', { names: names.map((name) => name.toLowerCase()) })
      .getMany();
    return new Map(lists.map((list) => [list.name.toLowerCase(), list]));
  }

  /** Which of these (list, item, unit) prices exist already, as `list item unit` keys. */
  async existingPrices(
    prices: ReadonlyArray<Omit<PriceListItemEntity, 'price'>>,
    manager: EntityManager,
  ): Promise<Set<string>> {
    if (prices.length === 0) return new Set();
    const rows = (await manager.query(
      `SELECT p.price_list_id, p.stock_item_id, p.unit
         FROM inventory.price_list_items p
         JOIN unnest($1::uuid[], $2::uuid[], $3::text[]) AS wanted (list_id, item_id, unit)
           ON p.price_list_id = wanted.list_id AND p.stock_item_id = wanted.item_id AND p.unit = wanted.unit`,
      [
        prices.map((price) => price.priceListId),
        prices.map((price) => price.stockItemId),
        prices.map((price) => price.unit),
      ],
    )) as Array<{ price_list_id: string; stock_item_id: string; unit: string }>;
    return new Set(rows.map((row) => `${row.price_list_id} ${row.stock_item_id} ${row.unit}`));
  }

  /** Sets these prices, adding the ones a list lacks and changing the ones it has; the lists are marked changed. */
  async upsertPrices(prices: readonly PriceListItemEntity[], manager: EntityManager): Promise<void> {
    if (prices.length === 0) return;
    await manager.query(
      `INSERT INTO inventory.price_list_items (price_list_id, stock_item_id, unit, price)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::numeric[])
       ON CONFLICT (price_list_id, stock_item_id, unit) DO UPDATE SET price = EXCLUDED.price`,
      [
        prices.map((price) => price.priceListId),
        prices.map((price) => price.stockItemId),
        prices.map((price) => price.unit),
        prices.map((price) => price.price),
      ],
    );
    await manager.query(`UPDATE inventory.price_lists SET updated_at = now() WHERE id = ANY($1::uuid[])`, [
      [...new Set(prices.map((price) => price.priceListId))],
    ]);
  }

  /** The lists among these that hold more than `max` prices. */
  async overfull(listIds: string[], max: number, manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT price_list_id FROM inventory.price_list_items
        WHERE price_list_id = ANY($1::uuid[]) GROUP BY price_list_id HAVING count(*) > $2`,
      [listIds, max],
    )) as Array<{ price_list_id: string }>;
    return rows.map((row) => row.price_list_id);
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.lists.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  /** Drops an item's prices in units it is no longer sold in (a pack removed, the base unit changed). */
  async dropUnitsOtherThan(itemId: string, units: string[], manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM inventory.price_list_items WHERE stock_item_id = $1 AND NOT (unit = ANY($2::text[]))`,
      [itemId, units],
    );
  }
}

/** The name's unique index refused a list: another list has that name (case aside). */
export function isNameViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'price_lists_name_key');
}
