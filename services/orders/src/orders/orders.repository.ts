import { containsPattern, entityFromRow } from '@erp/common';
import type { OrderSortField, OrderStatus, SortOrder } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { EntityManager, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderEntity } from './order.entity.js';

/** ORD-YYYY-NNNNNN from the year ($1) and the counter's new value (CONTRACT §4): six digits at least. */
const ORDER_NUMBER_SQL = `'ORD-' || $1::text || '-' || lpad(numbered.last_number::text, greatest(6, length(numbered.last_number::text)), '0')`;

export type NewOrder = Omit<OrderEntity, 'id' | 'createdAt' | 'updatedAt' | 'orderNumber'>;
export type NewOrderItem = Omit<OrderItemEntity, 'id' | 'orderId' | 'lineNo' | 'createdAt'>;

export interface OrderPageQuery {
  search?: string;
  status?: OrderStatus;
  clientId?: string;
  updatedSince?: string;
  /** The business day, from and to inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  sort: SortOrder<OrderSortField> | null;
  limit: number;
  offset: number;
  withTotal: boolean;
}

/** A linked line's stock need: what a confirm takes out. */
export interface StockLine {
  stockItemId: string;
  quantity: string;
}

@Injectable()
export class OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(OrderItemEntity) private readonly items: Repository<OrderItemEntity>,
  ) {}

  /**
   * Numbers a new order from the year's counter (ORD-YYYY-NNNNNN, CONTRACT §4), inserts it with its
   * lines and attaches its idempotency claim, in one statement. The counter's row and the analytics
   * rollups' lock (docs/decisions/0009) are taken by this statement and held to the commit, so every
   * other order waits for one statement and a commit, not for four round trips through a busy event
   * loop. A rolled-back order gives its number back, as before.
   */
  async insertNumbered(
    year: number,
    order: NewOrder,
    items: NewOrderItem[],
    claim: { scope: string; key: string } | null,
    manager: EntityManager,
  ): Promise<OrderEntity> {
    const { driver } = manager.connection;
    const orderMetadata = manager.connection.getMetadata(OrderEntity);
    const itemMetadata = manager.connection.getMetadata(OrderItemEntity);
    const orderColumns = orderMetadata.columns.filter(
      (column) =>
        !column.isGenerated && !column.isCreateDate && !column.isUpdateDate && column.propertyName !== 'orderNumber',
    );
    const itemColumns = itemMetadata.columns.filter(
      (column) =>
        !column.isGenerated &&
        !column.isCreateDate &&
        column.propertyName !== 'orderId' &&
        column.propertyName !== 'lineNo',
    );
    const typeOf = (column: ColumnMetadata) => driver.normalizeType(column);
    const parameters: unknown[] = [year, randomUUID()];
    const orderValues = orderColumns.map((column) => {
      parameters.push(driver.preparePersistentValue(order[column.propertyName as keyof NewOrder], column));
      return `$${parameters.length}::${typeOf(column)}`;
    });
    parameters.push(
      JSON.stringify(
        items.map((item, index) => ({
          line_no: index + 1,
          ...Object.fromEntries(
            itemColumns.map((column) => [
              column.databaseName,
              driver.preparePersistentValue(item[column.propertyName as keyof NewOrderItem], column),
            ]),
          ),
        })),
      ),
    );
    const linesParameter = parameters.length;
    const claimSql = claim
      ? `, claimed AS (
           UPDATE orders.order_requests SET order_id = (SELECT id FROM inserted)
           WHERE scope = $${parameters.push(claim.scope)} AND request_key = $${parameters.push(claim.key)}
           RETURNING 1)`
      : '';
    const itemNames = itemColumns.map((column) => column.databaseName);
    const rows = (await manager.query(
      `WITH numbered AS (
         INSERT INTO orders.order_number_counters AS counter (year, last_number) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last_number = counter.last_number + 1
         RETURNING last_number
       ), inserted AS (
         INSERT INTO orders.orders (id, order_number, ${orderColumns.map((column) => column.databaseName).join(', ')})
         SELECT $2::uuid, ${ORDER_NUMBER_SQL}, ${orderValues.join(', ')} FROM numbered
         RETURNING *
       ), lines AS (
         INSERT INTO orders.order_items (order_id, line_no, ${itemNames.join(', ')})
         SELECT inserted.id, line.line_no, ${itemNames.map((name) => `line.${name}`).join(', ')}
         FROM inserted CROSS JOIN jsonb_to_recordset($${linesParameter}::jsonb) AS line (
           line_no integer, ${itemColumns.map((column) => `${column.databaseName} ${typeOf(column)}`).join(', ')})
         RETURNING 1
       )${claimSql}
       SELECT * FROM inserted`,
      parameters,
    )) as Array<Record<string, unknown>>;
    return entityFromRow<OrderEntity>(orderMetadata, driver, rows[0]!);
  }

  findById(id: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ id });
  }

  /**
   * Claims an idempotency key in the caller's transaction: 'new' (go on and record the order
   * with `insertNumbered`), or the earlier claim's order and body hash. A concurrent claim of the
   * same key waits here until the first commits. Claims older than `ttlSeconds` are taken over.
   */
  async claimRequest(
    request: { scope: string; key: string; requestHash: string; ttlSeconds: number },
    manager: EntityManager,
  ): Promise<'new' | { orderId: string | null; requestHash: string }> {
    const rows = (await manager.query(
      `INSERT INTO orders.order_requests AS r (scope, request_key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (scope, request_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, order_id = NULL, created_at = now()
         WHERE r.created_at < now() - make_interval(secs => $4)
       RETURNING request_key`,
      [request.scope, request.key, request.requestHash, request.ttlSeconds],
    )) as unknown[];
    if (rows.length > 0) return 'new';
    const [earlier] = (await manager.query(
      `SELECT order_id, request_hash FROM orders.order_requests WHERE scope = $1 AND request_key = $2`,
      [request.scope, request.key],
    )) as Array<{ order_id: string | null; request_hash: string }>;
    return { orderId: earlier!.order_id, requestHash: earlier!.request_hash };
  }

  /** The order, locked until the transaction ends: every change of an order holds it. */
  lockById(id: string, manager: EntityManager): Promise<OrderEntity | null> {
    return manager
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.id = :id', { id })
      .getOne();
  }

  save(order: OrderEntity, manager: EntityManager): Promise<OrderEntity> {
    return manager.getRepository(OrderEntity).save(order);
  }

  /**
   * Newest first, or as sorted (oldest change first with `updatedSince`); `search` matches the
   * number or the client name; status, client and business days narrow it.
   */
  async findPage(query: OrderPageQuery): Promise<{ items: OrderEntity[]; total: number | null }> {
    const matching = () => {
      const builder = this.orders.createQueryBuilder('o');
      if (query.search) builder.andWhere('o.search_key LIKE :pattern', { pattern: containsPattern(query.search) });
      if (query.status) builder.andWhere('o.status = :status', { status: query.status });
      if (query.clientId) builder.andWhere('o.clientId = :clientId', { clientId: query.clientId });
      if (query.updatedSince) builder.andWhere('o.updatedAt >= :since', { since: new Date(query.updatedSince) });
      if (query.from) builder.andWhere('o.businessDay >= :from', { from: query.from });
      if (query.to) builder.andWhere('o.businessDay <= :to', { to: query.to });
      return builder;
    };
    const page = matching();
    if (query.sort) {
      const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
      page.orderBy(`o.${query.sort.field}`, direction).addOrderBy('o.id', direction);
    } else if (query.updatedSince) page.orderBy('o.updatedAt', 'ASC').addOrderBy('o.id', 'ASC');
    else page.orderBy('o.createdAt', 'DESC').addOrderBy('o.id', 'DESC');
    page.limit(query.limit).offset(query.offset);
    if (!query.withTotal) return { items: await page.getMany(), total: null };
    const [items, counted] = await Promise.all([
      page.getMany(),
      matching().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items, total: counted?.total ?? 0 };
  }

  /** How many items each order has. */
  async countItems(orderIds: string[], manager?: EntityManager): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = (await (manager ?? this.orders.manager).query(
      `SELECT order_id, count(*)::int AS count FROM orders.order_items WHERE order_id = ANY($1) GROUP BY order_id`,
      [orderIds],
    )) as Array<{ order_id: string; count: number }>;
    return new Map(rows.map((row) => [row.order_id, row.count]));
  }

  findItems(orderId: string, manager?: EntityManager): Promise<OrderItemEntity[]> {
    return (manager ? manager.getRepository(OrderItemEntity) : this.items).find({
      where: { orderId },
      order: { lineNo: 'ASC' },
    });
  }

  findItem(orderId: string, itemId: string, manager?: EntityManager): Promise<OrderItemEntity | null> {
    return (manager ? manager.getRepository(OrderItemEntity) : this.items).findOneBy({ orderId, id: itemId });
  }

  /** A new last line of the order. */
  async addItem(orderId: string, item: NewOrderItem, manager: EntityManager): Promise<OrderItemEntity> {
    const [row] = (await manager.query(
      `SELECT coalesce(max(line_no), 0) + 1 AS next FROM orders.order_items WHERE order_id = $1`,
      [orderId],
    )) as Array<{ next: number }>;
    const repository = manager.getRepository(OrderItemEntity);
    return repository.save(repository.create({ ...item, orderId, lineNo: row!.next }));
  }

  saveItem(item: OrderItemEntity, manager: EntityManager): Promise<OrderItemEntity> {
    return manager.getRepository(OrderItemEntity).save(item);
  }

  async deleteItem(itemId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(OrderItemEntity).delete({ id: itemId });
  }

  /** The order's total again from its lines, after any change of them. */
  async recomputeTotal(orderId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE orders.orders
          SET total_amount = (SELECT coalesce(sum(total_price), 0) FROM orders.order_items WHERE order_id = $1),
              updated_at = now()
        WHERE id = $1`,
      [orderId],
    );
  }

  /** The linked lines, one per stock item, in base units: what confirming the order takes out of stock. */
  async stockLines(orderId: string, manager: EntityManager): Promise<StockLine[]> {
    const rows = (await manager.query(
      `SELECT stock_item_id, sum(base_quantity)::text AS quantity FROM orders.order_items
        WHERE order_id = $1 AND stock_item_id IS NOT NULL
        GROUP BY stock_item_id ORDER BY stock_item_id`,
      [orderId],
    )) as Array<{ stock_item_id: string; quantity: string }>;
    return rows.map((row) => ({ stockItemId: row.stock_item_id, quantity: row.quantity }));
  }
}
