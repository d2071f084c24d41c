// Inventory figures for `npm run bench`: reorder generation over 20,000 items and 1,000,000
// order lines, the take-out RPC under 20 concurrent orders, and the stock search through the
// gateway. Seeds straight into the bench database (set-based SQL), then measures the system.
import 'reflect-metadata';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const items = 20_000;
const takes = 250_000;
const linesPerTake = 4;

async function seed(databaseUrl, log) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(`
      INSERT INTO inventory.stock_items (name, name_ar, sku, quantity, unit, cost_price, selling_price, low_stock_threshold)
      SELECT 'Bench product ' || i || ' ' || (ARRAY['rice','milk','oil','sugar','tea','dates','flour','water'])[1 + i % 8],
             'صنف تجريبي ' || i, 'BENCH-' || i, 100 + (i % 400), 'carton', 10 + (i % 50), 12 + (i % 60), 10
      FROM generate_series(1, ${items}) AS i`);
    await client.query(`
      INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date)
      SELECT id, 'B-' || left(id::text, 8), quantity * 0.6, quantity * 0.6, current_date + (abs(hashtext(id::text)) % 200)
      FROM inventory.stock_items`);
    await client.query(`
      INSERT INTO inventory.stock_moves (move_key, kind, order_id, created_at)
      SELECT 'bench-take-' || g, 'take', gen_random_uuid(), now() - random() * interval '30 days'
      FROM generate_series(1, ${takes}) AS g`);
    await client.query(`
      WITH ids AS (SELECT array_agg(id) AS ids FROM inventory.stock_items)
      INSERT INTO inventory.stock_move_lines (move_id, line_no, stock_item_id, quantity)
      SELECT moves.id, line_no, ids.ids[1 + floor(random() * ${items})::int], 1 + floor(random() * 3)
      FROM inventory.stock_moves AS moves CROSS JOIN generate_series(1, ${linesPerTake}) AS line_no CROSS JOIN ids
      WHERE moves.move_key LIKE 'bench-take-%'`);
    await client.query('ANALYZE');
    log(
      `seeded ${items} items, ${takes * linesPerTake} order lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return (await client.query('SELECT id FROM inventory.stock_items ORDER BY random() LIMIT 2000')).rows.map(
      (row) => row.id,
    );
  } finally {
    await client.end();
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** 20 concurrent orders, each taking 3 lines, over real TCP with the typed client. */
async function takeOut(root, inventoryPort, itemIds) {
  const contracts = await import(pathToFileURL(join(root, 'libs/contracts/dist/index.js')).href);
  const { ClientProxyFactory, Transport } = await import('@nestjs/microservices');
  const proxy = ClientProxyFactory.create({
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: inventoryPort },
  });
  const client = new contracts.InventoryClient(proxy, 30_000);
  const total = 2_000;
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < total) {
        const index = next++;
        const orderId = randomUUID();
        const lines = [0, 1, 2].map((offset) => ({
          stockItemId: itemIds[(index * 3 + offset) % itemIds.length],
          quantity: 1,
        }));
        const before = performance.now();
        await client.takeStock({ moveKey: `bench-order-${orderId}`, orderId, lines }, { requestId: 'bench' });
        latencies.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await proxy.close();
  latencies.sort((a, b) => a - b);
  return {
    total,
    perSecond: Math.round(total / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function search(baseUrl, cookie, connections) {
  const result = await autocannon({
    url: `${baseUrl}/api/stock?limit=50&search=product%201`,
    headers: { cookie },
    connections,
    duration: 10,
  });
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

export async function benchInventory({ root, baseUrl, cookie, databaseUrl, inventoryPort, log }) {
  const itemIds = await seed(databaseUrl, log);

  log('reorder generation over the seeded history');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/stock/generate-reorder-suggestions`, {
    method: 'POST',
    headers: { cookie },
  });
  const reorderMs = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`reorder generation answered ${response.status}: ${await response.text()}`);
  const { generated } = await response.json();

  log('take-out RPC, 20 concurrent orders');
  const take = await takeOut(root, inventoryPort, itemIds);
  log('GET /api/stock?limit=50&search=...');
  const single = await search(baseUrl, cookie, 1);
  const loaded = await search(baseUrl, cookie, 10);

  const row = (s) => `| ${s.connections} | ${s.requestsPerSecond} | ${s.p50} | ${s.p99} | ${s.failures} |`;
  return [
    '## Inventory',
    '',
    `Seeded straight into the bench database: ${items.toLocaleString('en')} stock items with a batch each, and ${(takes * linesPerTake).toLocaleString('en')} order lines (${takes.toLocaleString('en')} takes) spread over the last 30 days.`,
    '',
    `- Reorder generation (POST /api/stock/generate-reorder-suggestions, through the gateway and the BullMQ job, one set-based statement): **${(reorderMs / 1000).toFixed(2)} s** for ${items.toLocaleString('en')} items and ${(takes * linesPerTake).toLocaleString('en')} order lines, ${generated} suggestions written (target under 5 s).`,
    `- Take-out RPC (inventory.take-stock over TCP, 3 lines an order, FEFO across batches, exactly-once key): ${take.total} orders from 20 concurrent clients: **${take.perSecond} moves/s**, p50 **${take.p50.toFixed(1)} ms**, p99 **${take.p99.toFixed(1)} ms**.`,
    '- `GET /api/stock?limit=50&search=product 1` over the 20,000 items, through the gateway with a session (target p50 under 5 ms at one connection, issue #23):',
    '',
    '| connections | requests/s | p50 ms | p99 ms | failures |',
    '| ---: | ---: | ---: | ---: | ---: |',
    row(single),
    row(loaded),
    '',
  ];
}
