import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Units, packs and prices on order lines (CONTRACT §10, docs/decisions/0014): the unit factor and
 * base quantity a line moves stock by, the base unit, a line discount; a client's price list.
 * Lines that exist get factor 1, their quantity as base quantity and no discount, so no total
 * or stock move changes. The analytics rollups (decision 0009) count products and their cost in
 * base units from now on: a carton of 12 is 12 pieces at the piece's cost.
 */
export class UnitsAndPriceLists1796200000000 implements MigrationInterface {
  name = 'UnitsAndPriceLists1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    // A SQL-standard function body depends on the row type it takes: it goes while the table changes.
    await runner.query(`DROP FUNCTION orders.analytics_line_figures(integer, date, orders.order_items)`);
    await runner.query(`
      ALTER TABLE orders.order_items
        ADD COLUMN unit_factor numeric(14,3) NOT NULL DEFAULT 1 CHECK (unit_factor > 0),
        ADD COLUMN base_quantity numeric(14,3),
        ADD COLUMN base_unit text,
        ADD COLUMN discount_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_percent >= 0 AND discount_percent <= 100)`);
    await runner.query(`ALTER TABLE orders.order_items DISABLE TRIGGER USER`);
    await runner.query(`UPDATE orders.order_items SET base_quantity = quantity`);
    await runner.query(`ALTER TABLE orders.order_items ENABLE TRIGGER USER`);
    await runner.query(`ALTER TABLE orders.order_items ALTER COLUMN base_quantity SET NOT NULL`);
    await runner.query(`ALTER TABLE orders.clients ADD COLUMN price_list_id uuid`);
    await runner.query(
      `CREATE INDEX clients_price_list_idx ON orders.clients (price_list_id) WHERE price_list_id IS NOT NULL`,
    );
    for (const statement of analyticsInBaseUnits) await runner.query(statement);
    await runner.query(`SELECT orders.analytics_rebuild()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP FUNCTION orders.analytics_line_figures(integer, date, orders.order_items)`);
    await runner.query(`DROP INDEX orders.clients_price_list_idx`);
    await runner.query(`ALTER TABLE orders.clients DROP COLUMN price_list_id`);
    await runner.query(
      `ALTER TABLE orders.order_items DROP COLUMN discount_percent, DROP COLUMN base_unit, DROP COLUMN base_quantity, DROP COLUMN unit_factor`,
    );
    for (const statement of analyticsInLineUnits) await runner.query(statement);
    await runner.query(`SELECT orders.analytics_rebuild()`);
  }
}

/** The rollups' line figures, their change detection and their rebuild, in base units. */
const analyticsInBaseUnits = [
  `CREATE OR REPLACE FUNCTION orders.analytics_line_figures(sign integer, day date, i orders.order_items)
     RETURNS orders.analytics_line_delta
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN ROW(
       day,
       coalesce(i.stock_item_id, orders.analytics_name_key(i.item_name)),
       CASE WHEN i.stock_item_id IS NULL THEN orders.analytics_name(i.item_name) END,
       sign,
       sign * i.base_quantity,
       sign * i.total_price,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign ELSE 0 END,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign * i.total_price ELSE 0 END,
       CASE WHEN i.unit_cost IS NOT NULL THEN sign * i.base_quantity * i.unit_cost ELSE 0 END
     )::orders.analytics_line_delta`,
  `CREATE OR REPLACE FUNCTION orders.analytics_items_updated() RETURNS trigger
     LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM orders.analytics_apply_lines(ARRAY(
         SELECT orders.analytics_line_figures(-1, o.business_day, x)
           FROM old_rows AS x JOIN orders.orders AS o ON o.id = x.order_id
          WHERE o.status <> 'cancelled'
            AND NOT EXISTS (SELECT FROM new_rows AS n WHERE n.id = x.id
                               AND (n.order_id, n.stock_item_id, n.item_name, n.base_quantity, n.total_price, n.unit_cost)
                                   IS NOT DISTINCT FROM (x.order_id, x.stock_item_id, x.item_name, x.base_quantity, x.total_price, x.unit_cost))
         UNION ALL
         SELECT orders.analytics_line_figures(1, o.business_day, n)
           FROM new_rows AS n JOIN orders.orders AS o ON o.id = n.order_id
          WHERE o.status <> 'cancelled'
            AND NOT EXISTS (SELECT FROM old_rows AS x WHERE x.id = n.id
                               AND (n.order_id, n.stock_item_id, n.item_name, n.base_quantity, n.total_price, n.unit_cost)
                                   IS NOT DISTINCT FROM (x.order_id, x.stock_item_id, x.item_name, x.base_quantity, x.total_price, x.unit_cost))));
       RETURN NULL;
     END $$`,
  `CREATE OR REPLACE FUNCTION orders.analytics_rebuild() RETURNS void
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
                           sum(i.base_quantity * i.unit_cost) AS cost
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
              count(*), (sum(i.base_quantity) * 1000)::bigint, (sum(i.total_price) * 100)::bigint
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
];

/** The same three as 1795900000000 made them, for `down`. */
const analyticsInLineUnits = [
  `CREATE OR REPLACE FUNCTION orders.analytics_line_figures(sign integer, day date, i orders.order_items)
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
  `CREATE OR REPLACE FUNCTION orders.analytics_items_updated() RETURNS trigger
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
  `CREATE OR REPLACE FUNCTION orders.analytics_rebuild() RETURNS void
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
];
