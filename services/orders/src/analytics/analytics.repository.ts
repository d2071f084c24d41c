import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { RollupPiece } from './rollup-periods.js';

/** The calendar months the dashboard compares (YYYY-MM-DD starts). */
export interface MonthBounds {
  lastMonth: string;
  thisMonth: string;
  nextMonth: string;
}

export interface OrderStatsRow {
  total_orders: number;
  pending_orders: number;
  total_revenue: string;
  revenue_change: string | null;
  total_clients: number;
}

/**
 * The period's figures from the per-day rollup, with the first and last business days that have
 * any order (null when there are none).
 */
export interface PeriodSummaryRow {
  first_day: string | null;
  last_day: string | null;
  revenue: string;
  orders: number;
  profit_margin: string | null;
  sales_by_day: Array<{ date: string; orders: number; revenue: string }>;
}

export interface TopClientRow {
  client_id: string | null;
  name: string;
  orders: number;
  revenue: string;
}

export interface TopProductRow {
  stock_item_id: string | null;
  name: string;
  name_ar: string | null;
  quantity: string;
  revenue: string;
}

const TOP = 10;

/** Money: exact numeric rounded to 2 decimals, as text ("0.00" for nothing). */
const money = (expression: string): string => `round(coalesce(${expression}, 0), 2)::text`;

/**
 * The rows of one rollup table over the pieces, one index range scan of its primary key each,
 * with `columns` negated for the pieces taken out; `key` and `name_key` identify the group
 * (name_key is null for a client or a stock item), for the caller to sum.
 */
function piecesSql(table: string, columns: string[], pieces: readonly RollupPiece[], params: unknown[]): string {
  return pieces
    .map((piece) => {
      params.push(piece.first, piece.past);
      const first = `$${params.length - 1}::date`;
      const past = `$${params.length}::date`;
      const signed = columns.map((column) => (piece.sign === 1 ? column : `-${column} AS ${column}`));
      return `SELECT key, name_key, ${signed.join(', ')} FROM orders.${table}
               WHERE grain = '${piece.grain}' AND start >= ${first} AND start < ${past}`;
    })
    .join('\n UNION ALL\n');
}

/**
 * Dashboard and analytics figures, read from the rollups that the triggers of migration
 * 1795900000000 keep (docs/decisions/0009); only the names of the top entries come from the
 * base tables, through an index each.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One statement: every order, pending ones, revenue of those not cancelled, this month against last. */
  async orderStats(months: MonthBounds): Promise<OrderStatsRow> {
    const [row] = (await this.dataSource.query(
      `WITH months AS (
         SELECT coalesce(sum(revenue) FILTER (WHERE day >= $2 AND day < $3), 0) AS this_month,
                coalesce(sum(revenue) FILTER (WHERE day >= $1 AND day < $2), 0) AS last_month
           FROM orders.analytics_days WHERE day >= $1 AND day < $3
       )
       SELECT coalesce(sum(d.orders_all), 0)::int AS total_orders,
              coalesce(sum(d.orders_pending), 0)::int AS pending_orders,
              ${money('sum(d.revenue)')} AS total_revenue,
              (SELECT CASE WHEN m.last_month = 0 THEN NULL
                           ELSE round((m.this_month - m.last_month) * 100 / m.last_month, 1)::text END
                 FROM months AS m) AS revenue_change,
              (SELECT count(*)::int FROM orders.clients) AS total_clients
         FROM orders.analytics_days AS d`,
      [months.lastMonth, months.thisMonth, months.nextMonth],
    )) as OrderStatsRow[];
    return row!;
  }

  /**
   * One statement over at most one row a day: the data's first and last days, and the revenue,
   * orders, margin and days with orders of those not cancelled placed from (null: since the
   * first order) to `to`.
   */
  async periodSummary(from: string | null, to: string, manager: EntityManager): Promise<PeriodSummaryRow> {
    const [row] = (await manager.query(
      `SELECT (SELECT to_char(min(day), 'YYYY-MM-DD') FROM orders.analytics_days WHERE orders_all > 0) AS first_day,
              (SELECT to_char(max(day), 'YYYY-MM-DD') FROM orders.analytics_days WHERE orders_all > 0) AS last_day,
              ${money('sum(revenue)')} AS revenue,
              coalesce(sum(orders), 0)::int AS orders,
              CASE WHEN sum(costed_lines) > 0 AND sum(costed_revenue) <> 0
                   THEN round((sum(costed_revenue) - sum(cost)) * 100 / sum(costed_revenue), 1)::text END AS profit_margin,
              coalesce(json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'orders', orders,
                                                  'revenue', round(revenue, 2)::text) ORDER BY day)
                         FILTER (WHERE orders > 0), '[]') AS sales_by_day
         FROM orders.analytics_days
        WHERE day >= coalesce($1::date, '-infinity') AND day <= $2::date`,
      [from, to],
    )) as PeriodSummaryRow[];
    return row!;
  }

  /**
   * The 10 clients with the most revenue over the pieces (then most orders), each named by its
   * latest order: client_id's, else the group's by folded name.
   */
  topClients(pieces: readonly RollupPiece[], manager: EntityManager): Promise<TopClientRow[]> {
    if (pieces.length === 0) return Promise.resolve([]);
    const params: unknown[] = [];
    return manager.query(
      `WITH top AS (
         SELECT key, max(name_key) AS name_key, sum(orders) AS orders, sum(revenue_cents) AS revenue_cents
           FROM (${piecesSql('analytics_clients', ['orders', 'revenue_cents'], pieces, params)}) AS r
          GROUP BY key
         HAVING sum(orders) > 0
          ORDER BY revenue_cents DESC, orders DESC, key
          LIMIT ${TOP}
       )
       SELECT CASE WHEN t.name_key IS NULL THEN t.key END AS client_id, coalesce(n.client_name, t.name_key, '') AS name,
              t.orders::int AS orders, ${money('t.revenue_cents / 100.0')} AS revenue
         FROM top AS t
         LEFT JOIN LATERAL (
           (SELECT o.client_name FROM orders.orders AS o
             WHERE t.name_key IS NULL AND o.client_id = t.key
             ORDER BY o.created_at DESC LIMIT 1)
           UNION ALL
           (SELECT o.client_name FROM orders.orders AS o
             WHERE t.name_key IS NOT NULL AND o.client_id IS NULL AND orders.analytics_name(o.client_name) = t.name_key
             ORDER BY o.created_at DESC LIMIT 1)
         ) AS n ON true
        ORDER BY t.revenue_cents DESC, t.orders DESC, t.key`,
      params,
    );
  }

  /**
   * The 10 products with the most revenue over the pieces (then the largest quantity), each named
   * by its latest line: stock_item_id's, else the group's by folded item name.
   */
  topProducts(pieces: readonly RollupPiece[], manager: EntityManager): Promise<TopProductRow[]> {
    if (pieces.length === 0) return Promise.resolve([]);
    const params: unknown[] = [];
    return manager.query(
      `WITH top AS (
         SELECT key, max(name_key) AS name_key, sum(quantity_milli) AS quantity_milli, sum(revenue_cents) AS revenue_cents
           FROM (${piecesSql('analytics_products', ['lines', 'quantity_milli', 'revenue_cents'], pieces, params)}) AS r
          GROUP BY key
         HAVING sum(lines) > 0
          ORDER BY revenue_cents DESC, quantity_milli DESC, key
          LIMIT ${TOP}
       )
       SELECT CASE WHEN t.name_key IS NULL THEN t.key END AS stock_item_id, coalesce(n.item_name, t.name_key, '') AS name,
              n.item_name_ar AS name_ar,
              (t.quantity_milli / 1000.0)::text AS quantity, ${money('t.revenue_cents / 100.0')} AS revenue
         FROM top AS t
         LEFT JOIN LATERAL (
           (SELECT i.item_name, i.item_name_ar FROM orders.order_items AS i
             WHERE t.name_key IS NULL AND i.stock_item_id = t.key
             ORDER BY i.created_at DESC, i.line_no DESC LIMIT 1)
           UNION ALL
           (SELECT i.item_name, i.item_name_ar FROM orders.order_items AS i
             WHERE t.name_key IS NOT NULL AND i.stock_item_id IS NULL AND orders.analytics_name(i.item_name) = t.name_key
             ORDER BY i.created_at DESC, i.line_no DESC LIMIT 1)
         ) AS n ON true
        ORDER BY t.revenue_cents DESC, t.quantity_milli DESC, t.key`,
      params,
    );
  }
}
