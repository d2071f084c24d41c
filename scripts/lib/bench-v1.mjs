// Partner API figures for `npm run bench` (issue #8): `GET /api/v1/products?limit=100` over the
// 20,000 items the inventory part seeded, beside the same SELECT run straight against PostgreSQL
// by the same number of connections, and `POST /api/v1/orders` per second, each with its own
// Idempotency-Key. Runs after benchInventory (it needs the items) with a products/orders key.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const connections = 50;
const seconds = 10;
const pageSize = 100;
/**
 * The first ten pages (offsets 0 to 900), on both sides: the pages a partner's catalogue sync reads
 * first, and the same query at the same offsets for the API and the raw SELECT (issue #23).
 */
const pagesRead = 10;
/** The API and the raw SELECT each run this many times, taking turns. */
const ROUNDS = 2;

/**
 * What the inventory service runs for one page (services/inventory: StockItemsRepository.findPage
 * without search: by lower(name), id; one extra row tells whether another page follows).
 */
const pageSql = `
  SELECT id, name, name_ar, sku, quantity, unit, cost_price, selling_price, low_stock_threshold, updated_at
  FROM inventory.stock_items
  ORDER BY lower(name), id
  LIMIT $1 OFFSET $2`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The page query on `connections` pooled connections for `seconds`, over the same pages as the API. */
async function rawSelect(databaseUrl, pages, seconds) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies = [];
  try {
    // Open every connection before the clock starts, as the services' pools are already open.
    await Promise.all(Array.from({ length: connections }, () => pool.query('SELECT 1')));
    const until = performance.now() + seconds * 1000;
    let request = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const offset = (request++ % pages) * pageSize;
          const before = performance.now();
          await pool.query(pageSql, [pageSize + 1, offset]);
          latencies.push(performance.now() - before);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    total: latencies.length,
  };
}

async function createKey(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/api/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench partner', permissions: ['products:read', 'orders:read', 'orders:write'] }),
  });
  if (response.status !== 201) throw new Error(`creating an API key: ${response.status} ${await response.text()}`);
  return (await response.json()).key;
}

/** Rounds of one side as one figure: all requests over all the time, the rounds' mean p50 and worst p99. */
function combined(rounds, totalSeconds) {
  const total = rounds.reduce((sum, round) => sum + round.total, 0);
  return {
    requestsPerSecond: Math.round(total / totalSeconds),
    p50: Math.round(rounds.reduce((sum, round) => sum + round.p50, 0) / rounds.length),
    p99: Math.max(...rounds.map((round) => round.p99)),
    total,
    failures: rounds.reduce((sum, round) => sum + (round.failures ?? 0), 0),
  };
}

function summary(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Returns the markdown lines of the partner API section. */
export async function benchV1({ baseUrl, cookie, databaseUrl, log }) {
  const key = await createKey(baseUrl, cookie);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let itemCount;
  let stocked;
  try {
    itemCount = (await client.query('SELECT count(*)::int AS n FROM inventory.stock_items')).rows[0].n;
    stocked = (
      await client.query(
        `SELECT id, name, selling_price FROM inventory.stock_items WHERE quantity >= 100 ORDER BY random() LIMIT 2000`,
      )
    ).rows;
  } finally {
    await client.end();
  }
  const pages = Math.min(pagesRead, Math.max(1, Math.floor(itemCount / pageSize)));

  // The API and the raw SELECT take turns (half the time each, twice), so that what else the
  // shared machine does in one stretch weighs on both sides alike.
  let pageRequest = 0;
  const apiRounds = [];
  const rawRounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(
      `v1 products (round ${round}/${ROUNDS}): ${connections} connections for ${seconds / ROUNDS} s over ${itemCount} items`,
    );
    apiRounds.push(
      summary(
        await autocannon({
          url: `${baseUrl}/api/v1/products?limit=${pageSize}`,
          connections,
          duration: seconds / ROUNDS,
          headers: { 'x-api-key': key },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                path: `/api/v1/products?limit=${pageSize}&offset=${(pageRequest++ % pages) * pageSize}`,
              }),
            },
          ],
        }),
      ),
    );
    log(`raw SELECT (round ${round}/${ROUNDS}): ${connections} connections for ${seconds / ROUNDS} s`);
    rawRounds.push(await rawSelect(databaseUrl, pages, seconds / ROUNDS));
  }
  const products = combined(apiRounds, seconds);
  const raw = combined(rawRounds, seconds);

  log(`v1 orders: ${connections} connections for ${seconds} s`);
  let orderRequest = 0;
  const orders = summary(
    await autocannon({
      url: `${baseUrl}/api/v1/orders`,
      connections,
      duration: seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const index = orderRequest++;
            const lines = [0, 1, 2].map((offset) => stocked[(index * 3 + offset) % stocked.length]);
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                clientName: `Bench shop ${index % 200}`,
                items: lines.map((item) => ({
                  name: item.name,
                  stockItemId: item.id,
                  quantity: '1',
                  unitPrice: String(item.selling_price),
                })),
              }),
            };
          },
        },
      ],
    }),
  );

  const share = ((products.requestsPerSecond / raw.requestsPerSecond) * 100).toFixed(0);
  return [
    '',
    '## Partner API',
    '',
    `Through the gateway with an API key (\`X-API-Key\`; the per-key rate limit lifted for the run), ${connections} connections, ${seconds} s each, over the ${itemCount} stock items seeded above. Both sides read the same pages with the same query: offsets 0 to ${(pages - 1) * pageSize}, in turn. The product page and its raw SELECT take turns, ${seconds / ROUNDS} s at a time, ${ROUNDS} times each, so that the shared machine's other load weighs on both alike.`,
    '',
    '| call | requests/s | p50 ms | p99 ms | requests | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| GET /api/v1/products?limit=${pageSize} (key checked, rate counted in Redis, RPC to inventory, envelope) | ${products.requestsPerSecond} | ${products.p50} | ${products.p99} | ${products.total} | ${products.failures} |`,
    `| the same page SELECT straight on PostgreSQL (node-postgres pool of ${connections}) | ${raw.requestsPerSecond} | ${raw.p50} | ${raw.p99} | ${raw.total} | 0 |`,
    `| POST /api/v1/orders (3 linked lines, a new Idempotency-Key each) | ${orders.requestsPerSecond} | ${orders.p50} | ${orders.p99} | ${orders.total} | ${orders.failures} |`,
    '',
    `- The API serves **${share}%** of the raw SELECT's rate (target: at least 25%). Both run on the same ${connections} connections on the same machine, so the load generator, the gateway, the inventory service and PostgreSQL share its cores.`,
    '- An order through the partner API is one order creation of the orders service (numbering, client link, unit costs from inventory) plus the idempotency record; the Orders section above has the same creation through the session API.',
  ];
}
