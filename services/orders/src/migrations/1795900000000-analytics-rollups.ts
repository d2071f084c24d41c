import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups behind the dashboard and analytics (docs/decisions/0009), kept exact by triggers on
 * orders.orders and orders.order_items: every INSERT, UPDATE and DELETE takes out the old rows'
 * contribution and adds the new rows', whichever code path (or SQL) wrote them; TRUNCATE rebuilds.
 *
 * - analytics_days: per business day, every order, pending ones, and the orders that count
 *   (not cancelled) with their revenue and the revenue and cost of their lines whose cost is known.
 * - analytics_clients / analytics_products: per day ('d'), 7-day block of the month ('w'), month
 *   ('m'), year ('y') and all time ('a'), per client (client_id, else the client name folded) and
 *   per product (stock_item_id, else the item name folded), over orders that are not cancelled;
 *   money in cents and quantities in thousandths (bigint: exact, and fast to sum). A range reads
 *   years, months and blocks where they fit, and days only at its edges.
 *
 * Writers take one transaction-level advisory lock before touching any rollup row, so two
 * transactions never lock rollup rows in opposite orders (no deadlocks). New orders already hold
 * the year's order-number counter from numbering to commit, so this adds no wait for them.
 */
export class AnalyticsRollups1795900000000 implements MigrationInterface {
  name = 'AnalyticsRollups1795900000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of upStatements) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of downStatements) await runner.query(statement);
  }
}

const upStatements = [
  // The group of an order without a client, or a line without a stock item: its name folded.
  `CREATE FUNCTION orders.analytics_name(name text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     RETURN lower(btrim(name))`,
  `CREATE FUNCTION orders.analytics_name_key(name text) RETURNS uuid
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     RETURN md5(orders.analytics_name(name))::uuid`,

  // The first day of the period of a grain holding a day: the day ('d'), its 7-day block of the
  // month (starting on the 1st, 8th, 15th, 22nd and 29th: 'w'), its month ('m'), its year ('y'),
  // or -infinity for all time ('a').
  // Not STRICT, so that the planner inlines it.
  `CREATE FUNCTION orders.analytics_period(grain "char", day date) RETURNS date
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN CASE grain
       WHEN 'd' THEN day
       WHEN 'w' THEN day - (extract(day FROM day)::integer - 1) % 7
       WHEN 'm' THEN date_trunc('month', day::timestamp)::date
       WHEN 'y' THEN date_trunc('year', day::timestamp)::date
       ELSE '-infinity'::date
     END`,

  `CREATE TABLE orders.analytics_days (
     day date PRIMARY KEY,
     orders_all integer NOT NULL,
     orders_pending integer NOT NULL,
     orders integer NOT NULL,
     revenue numeric NOT NULL,
     costed_lines integer NOT NULL,
     costed_revenue numeric NOT NULL,
     cost numeric NOT NULL
   )`,
  `CREATE TABLE orders.analytics_clients (
     grain "char" NOT NULL CHECK (grain IN ('d', 'w', 'm', 'y', 'a')),
     start date NOT NULL,
     key uuid NOT NULL,
     name_key text,
     orders integer NOT NULL,
     revenue_cents bigint NOT NULL,
     PRIMARY KEY (grain, start, key)
   )`,
  `CREATE TABLE orders.analytics_products (
     grain "char" NOT NULL CHECK (grain IN ('d', 'w', 'm', 'y', 'a')),
     start date NOT NULL,
     key uuid NOT NULL,
     name_key text,
     lines integer NOT NULL,
     quantity_milli bigint NOT NULL,
     revenue_cents bigint NOT NULL,
     PRIMARY KEY (grain, start, key)
   )`,
  `COMMENT ON TABLE orders.analytics_days IS 'Per business day: maintained by triggers on orders and order_items (decision 0009)'`,
  `COMMENT ON TABLE orders.analytics_clients IS 'Per day, month and year and client: maintained by triggers (decision 0009)'`,
  `COMMENT ON TABLE orders.analytics_products IS 'Per day, month and year and product: maintained by triggers (decision 0009)'`,

  // What a row adds (sign 1) or takes out (sign -1).
  `CREATE TYPE orders.analytics_order_delta AS (
     day date, key uuid, name_key text,
     orders_all integer, orders_pending integer, orders integer, revenue numeric
   )`,
  `CREATE TYPE orders.analytics_line_delta AS (
     day date, key uuid, name_key text,
     lines integer, quantity numeric, revenue numeric, costed_lines integer, costed_revenue numeric, cost numeric
   )`,
  `CREATE FUNCTION orders.analytics_order_figures(sign integer, o orders.orders) RETURNS orders.analytics_order_delta
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN ROW(
       o.business_day,
       coalesce(o.client_id, orders.analytics_name_key(o.client_name)),
       CASE WHEN o.client_id IS NULL THEN orders.analytics_name(o.client_name) END,
       sign,
       CASE WHEN o.status = 'pending' THEN sign ELSE 0 END,
       CASE WHEN o.status <> 'cancelled' THEN sign ELSE 0 END,
       CASE WHEN o.status <> 'cancelled' THEN sign * o.total_amount ELSE 0 END
     )::orders.analytics_order_delta`,
  // A line on its order's day; callers leave out the lines of cancelled orders.
  `CREATE FUNCTION orders.analytics_line_figures(sign integer, day date, i orders.order_items)
     RETURNS orders.analytics_line_delta
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN ROW(
       day,
       coalesce(i.stock_item_id, orders.analytics_name_key(i.item_name)),
       CASE WHEN i.stock_item_id IS NULL THEN orders.analytics_name(i.item_name) END,
       sign,
       sign * i.quantity,
       sign * i.total_price,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign ELSE 0 END,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign * i.total_price ELSE 0 END,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign * i.quantity * i.unit_cost ELSE 0 END
     )::orders.analytics_line_delta`,

  `CREATE FUNCTION orders.analytics_apply_orders(deltas orders.analytics_order_delta[]) RETURNS void
     LANGUAGE plpgsql AS $$
     BEGIN
       IF coalesce(cardinality(deltas), 0) = 0 THEN
         RETURN;
       END IF;
       PERFORM pg_advisory_xact_lock(hashtext('orders.analytics'));
       INSERT INTO orders.analytics_days AS t
              (day, orders_all, orders_pending, orders, revenue, costed_lines, costed_revenue, cost)
       SELECT d.day, sum(d.orders_all), sum(d.orders_pending), sum(d.orders), sum(d.revenue), 0, 0, 0
         FROM unnest(deltas) AS d
        GROUP BY d.day
       HAVING sum(d.orders_all) <> 0 OR sum(d.orders_pending) <> 0 OR sum(d.orders) <> 0 OR sum(d.revenue) <> 0
       ON CONFLICT (day) DO UPDATE SET
         orders_all = t.orders_all + excluded.orders_all,
         orders_pending = t.orders_pending + excluded.orders_pending,
         orders = t.orders + excluded.orders,
         revenue = t.revenue + excluded.revenue;
       INSERT INTO orders.analytics_clients AS t (grain, start, key, name_key, orders, revenue_cents)
       SELECT g.grain, orders.analytics_period(g.grain, d.day), d.key, d.name_key,
              sum(d.orders), (sum(d.revenue) * 100)::bigint
         FROM unnest(deltas) AS d
        CROSS JOIN (VALUES ('d'::"char"), ('w'), ('m'), ('y'), ('a')) AS g (grain)
        GROUP BY 1, 2, 3, 4
       HAVING sum(d.orders) <> 0 OR sum(d.revenue) <> 0
       ON CONFLICT (grain, start, key) DO UPDATE SET
         orders = t.orders + excluded.orders,
         revenue_cents = t.revenue_cents + excluded.revenue_cents;
     END $$`,

  `CREATE FUNCTION orders.analytics_apply_lines(deltas orders.analytics_line_delta[]) RETURNS void
     LANGUAGE plpgsql AS $$
     BEGIN
       IF coalesce(cardinality(deltas), 0) = 0 THEN
         RETURN;
       END IF;
       PERFORM pg_advisory_xact_lock(hashtext('orders.analytics'));
       INSERT INTO orders.analytics_days AS t
              (day, orders_all, orders_pending, orders, revenue, costed_lines, costed_revenue, cost)
       SELECT d.day, 0, 0, 0, 0, sum(d.costed_lines), sum(d.costed_revenue), sum(d.cost)
         FROM unnest(deltas) AS d
        GROUP BY d.day
       HAVING sum(d.costed_lines) <> 0 OR sum(d.costed_revenue) <> 0 OR sum(d.cost) <> 0
       ON CONFLICT (day) DO UPDATE SET
         costed_lines = t.costed_lines + excluded.costed_lines,
         costed_revenue = t.costed_revenue + excluded.costed_revenue,
         cost = t.cost + excluded.cost;
       INSERT INTO orders.analytics_products AS t (grain, start, key, name_key, lines, quantity_milli, revenue_cents)
       SELECT g.grain, orders.analytics_period(g.grain, d.day), d.key, d.name_key,
              sum(d.lines), (sum(d.quantity) * 1000)::bigint, (sum(d.revenue) * 100)::bigint
         FROM unnest(deltas) AS d
        CROSS JOIN (VALUES ('d'::"char"), ('w'), ('m'), ('y'), ('a')) AS g (grain)
        GROUP BY 1, 2, 3, 4
       HAVING sum(d.lines) <> 0 OR sum(d.quantity) <> 0 OR sum(d.revenue) <> 0
       ON CONFLICT (grain, start, key) DO UPDATE SET
         lines = t.lines + excluded.lines,
         quantity_milli = t.quantity_milli + excluded.quantity_milli,
         revenue_cents = t.revenue_cents + excluded.revenue_cents;
     END $$`,

  `CREATE FUNCTION orders.analytics_orders_inserted() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_orders(ARRAY(SELECT orders.analytics_order_figures(1, n) FROM new_rows AS n));
       RETURN NULL;
     END $$`,
  // The order's own figures move from its old row to its new one; when its day changed, or it
  // was cancelled or came back, its lines move with it.
  `CREATE FUNCTION orders.analytics_orders_updated() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_orders(ARRAY(
         SELECT orders.analytics_order_figures(-1, o) FROM old_rows AS o
          WHERE NOT EXISTS (SELECT FROM new_rows AS n WHERE n.id = o.id
                               AND (n.business_day, n.status, n.total_amount, n.client_id, n.client_name)
                                   IS NOT DISTINCT FROM (o.business_day, o.status, o.total_amount, o.client_id, o.client_name))
         UNION ALL
         SELECT orders.analytics_order_figures(1, n) FROM new_rows AS n
          WHERE NOT EXISTS (SELECT FROM old_rows AS o WHERE o.id = n.id
                               AND (n.business_day, n.status, n.total_amount, n.client_id, n.client_name)
                                   IS NOT DISTINCT FROM (o.business_day, o.status, o.total_amount, o.client_id, o.client_name))));
       PERFORM orders.analytics_apply_lines(ARRAY(
         SELECT orders.analytics_line_figures(-1, o.business_day, i)
           FROM old_rows AS o
           JOIN new_rows AS n ON n.id = o.id
           JOIN orders.order_items AS i ON i.order_id = o.id
          WHERE o.status <> 'cancelled' AND (n.business_day <> o.business_day OR n.status = 'cancelled')
         UNION ALL
         SELECT orders.analytics_line_figures(1, n.business_day, i)
           FROM old_rows AS o
           JOIN new_rows AS n ON n.id = o.id
           JOIN orders.order_items AS i ON i.order_id = n.id
          WHERE n.status <> 'cancelled' AND (n.business_day <> o.business_day OR o.status = 'cancelled')));
       RETURN NULL;
     END $$`,
  // Row by row, before the row goes: its lines, which the cascade deletes, are still there.
  `CREATE FUNCTION orders.analytics_order_deleting() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_orders(ARRAY[orders.analytics_order_figures(-1, OLD)]);
       IF OLD.status <> 'cancelled' THEN
         PERFORM orders.analytics_apply_lines(ARRAY(
           SELECT orders.analytics_line_figures(-1, OLD.business_day, i) FROM orders.order_items AS i WHERE i.order_id = OLD.id));
       END IF;
       RETURN OLD;
     END $$`,
  // Lines count on their order's day while it is not cancelled. A line whose order is gone was
  // deleted with it, and analytics_order_deleting already took it out.
  `CREATE FUNCTION orders.analytics_items_inserted() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_lines(ARRAY(
         SELECT orders.analytics_line_figures(1, o.business_day, n)
           FROM new_rows AS n JOIN orders.orders AS o ON o.id = n.order_id
          WHERE o.status <> 'cancelled'));
       RETURN NULL;
     END $$`,
  `CREATE FUNCTION orders.analytics_items_updated() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_lines(ARRAY(
         SELECT orders.analytics_line_figures(-1, o.business_day, x)
           FROM old_rows AS x JOIN orders.orders AS o ON o.id = x.order_id
          WHERE o.status <> 'cancelled'
            AND NOT EXISTS (SELECT FROM new_rows AS n WHERE n.id = x.id
                               AND (n.order_id, n.stock_item_id, n.item_name, n.quantity, n.total_price, n.unit_cost)
                                   IS NOT DISTINCT FROM (x.order_id, x.stock_item_id, x.item_name, x.quantity, x.total_price, x.unit_cost))
         UNION ALL
         SELECT orders.analytics_line_figures(1, o.business_day, n)
           FROM new_rows AS n JOIN orders.orders AS o ON o.id = n.order_id
          WHERE o.status <> 'cancelled'
            AND NOT EXISTS (SELECT FROM old_rows AS x WHERE x.id = n.id
                               AND (n.order_id, n.stock_item_id, n.item_name, n.quantity, n.total_price, n.unit_cost)
                                   IS NOT DISTINCT FROM (x.order_id, x.stock_item_id, x.item_name, x.quantity, x.total_price, x.unit_cost))));
       RETURN NULL;
     END $$`,
  `CREATE FUNCTION orders.analytics_items_deleted() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_lines(ARRAY(
         SELECT orders.analytics_line_figures(-1, o.business_day, x)
           FROM old_rows AS x JOIN orders.orders AS o ON o.id = x.order_id
          WHERE o.status <> 'cancelled'));
       RETURN NULL;
     END $$`,

  // Every rollup again from the base tables: the backfill below, after a TRUNCATE, and after a
  // bulk load made with the triggers disabled. Writers wait for it (SHARE lock) and then count.
  `CREATE FUNCTION orders.analytics_rebuild() RETURNS void
     LANGUAGE plpgsql AS $$
     BEGIN
       LOCK TABLE orders.orders, orders.order_items IN SHARE MODE;
       TRUNCATE orders.analytics_days, orders.analytics_clients, orders.analytics_products;
       INSERT INTO orders.analytics_days
              (day, orders_all, orders_pending, orders, revenue, costed_lines, costed_revenue, cost)
       SELECT o.day, o.orders_all, o.orders_pending, o.orders, o.revenue,
              coalesce(l.costed_lines, 0), coalesce(l.costed_revenue, 0), coalesce(l.cost, 0)
         FROM (SELECT business_day AS day, count(*) AS orders_all,
                      count(*) FILTER (WHERE status = 'pending') AS orders_pending,
                      count(*) FILTER (WHERE status <> 'cancelled') AS orders,
                      coalesce(sum(total_amount) FILTER (WHERE status <> 'cancelled'), 0) AS revenue
                 FROM orders.orders GROUP BY business_day) AS o
         LEFT JOIN (SELECT lo.business_day AS day, count(*) AS costed_lines, sum(i.total_price) AS costed_revenue,
                           sum(i.quantity * i.unit_cost) AS cost
                      FROM orders.order_items AS i JOIN orders.orders AS lo ON lo.id = i.order_id
                     WHERE lo.status <> 'cancelled' AND i.unit_cost IS NOT NULL
                     GROUP BY lo.business_day) AS l ON l.day = o.day
        ORDER BY o.day;
       INSERT INTO orders.analytics_clients (grain, start, key, name_key, orders, revenue_cents)
       SELECT 'd', o.business_day, coalesce(o.client_id, orders.analytics_name_key(o.client_name)),
              CASE WHEN o.client_id IS NULL THEN orders.analytics_name(o.client_name) END,
              count(*), (sum(o.total_amount) * 100)::bigint
         FROM orders.orders AS o
        WHERE o.status <> 'cancelled'
        GROUP BY 1, 2, 3, 4
        ORDER BY 2, 3;
       INSERT INTO orders.analytics_clients (grain, start, key, name_key, orders, revenue_cents)
       SELECT g.grain, orders.analytics_period(g.grain, c.start), c.key, c.name_key, sum(c.orders), sum(c.revenue_cents)
         FROM orders.analytics_clients AS c
        CROSS JOIN (VALUES ('w'::"char"), ('m'), ('y'), ('a')) AS g (grain)
        WHERE c.grain = 'd'
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3;
       INSERT INTO orders.analytics_products (grain, start, key, name_key, lines, quantity_milli, revenue_cents)
       SELECT 'd', o.business_day, coalesce(i.stock_item_id, orders.analytics_name_key(i.item_name)),
              CASE WHEN i.stock_item_id IS NULL THEN orders.analytics_name(i.item_name) END,
              count(*), (sum(i.quantity) * 1000)::bigint, (sum(i.total_price) * 100)::bigint
         FROM orders.order_items AS i JOIN orders.orders AS o ON o.id = i.order_id
        WHERE o.status <> 'cancelled'
        GROUP BY 1, 2, 3, 4
        ORDER BY 2, 3;
       INSERT INTO orders.analytics_products (grain, start, key, name_key, lines, quantity_milli, revenue_cents)
       SELECT g.grain, orders.analytics_period(g.grain, p.start), p.key, p.name_key,
              sum(p.lines), sum(p.quantity_milli), sum(p.revenue_cents)
         FROM orders.analytics_products AS p
        CROSS JOIN (VALUES ('w'::"char"), ('m'), ('y'), ('a')) AS g (grain)
        WHERE p.grain = 'd'
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3;
     END $$`,
  `CREATE FUNCTION orders.analytics_truncated() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_rebuild();
       RETURN NULL;
     END $$`,

  `CREATE TRIGGER analytics_inserted AFTER INSERT ON orders.orders
     REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_orders_inserted()`,
  `CREATE TRIGGER analytics_updated AFTER UPDATE ON orders.orders
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_orders_updated()`,
  `CREATE TRIGGER analytics_deleting BEFORE DELETE ON orders.orders
     FOR EACH ROW EXECUTE FUNCTION orders.analytics_order_deleting()`,
  `CREATE TRIGGER analytics_truncated AFTER TRUNCATE ON orders.orders
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_truncated()`,
  `CREATE TRIGGER analytics_inserted AFTER INSERT ON orders.order_items
     REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_items_inserted()`,
  `CREATE TRIGGER analytics_updated AFTER UPDATE ON orders.order_items
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_items_updated()`,
  `CREATE TRIGGER analytics_deleted AFTER DELETE ON orders.order_items
     REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_items_deleted()`,
  `CREATE TRIGGER analytics_truncated AFTER TRUNCATE ON orders.order_items
     FOR EACH STATEMENT EXECUTE FUNCTION orders.analytics_truncated()`,

  // The names shown for the top clients and products: those of their latest order or line.
  `CREATE INDEX orders_unlinked_client_name_idx ON orders.orders (orders.analytics_name(client_name), created_at DESC)
     WHERE client_id IS NULL`,
  `CREATE INDEX order_items_stock_item_latest_idx ON orders.order_items (stock_item_id, created_at DESC)
     WHERE stock_item_id IS NOT NULL`,
  `CREATE INDEX order_items_unlinked_name_idx ON orders.order_items (orders.analytics_name(item_name), created_at DESC)
     WHERE stock_item_id IS NULL`,

  // The backfill: the triggers above already hold their tables, so no write slips between.
  `SELECT orders.analytics_rebuild()`,
];

const downStatements = [
  `DROP TRIGGER analytics_truncated ON orders.order_items`,
  `DROP TRIGGER analytics_deleted ON orders.order_items`,
  `DROP TRIGGER analytics_updated ON orders.order_items`,
  `DROP TRIGGER analytics_inserted ON orders.order_items`,
  `DROP TRIGGER analytics_truncated ON orders.orders`,
  `DROP TRIGGER analytics_deleting ON orders.orders`,
  `DROP TRIGGER analytics_updated ON orders.orders`,
  `DROP TRIGGER analytics_inserted ON orders.orders`,
  `DROP INDEX orders.order_items_unlinked_name_idx`,
  `DROP INDEX orders.order_items_stock_item_latest_idx`,
  `DROP INDEX orders.orders_unlinked_client_name_idx`,
  `DROP FUNCTION orders.analytics_truncated()`,
  `DROP FUNCTION orders.analytics_rebuild()`,
  `DROP FUNCTION orders.analytics_items_deleted()`,
  `DROP FUNCTION orders.analytics_items_updated()`,
  `DROP FUNCTION orders.analytics_items_inserted()`,
  `DROP FUNCTION orders.analytics_order_deleting()`,
  `DROP FUNCTION orders.analytics_orders_updated()`,
  `DROP FUNCTION orders.analytics_orders_inserted()`,
  `DROP FUNCTION orders.analytics_apply_lines(orders.analytics_line_delta[])`,
  `DROP FUNCTION orders.analytics_apply_orders(orders.analytics_order_delta[])`,
  `DROP FUNCTION orders.analytics_line_figures(integer, date, orders.order_items)`,
  `DROP FUNCTION orders.analytics_order_figures(integer, orders.orders)`,
  `DROP TYPE orders.analytics_line_delta`,
  `DROP TYPE orders.analytics_order_delta`,
  `DROP TABLE orders.analytics_products`,
  `DROP TABLE orders.analytics_clients`,
  `DROP TABLE orders.analytics_days`,
  `DROP FUNCTION orders.analytics_period("char", date)`,
  `DROP FUNCTION orders.analytics_name_key(text)`,
  `DROP FUNCTION orders.analytics_name(text)`,
];
