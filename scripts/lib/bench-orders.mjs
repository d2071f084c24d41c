// Orders figures for `npm run bench`: the dashboard and analytics over 1,000,000 orders (read from
// the rollups of docs/decisions/0009), and order creation through the gateway beside the raw
// PostgreSQL insert rate of the same rows. Seeds straight into the bench database (set-based SQL).
import autocannon from 'autocannon';
import pg from 'pg';

const orders = 1_000_000;
const clients = 500;
const stockItems = 2_000;
const days = 730;
const readSeconds = 10;
const writeSeconds = 10;
const writeConnections = 50;

/** Today in the business time zone (the services' default, Asia/Riyadh). */
function businessToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TIME_ZONE ?? 'Asia/Riyadh' }).format(
    new Date(),
  );
}

function addDays(day, count) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/**
 * 1,000,000 orders over the last 730 days (every status; 1 to 5 lines, about 3 on average), 500
 * clients (one order in ten without a client, under 50 walk-in names), 2,000 stock items (one line
 * in twenty unlinked, under 512 loose names). For speed the load runs with the rollup triggers
 * off and the non-unique indexes dropped (recreated from their own definitions afterwards), then
 * the rollups are rebuilt by the migration's own backfill function, orders.analytics_rebuild().
 */
async function seed(databaseUrl, today, log) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const timings = {};
  const timed = async (name, sql) => {
    const started = performance.now();
    await client.query(sql);
    timings[name] = (timings[name] ?? 0) + (performance.now() - started) / 1000;
  };
  try {
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`SET work_mem = '64MB'`);
    await timed(
      'load',
      `INSERT INTO inventory.stock_items (name, name_ar, sku, quantity, unit, cost_price, selling_price, low_stock_threshold)
       SELECT 'Order bench item ' || s, 'صنف طلبات ' || s, 'BENCH-ORD-' || s, 1000000, 'carton',
              5 + s % 40, 7 + s % 40 + (s % 7) * 0.25, 10
         FROM generate_series(0, ${stockItems - 1}) AS s`,
    );
    await timed(
      'load',
      `INSERT INTO orders.clients (name, name_ar, phone)
       SELECT 'Bench Client ' || c, 'عميل تجريبي ' || c, '+966 50 ' || lpad(c::text, 7, '0')
         FROM generate_series(1, ${clients}) AS c`,
    );
    await client.query(`ALTER TABLE orders.orders DISABLE TRIGGER USER`);
    await client.query(`ALTER TABLE orders.order_items DISABLE TRIGGER USER`);
    const { rows: indexes } = await client.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index AS i
        WHERE i.indrelid IN ('orders.orders'::regclass, 'orders.order_items'::regclass)
          AND NOT i.indisprimary AND NOT i.indisunique`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await timed(
      'load',
      `CREATE TEMP TABLE bench_items AS
       SELECT row_number() OVER (ORDER BY sku) - 1 AS n, id, name, name_ar, cost_price AS cost, selling_price AS price
         FROM inventory.stock_items WHERE sku LIKE 'BENCH-ORD-%'`,
    );
    await timed(
      'load',
      `CREATE TEMP TABLE bench_clients AS
       SELECT row_number() OVER (ORDER BY name) - 1 AS n, id, name FROM orders.clients WHERE name LIKE 'Bench Client %'`,
    );
    await timed(
      'load',
      `CREATE TEMP TABLE bench_orders AS
       SELECT row_number() OVER (ORDER BY day, g) AS seq, *
         FROM (SELECT g,
                      '${today}'::date - (hashint4(g) & 1048575) % ${days} AS day,
                      CASE WHEN g % 10 = 0 THEN NULL ELSE (g::bigint * 7919) % ${clients} END AS client_n,
                      (ARRAY['pending', 'confirmed', 'completed', 'completed', 'confirmed', 'completed',
                             'cancelled', 'completed', 'confirmed', 'completed'])[1 + (hashint4(g + 1) & 1023) % 10] AS status,
                      1 + (hashint4(g + 2) & 1023) % 5 AS lines
                 FROM generate_series(1, ${orders}) AS g) AS s`,
    );
    await timed(
      'load',
      `CREATE TEMP TABLE bench_lines AS
       SELECT o.seq, l AS line_no, o.day,
              CASE WHEN (o.g + l) % 20 = 0 THEN NULL ELSE (hashint4(o.g * 8 + l) & 1048575) % ${stockItems} END AS item_n,
              (1 + (hashint4(o.g * 8 + l + 3) & 1023) % 12)::numeric(14,3) AS quantity,
              hashint4(o.g * 8 + l + 5) & 511 AS loose_n
         FROM bench_orders AS o CROSS JOIN LATERAL generate_series(1, o.lines) AS l`,
    );
    // Seeded numbers follow those already taken (the partner API's run makes orders first), and the
    // yearly counters continue after the seeded numbers, so no two orders share a number.
    await timed(
      'load',
      `CREATE TEMP TABLE bench_number_base AS SELECT year, last_number FROM orders.order_number_counters`,
    );
    await timed(
      'load',
      `INSERT INTO orders.order_number_counters AS counter (year, last_number)
       SELECT extract(year FROM day)::int, count(*) FROM bench_orders GROUP BY 1
       ON CONFLICT (year) DO UPDATE SET last_number = counter.last_number + excluded.last_number`,
    );
    await timed(
      'load',
      `INSERT INTO orders.orders (id, order_number, client_id, client_name, status, total_amount, source, business_day,
                                  first_committed_at, created_at, updated_at)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(o.seq), 12, '0'))::uuid,
              format('ORD-%s-%s', extract(year FROM o.day),
                     lpad((coalesce(b.last_number, 0)
                           + row_number() OVER (PARTITION BY extract(year FROM o.day) ORDER BY o.seq))::text, 6, '0')),
              c.id, coalesce(c.name, 'Walk-in customer ' || (o.g / 10) % 50), o.status, t.total, 'manual', o.day,
              CASE WHEN o.status IN ('confirmed', 'completed') THEN o.day + time '12:00' END,
              o.day + time '05:00' + (o.g % 36000) * interval '1 second',
              o.day + time '05:00' + (o.g % 36000) * interval '1 second'
         FROM bench_orders AS o
         LEFT JOIN bench_number_base AS b ON b.year = extract(year FROM o.day)
         LEFT JOIN bench_clients AS c ON c.n = o.client_n
         JOIN (SELECT l.seq, sum(round(l.quantity * coalesce(i.price, 9.50), 2)) AS total
                 FROM bench_lines AS l LEFT JOIN bench_items AS i ON i.n = l.item_n GROUP BY l.seq) AS t ON t.seq = o.seq
        ORDER BY o.seq`,
    );
    await timed(
      'load',
      `INSERT INTO orders.order_items (id, order_id, line_no, stock_item_id, sku, item_name, item_name_ar, quantity, unit,
                                       base_quantity, base_unit, unit_price, total_price, unit_cost, created_at)
       SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(l.seq * 8 + l.line_no), 12, '0'))::uuid,
              ('00000000-0000-4000-8000-' || lpad(to_hex(l.seq), 12, '0'))::uuid,
              l.line_no, i.id, CASE WHEN i.id IS NOT NULL THEN 'BENCH-ORD-' || i.n END,
              coalesce(i.name, 'Loose item ' || l.loose_n), i.name_ar, l.quantity, 'piece',
              l.quantity, CASE WHEN i.id IS NOT NULL THEN 'piece' END, coalesce(i.price, 9.50), round(l.quantity * coalesce(i.price, 9.50), 2), i.cost,
              l.day + time '05:00'
         FROM bench_lines AS l LEFT JOIN bench_items AS i ON i.n = l.item_n
        ORDER BY l.seq, l.line_no`,
    );
    for (const index of indexes) await timed('indexes', index.definition);
    await client.query(`ALTER TABLE orders.orders ENABLE TRIGGER USER`);
    await client.query(`ALTER TABLE orders.order_items ENABLE TRIGGER USER`);
    await timed('rollups', `SELECT orders.analytics_rebuild()`);
    await timed(
      'analyze',
      `VACUUM ANALYZE orders.orders, orders.order_items, orders.clients,
                             orders.analytics_days, orders.analytics_clients, orders.analytics_products`,
    );
    const { rows: counted } = await client.query(
      `SELECT (SELECT count(*) FROM orders.orders)::int AS orders, (SELECT count(*) FROM orders.order_items)::int AS lines,
              (SELECT count(*) FROM orders.analytics_clients)::int AS client_rows,
              (SELECT count(*) FROM orders.analytics_products)::int AS product_rows`,
    );
    const { rows: items } = await client.query(
      `SELECT id, name, selling_price AS price, cost_price AS cost FROM inventory.stock_items WHERE sku LIKE 'BENCH-ORD-%' ORDER BY sku`,
    );
    const seconds = Object.fromEntries(Object.entries(timings).map(([name, value]) => [name, value.toFixed(1)]));
    log(`seeded ${counted[0].orders} orders, ${counted[0].lines} lines: ${JSON.stringify(seconds)} s`);
    return { counted: counted[0], seconds, items };
  } finally {
    await client.end();
  }
}

async function read(name, url, cookie, connections) {
  const result = await autocannon({ url, headers: { cookie }, connections, duration: readSeconds });
  return {
    name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** POST /api/orders/manual, 3 lines linked to stock each, from 50 connections. */
async function createThroughGateway(baseUrl, cookie, items, clientPrefix) {
  let next = 0;
  const body = () => {
    next += 1;
    const lines = [0, 1, 2].map((offset) => {
      const item = items[(next * 7 + offset * 613) % items.length];
      return { itemName: item.name, quantity: 1 + ((next + offset) % 4), unitPrice: item.price, stockItemId: item.id };
    });
    return JSON.stringify({ clientName: `${clientPrefix} ${1 + (next % clients)}`, items: lines });
  };
  const result = await autocannon({
    url: `${baseUrl}/api/orders/manual`,
    connections: writeConnections,
    duration: writeSeconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        setupRequest: (request) => ({ ...request, body: body() }),
      },
    ],
  });
  return {
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The same rows written straight into PostgreSQL: per order one transaction with the year's
 * counter (as the service numbers orders), the order and its 3 lines, from 50 connections.
 */
async function insertDirectly(databaseUrl, items, today, clientPrefix) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: writeConnections });
  const latencies = [];
  let next = 0;
  const deadline = performance.now() + writeSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writeConnections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          next += 1;
          const n = next;
          const lines = [0, 1, 2].map((offset) => ({
            item: items[(n * 11 + offset * 613) % items.length],
            quantity: 1 + ((n + offset) % 4),
          }));
          const before = performance.now();
          await client.query('BEGIN');
          const {
            rows: [counter],
          } = await client.query(
            `INSERT INTO orders.order_number_counters AS counter (year, last_number) VALUES ($1, 1)
             ON CONFLICT (year) DO UPDATE SET last_number = counter.last_number + 1 RETURNING last_number`,
            [Number(today.slice(0, 4))],
          );
          const {
            rows: [order],
          } = await client.query(
            `INSERT INTO orders.orders (order_number, client_name, status, total_amount, source, business_day)
             SELECT $1, $2, 'pending', sum(round(l.quantity * l.price, 2)), 'manual', $3
               FROM unnest($4::numeric[], $5::numeric[]) AS l (quantity, price)
             RETURNING id`,
            [
              `ORD-${today.slice(0, 4)}-${String(counter.last_number).padStart(6, '0')}`,
              `${clientPrefix} ${n % clients}`,
              today,
              lines.map((line) => line.quantity),
              lines.map((line) => line.item.price),
            ],
          );
          await client.query(
            `INSERT INTO orders.order_items (order_id, line_no, stock_item_id, item_name, quantity, base_quantity, base_unit,
                                             unit_price, total_price, unit_cost)
             SELECT $1, line_no, stock_item_id, item_name, quantity, quantity, 'piece', unit_price,
                    round(quantity * unit_price, 2), unit_cost
               FROM unnest($2::uuid[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
                    WITH ORDINALITY AS l (stock_item_id, item_name, quantity, unit_price, unit_cost, line_no)`,
            [
              order.id,
              lines.map((line) => line.item.id),
              lines.map((line) => line.item.name),
              lines.map((line) => line.quantity),
              lines.map((line) => line.item.price),
              lines.map((line) => line.item.cost),
            ],
          );
          await client.query('COMMIT');
          latencies.push(performance.now() - before);
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
  };
}

const analyticsTriggers = [
  'analytics_inserted ON orders.orders',
  'analytics_updated ON orders.orders',
  'analytics_deleting ON orders.orders',
  'analytics_inserted ON orders.order_items',
  'analytics_updated ON orders.order_items',
  'analytics_deleted ON orders.order_items',
];

/**
 * Waits until no order is being created any more: autocannon stops at its deadline without
 * waiting for the requests the gateway and the orders service still hold, which commit after.
 */
async function settle(client) {
  let last = null;
  for (;;) {
    const { rows } = await client.query(
      `SELECT coalesce(sum(last_number), 0)::int AS n FROM orders.order_number_counters`,
    );
    if (rows[0].n === last) return;
    last = rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Runs `write` (whose orders are named `${clientPrefix} n`) with the rollup triggers off, for
 * their cost, then deletes those orders (triggers still off) so the rollups stay equal to the
 * base tables.
 */
async function withoutRollups(databaseUrl, clientPrefix, write) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const toggle = async (state) => {
    for (const trigger of analyticsTriggers) {
      const [name, table] = trigger.split(' ON ');
      await client.query(`ALTER TABLE ${table} ${state} TRIGGER ${name}`);
    }
  };
  try {
    await settle(client);
    await toggle('DISABLE');
    const result = await write();
    await settle(client);
    await client.query(`DELETE FROM orders.orders WHERE client_name LIKE $1`, [`${clientPrefix} %`]);
    return result;
  } finally {
    await toggle('ENABLE');
    await client.end();
  }
}

/** The per-day rollup against a GROUP BY over the base tables, after the concurrent writes. */
async function checkRollups(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`
      WITH expected AS (
        SELECT o.business_day AS day, count(*)::int AS orders_all,
               (count(*) FILTER (WHERE o.status = 'pending'))::int AS orders_pending,
               (count(*) FILTER (WHERE o.status <> 'cancelled'))::int AS orders,
               coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'cancelled'), 0) AS revenue
          FROM orders.orders AS o GROUP BY 1
      ), actual AS (
        SELECT day, orders_all, orders_pending, orders, revenue FROM orders.analytics_days WHERE orders_all <> 0
      )
      SELECT count(DISTINCT day)::int AS differences, (SELECT count(*)::int FROM orders.orders) AS orders
        FROM ((TABLE expected EXCEPT TABLE actual) UNION ALL (TABLE actual EXCEPT TABLE expected)) AS x`);
    return rows[0];
  } finally {
    await client.end();
  }
}

export async function benchOrders({ baseUrl, cookie, databaseUrl, log }) {
  const today = businessToday();
  const seeded = await seed(databaseUrl, today, log);

  const last30 = `from=${addDays(today, -29)}&to=${today}`;
  const routes = [
    ['GET /api/dashboard/stats', `${baseUrl}/api/dashboard/stats`],
    ['GET /api/analytics (since the first order)', `${baseUrl}/api/analytics`],
    ['GET /api/analytics (last 30 days)', `${baseUrl}/api/analytics?${last30}`],
  ];
  // One call each first, so the figures below are of a warm service and cache.
  for (const [, url] of routes) {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  const reads = [];
  for (const [name, url] of routes) {
    for (const connections of [1, 10]) {
      log(`${name}: ${connections} connection(s) for ${readSeconds} s`);
      reads.push(await read(name, url, cookie, connections));
    }
  }

  log(`POST /api/orders/manual: ${writeConnections} connections for ${writeSeconds} s`);
  const gateway = await createThroughGateway(baseUrl, cookie, seeded.items, 'Bench Client');
  log(`the same with the rollup triggers off: ${writeConnections} connections for ${writeSeconds} s`);
  const gatewayBare = await withoutRollups(databaseUrl, 'Bench Buyer without rollups', () =>
    createThroughGateway(baseUrl, cookie, seeded.items, 'Bench Buyer without rollups'),
  );
  log(`raw PostgreSQL inserts of the same rows: ${writeConnections} connections for ${writeSeconds} s`);
  const raw = await insertDirectly(databaseUrl, seeded.items, today, 'Raw Client');
  log(`the same raw inserts with the rollup triggers off: ${writeConnections} connections for ${writeSeconds} s`);
  const rawBare = await withoutRollups(databaseUrl, 'Raw Client without rollups', () =>
    insertDirectly(databaseUrl, seeded.items, today, 'Raw Client without rollups'),
  );
  const check = await checkRollups(databaseUrl);

  const row = (r) => `| ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.failures} |`;
  return [
    '## Orders: dashboard and analytics',
    '',
    `Seeded straight into the bench database: ${seeded.counted.orders.toLocaleString('en')} orders with ${seeded.counted.lines.toLocaleString('en')} lines over the last ${days} days (every status, ${clients} clients and walk-ins, ${stockItems.toLocaleString('en')} stock items and loose lines): load ${seeded.seconds.load} s with the rollup triggers off, indexes rebuilt ${seeded.seconds.indexes} s, rollups rebuilt by the migration's backfill (\`orders.analytics_rebuild()\`) ${seeded.seconds.rollups} s (${seeded.counted.client_rows.toLocaleString('en')} client and ${seeded.counted.product_rows.toLocaleString('en')} product rollup rows). Figures come from rollups kept by triggers (docs/decisions/0009-analytics-rollups.md); target p50 under 100 ms.`,
    '',
    '| route | connections | requests/s | p50 ms | p99 ms | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...reads.map(row),
    '',
    `- Order creation, ${writeConnections} connections for ${writeSeconds} s each, 3 lines linked to stock per order. Through the gateway: \`POST /api/orders/manual\` (the orders service asks inventory for the items, numbers the order, inserts it and its lines). Straight into PostgreSQL: per order one transaction with the year's number counter, the order and its 3 lines, as the service does. Every new order holds the year's counter row until it commits, so all four rates are bounded by one commit at a time. The runs with the rollup triggers off measure what the triggers cost; their orders were deleted again.`,
    '',
    '| order creation | rollup triggers | orders/s | p50 ms | p99 ms | orders | failures |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    `| POST /api/orders/manual | on | ${gateway.perSecond} | ${gateway.p50} | ${gateway.p99} | ${gateway.total} | ${gateway.failures} |`,
    `| POST /api/orders/manual | off | ${gatewayBare.perSecond} | ${gatewayBare.p50} | ${gatewayBare.p99} | ${gatewayBare.total} | ${gatewayBare.failures} |`,
    `| raw SQL, one transaction each | on | ${raw.perSecond} | ${raw.p50.toFixed(1)} | ${raw.p99.toFixed(1)} | ${raw.total} | 0 |`,
    `| raw SQL, one transaction each | off | ${rawBare.perSecond} | ${rawBare.p50.toFixed(1)} | ${rawBare.p99.toFixed(1)} | ${rawBare.total} | 0 |`,
    '',
    `- Order creation through the gateway runs at **${((gateway.perSecond / raw.perSecond) * 100).toFixed(0)}%** of the raw transaction's rate, both with the rollup triggers on (target: at least 15%, issue #23; \`POST /api/v1/orders\` (the partner API section) compares with this same raw figure).`,
    '',
    `- After those writes, the per-day rollup against a GROUP BY over the ${check.orders.toLocaleString('en')} orders: **${check.differences} days differ**.`,
    '',
  ];
}
