import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { containsPattern } from '@erp/common';
import type {
  SerializedProductPageDto,
  SortOrder,
  StockItemDto,
  StockItemPageDto,
  StockSortField,
  StockStatus,
} from '@erp/contracts';
import { StockBatchEntity } from '../batches/stock-batch.entity.js';
import { StockPackEntity } from '../packs/stock-pack.entity.js';
import { StockItemEntity } from './stock-item.entity.js';
import { StockUpdateEntity } from './stock-update.entity.js';

export type NewStockItem = Omit<StockItemEntity, 'id' | 'createdAt' | 'updatedAt'>;
export type NewStockUpdate = Omit<StockUpdateEntity, 'id' | 'createdAt'>;

export interface StockItemPageQuery {
  search?: string;
  /** Only items changed at or after this moment, oldest change first (partners syncing). */
  updatedSince?: string;
  /** low: at or below the item's threshold; in_stock: above it. */
  status?: StockStatus;
  sort?: SortOrder<StockSortField> | null;
  limit: number;
  offset: number;
  withTotal: boolean;
}

/** The stock item columns a page is written from (a product, a stock list item). */
const PAGE_COLUMNS = [
  'id',
  'name',
  'name_ar',
  'sku',
  'quantity',
  'unit',
  'cost_price',
  'selling_price',
  'low_stock_threshold',
  'created_at',
  'updated_at',
] as const;

/** A timestamp as `Date.toISOString()` writes it (UTC, to the millisecond), written by PostgreSQL. */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Searches whose counts are kept at most (all dropped when full: a new version drops them anyway). */
const MAX_KEPT_COUNTS = 1_000;

@Injectable()
export class StockItemsRepository {
  private readonly searchCounts = new Map<string, { version: string; total: number }>();

  constructor(@InjectRepository(StockItemEntity) private readonly rows: Repository<StockItemEntity>) {}

  findById(id: string, manager?: EntityManager): Promise<StockItemEntity | null> {
    return (manager ? manager.getRepository(StockItemEntity) : this.rows).findOneBy({ id });
  }

  /** The items with these ids, by name (unknown ids are left out). */
  findByIds(ids: string[]): Promise<StockItemEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.rows
      .createQueryBuilder('item')
      .where('item.id IN (:...ids)', { ids })
      .orderBy('lower(item.name)')
      .addOrderBy('item.id')
      .getMany();
  }

  /**
   * A page by name unless sorted; `search` matches name, Arabic name or SKU anywhere, through the search key
   * (one trigram index). The total is a count(*) run beside the page, not after it; a count that only
   * the catalogue's names decide (no status, no updatedSince) is kept per catalogue version. The
   * items are written by PostgreSQL as the stock list answers them (the clerk's list and its search
   * are read all day, issue #23).
   */
  async findPage(query: StockItemPageQuery): Promise<StockItemPageDto> {
    const paged = this.page(query).select([]);
    for (const column of PAGE_COLUMNS) paged.addSelect(`item.${column}`, column);
    const [pageSql, parameters] = paged.getQueryAndParameters();
    // As toStockItemDto writes an item (a test compares the two): its status, the batch of it that
    // holds stock and expires first, its packs. One statement, no entities, no Dates parsed.
    const sql = `
      WITH page AS (SELECT cut.*, row_number() OVER () AS position FROM (${pageSql}) cut),
      ${this.packsOfPage()},
      items AS (SELECT item.position, (SELECT row_to_json(shown)::text FROM (SELECT item.id, item.name,
        item.name_ar AS "nameAr", item.sku, trim_scale(item.quantity) AS quantity, item.unit,
        item.cost_price::text AS "costPrice", item.selling_price::text AS "sellingPrice",
        trim_scale(item.low_stock_threshold) AS "lowStockThreshold",
        CASE WHEN item.quantity <= item.low_stock_threshold THEN 'low' ELSE 'in_stock' END AS status,
        first.batch_number AS "batchNumber", first.expiry_date AS "expiryDate",
        first.manufacture_date AS "manufactureDate", COALESCE(packs.packs, '[]') AS packs,
        ${isoTime('item.created_at')} AS "createdAt", ${isoTime('item.updated_at')} AS "updatedAt") shown) AS item
      FROM page item
      LEFT JOIN packs ON packs.stock_item_id = item.id
      LEFT JOIN LATERAL (SELECT batch.batch_number, batch.expiry_date, batch.manufacture_date
        FROM ${this.table(StockBatchEntity)} batch WHERE batch.stock_item_id = item.id AND batch.quantity > 0
        ORDER BY batch.expiry_date NULLS LAST, batch.created_at, batch.id LIMIT 1) first ON true)
      SELECT '[' || COALESCE(string_agg(item, ',' ORDER BY position), '') || ']' AS items FROM items`;
    const [[{ items }], total] = await Promise.all([
      this.rows.manager.query(sql, parameters) as Promise<[{ items: string }]>,
      this.total(query),
    ]);
    return { items: JSON.parse(items) as StockItemDto[], total };
  }

  private table(entity: typeof StockPackEntity | typeof StockBatchEntity): string {
    return this.rows.manager.connection.getMetadata(entity).tablePath;
  }

  /** The page's packs, per item, each as toStockPackDto writes it, in factor order. */
  private packsOfPage(): string {
    return `packs AS (
        SELECT pack.stock_item_id, ('[' || string_agg(row_to_json(shown)::text, ',' ORDER BY pack.factor, pack.unit) || ']')::json AS packs
        FROM ${this.table(StockPackEntity)} pack JOIN page ON page.id = pack.stock_item_id
        CROSS JOIN LATERAL (SELECT pack.unit, trim_scale(pack.factor) AS factor, pack.selling_price::text AS "sellingPrice",
          COALESCE(pack.selling_price, round(pack.factor * page.selling_price, 2))::text AS price, pack.barcode) shown
        GROUP BY pack.stock_item_id)`;
  }

  /**
   * A page as findPage gives it, its items already in the partner API's JSON (a ProductDto[], CONTRACT
   * §7 and §10), written by PostgreSQL in the same statement: no entities, no Date parsing, no JSON
   * written again in JavaScript. Partners' catalogue syncs read it over and over (issue #23). The
   * values are the ones the JavaScript mappers give (quantityJson, moneyJson, packPrice): a quantity
   * as a number without trailing zeros, money as text with 2 decimals, a pack's price its own or the
   * factor times the item's rounded half away from zero, the change time in ISO 8601 truncated to
   * the millisecond as a Date is; a test compares them byte for byte.
   */
  async findProductPage(query: StockItemPageQuery & { withBatches: boolean }): Promise<SerializedProductPageDto> {
    // One row more than asked tells whether another page follows.
    const paged = this.page({ ...query, limit: query.limit + 1 }).select([]);
    for (const column of PAGE_COLUMNS) paged.addSelect(`item.${column}`, column);
    const [pageSql, parameters] = paged.getQueryAndParameters();
    // The page is cut first and written after (in the paged query's own select list, the JSON would be
    // written for every row an offset skips too); its rows are numbered in the order they come, and
    // packs and batches are read for those rows only, each as a row of exactly the answered fields
    // (json_agg would put spaces between them). The answer is one text, the items joined in the page's
    // order, without the extra row.
    const batchesOfPage = `batches AS (
        SELECT batch.stock_item_id, ('[' || string_agg(row_to_json(shown)::text, ','
          ORDER BY batch.expiry_date NULLS LAST, batch.created_at, batch.id) || ']')::json AS batches
        FROM ${this.table(StockBatchEntity)} batch JOIN page ON page.id = batch.stock_item_id
        CROSS JOIN LATERAL (SELECT batch.batch_number AS "batchNumber", trim_scale(batch.quantity) AS quantity,
          batch.expiry_date AS "expiryDate") shown
        WHERE batch.quantity > 0
        GROUP BY batch.stock_item_id)`;
    const sql = `
      WITH page AS (SELECT cut.*, row_number() OVER () AS position FROM (${pageSql}) cut),
      ${this.packsOfPage()}${query.withBatches ? `, ${batchesOfPage}` : ''}
      , products AS (SELECT item.position, (SELECT row_to_json(product)::text FROM (SELECT item.id, item.name, item.name_ar AS "nameAr", item.sku,
        trim_scale(item.quantity) AS quantity, item.unit, item.cost_price::text AS "costPrice",
        item.selling_price::text AS "sellingPrice", trim_scale(item.low_stock_threshold) AS "lowStockThreshold",
        COALESCE(packs.packs, '[]') AS packs,
        ${isoTime('item.updated_at')} AS "updatedAt"
        ${query.withBatches ? `, COALESCE(batches.batches, '[]') AS batches` : ''}) product) AS product
      FROM page item
      LEFT JOIN packs ON packs.stock_item_id = item.id
      ${query.withBatches ? 'LEFT JOIN batches ON batches.stock_item_id = item.id' : ''}
      )
      SELECT '[' || COALESCE(string_agg(product, ',' ORDER BY position) FILTER (WHERE position <= $${parameters.length + 1}), '') || ']' AS items,
        count(*)::int AS fetched
      FROM products`;
    const [[{ items, fetched }], total] = await Promise.all([
      this.rows.manager.query(sql, [...parameters, query.limit]) as Promise<[{ items: string; fetched: number }]>,
      this.total(query),
    ]);
    return { items, count: Math.min(fetched, query.limit), hasMore: fetched > query.limit, total };
  }

  /** The items a query matches, ordered and paged. */
  private page(query: StockItemPageQuery): SelectQueryBuilder<StockItemEntity> {
    const page = this.matching(query);
    if (query.sort) {
      const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
      const column = query.sort.field === 'name' ? 'lower(item.name)' : `item.${query.sort.field}`;
      page.orderBy(column, direction).addOrderBy('item.id', direction);
    } else if (query.updatedSince) page.orderBy('item.updatedAt').addOrderBy('item.id');
    else page.orderBy('lower(item.name)').addOrderBy('item.id');
    return page.limit(query.limit).offset(query.offset);
  }

  private matching(query: StockItemPageQuery): SelectQueryBuilder<StockItemEntity> {
    const builder = this.rows.createQueryBuilder('item');
    if (query.search) builder.andWhere('item.search_key LIKE :pattern', { pattern: containsPattern(query.search) });
    if (query.updatedSince) builder.andWhere('item.updatedAt >= :since', { since: new Date(query.updatedSince) });
    if (query.status === 'low') builder.andWhere('item.quantity <= item.lowStockThreshold');
    if (query.status === 'in_stock') builder.andWhere('item.quantity > item.lowStockThreshold');
    return builder;
  }

  /** The total when asked; a count that only the catalogue's names decide is kept per version. */
  private async total(query: StockItemPageQuery): Promise<number | null> {
    if (!query.withTotal) return null;
    if (!query.status && !query.updatedSince) {
      return this.countOfSearch(query.search ?? '', () => this.matching(query));
    }
    return this.count(this.matching(query));
  }

  private async count(matching: SelectQueryBuilder<StockItemEntity>): Promise<number> {
    const counted = await matching.select('count(*)::int', 'total').getRawOne<{ total: number }>();
    return counted?.total ?? 0;
  }

  /**
   * The items a search matches, kept per catalogue version (migration 1797300000000): the version is
   * one indexed row to read, where a broad search's count(*) reads the whole table. A count is kept
   * with the version read in the same statement, so the two always belong together.
   */
  private async countOfSearch(search: string, matching: () => SelectQueryBuilder<StockItemEntity>): Promise<number> {
    const [current] = (await this.rows.query(`SELECT version FROM inventory.catalogue_version`)) as Array<{
      version: string;
    }>;
    const kept = this.searchCounts.get(search);
    if (kept && current && kept.version === current.version) return kept.total;
    const counted = await matching()
      .select('count(*)::int', 'total')
      .addSelect('(SELECT version FROM inventory.catalogue_version)', 'version')
      .getRawOne<{ total: number; version: string }>();
    if (!counted) return 0;
    if (this.searchCounts.size >= MAX_KEPT_COUNTS) this.searchCounts.clear();
    this.searchCounts.set(search, { version: counted.version, total: counted.total });
    return counted.total;
  }

  /** Whether another item already has this SKU, compared case-insensitively. */
  async isSkuTaken(sku: string, exceptId: string | null, manager?: EntityManager): Promise<boolean> {
    const builder = (manager ? manager.getRepository(StockItemEntity) : this.rows)
      .createQueryBuilder('item')
      .where('lower(item.sku) = lower(:sku)', { sku });
    if (exceptId) builder.andWhere('item.id <> :exceptId', { exceptId });
    return (await builder.getCount()) > 0;
  }

  /** New items in one statement; each comes back with its id and the columns the database filled. */
  async insertMany(items: readonly NewStockItem[], manager: EntityManager): Promise<StockItemEntity[]> {
    if (items.length === 0) return [];
    const repository = manager.getRepository(StockItemEntity);
    const entities = items.map((item) => repository.create(item));
    await repository.insert(entities);
    return entities;
  }

  save(item: StockItemEntity, manager: EntityManager): Promise<StockItemEntity> {
    return manager.getRepository(StockItemEntity).save(item);
  }

  /**
   * Locks the items until the transaction ends, in id order so that two transactions locking
   * overlapping items cannot deadlock. Every change of an item's quantity or batches holds it.
   */
  lockByIds(ids: string[], manager: EntityManager): Promise<StockItemEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(StockItemEntity)
      .createQueryBuilder('item')
      .setLock('pessimistic_write')
      .where('item.id IN (:...ids)', { ids })
      .orderBy('item.id')
      .getMany();
  }

  /** The items with these SKUs (compared without case), locked for the caller's transaction. */
  /** The items of these SKUs (case aside), kept from deletion to the transaction's end (FOR KEY SHARE). */
  findBySkusForReference(skus: string[], manager: EntityManager): Promise<StockItemEntity[]> {
    if (skus.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(StockItemEntity)
      .createQueryBuilder('item')
      .setLock('for_key_share')
      .where('lower(item.sku) IN (:...skus)', { skus: skus.map((sku) => sku.toLowerCase()) })
      .getMany();
  }

  lockBySkus(skus: string[], manager: EntityManager): Promise<StockItemEntity[]> {
    if (skus.length === 0) return Promise.resolve([]);
    return manager
      .getRepository(StockItemEntity)
      .createQueryBuilder('item')
      .setLock('pessimistic_write')
      .where('lower(item.sku) IN (:...skus)', { skus: skus.map((sku) => sku.toLowerCase()) })
      .orderBy('item.id')
      .getMany();
  }

  /**
   * Marks the (locked) item changed now: a change kept in another table (its packs) is a change of
   * the item for whoever follows changes by `updatedAt` (list-products' updatedSince).
   */
  async touch(item: StockItemEntity, manager: EntityManager): Promise<void> {
    const result = await manager
      .getRepository(StockItemEntity)
      .createQueryBuilder()
      .update()
      .set({ updatedAt: () => 'CURRENT_TIMESTAMP' })
      .where('id = :id', { id: item.id })
      .returning('updated_at')
      .execute();
    const [row] = result.raw as Array<{ updated_at: Date }>;
    if (row) item.updatedAt = row.updated_at;
  }

  async setQuantity(id: string, quantity: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(StockItemEntity).update({ id }, { quantity });
  }

  /** Deletes the item; its batches and stock updates go with it (foreign keys cascade). */
  async remove(id: string): Promise<boolean> {
    const result = await this.rows.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  countLow(): Promise<number> {
    return this.rows.createQueryBuilder('item').where('item.quantity <= item.lowStockThreshold').getCount();
  }

  async insertUpdates(updates: NewStockUpdate[], manager: EntityManager): Promise<void> {
    if (updates.length === 0) return;
    await manager.getRepository(StockUpdateEntity).insert(updates);
  }
}

/** The SKU's unique index refused a row: another item took it first. */
export function isSkuViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'stock_items_sku_key');
}
