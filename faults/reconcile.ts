/**
 * The reconciliation check, in SQL over the services' schemas (one database, a schema each):
 * stock, batches, what each order holds, invoices and numbers must agree exactly. Every
 * disagreement is one line in `mismatches` (the target is none).
 */
import { Queue } from 'bullmq';
import pg from 'pg';
import { call, sleep } from './api.js';
import { ports, REDIS_PREFIX, type SeededItem } from './settings.js';
import type { Intent } from './workload.js';

/** libs/contracts/src/queues.ts: queue names are a contract and never renamed. */
const queues = [
  'invoice-create',
  'invoice-render',
  'order-stock-repair',
  'webhook-events',
  'webhook-deliver',
  'ai-parse',
  'zatca-submit',
];

export interface Reconciliation {
  mismatches: string[];
  figures: {
    stockItems: number;
    orders: Record<string, number>;
    ordersThatEnteredCommitted: number;
    customerInvoices: number;
    supplierInvoices: number;
    receipts: number;
    stockMoves: { takes: number; putBacks: number };
    numbers: Record<string, { count: number; first: number; last: number }>;
    zatca: ZatcaFigures;
  };
}

export interface ZatcaFigures {
  documents: number;
  byStatus: Record<string, number>;
  /** Documents ZATCA (the simulator) received more than once: resent after a lost answer. */
  resent: number;
}

/** GET /simulator/state of the Fatoora simulator npm start runs: what ZATCA received, per document UUID. */
async function zatcaSubmissions(): Promise<Record<string, { submitted: number; accepted: number }>> {
  const response = await fetch(`http://127.0.0.1:${ports.fatoora}/simulator/state`, {
    signal: AbortSignal.timeout(10_000),
  });
  const state = (await response.json()) as { submissions: Record<string, { submitted: number; accepted: number }> };
  return state.submissions;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function reconcile(databaseUrl: string, items: SeededItem[]): Promise<Reconciliation> {
  return withClient(databaseUrl, async (db) => {
    const mismatches: string[] = [];
    const rows = async <R extends pg.QueryResultRow>(sql: string): Promise<R[]> => (await db.query<R>(sql)).rows;

    // 1. Each item: on hand = received − what committed orders' lines take; = received − taken + put
    //    back (the ledger of moves); the batches hold all of it (everything came in batches).
    const stock = await rows<{
      id: string;
      sku: string;
      quantity: string;
      received: string;
      committed: string;
      taken: string;
      returned: string;
      batched: string;
    }>(`
      WITH committed AS (
        SELECT i.stock_item_id AS id, sum(i.quantity) AS q
        FROM orders.order_items i JOIN orders.orders o ON o.id = i.order_id
        WHERE o.status IN ('confirmed', 'completed') AND i.stock_item_id IS NOT NULL
        GROUP BY 1),
      received AS (
        SELECT (line->>'stockItemId')::uuid AS id, sum((line->>'quantity')::numeric) AS q
        FROM inventory.receipts r, jsonb_array_elements(r.result->'lines') AS line
        GROUP BY 1),
      moved AS (
        SELECT l.stock_item_id AS id,
               sum(l.quantity) FILTER (WHERE m.kind = 'take') AS taken,
               sum(l.quantity) FILTER (WHERE m.kind = 'put') AS returned
        FROM inventory.stock_move_lines l JOIN inventory.stock_moves m ON m.id = l.move_id
        GROUP BY 1),
      batched AS (SELECT stock_item_id AS id, sum(quantity) AS q FROM inventory.stock_batches GROUP BY 1)
      SELECT s.id, s.sku, s.quantity::text,
             coalesce(r.q, 0)::text AS received, coalesce(c.q, 0)::text AS committed,
             coalesce(m.taken, 0)::text AS taken, coalesce(m.returned, 0)::text AS returned,
             coalesce(b.q, 0)::text AS batched
      FROM inventory.stock_items s
      LEFT JOIN committed c ON c.id = s.id LEFT JOIN received r ON r.id = s.id
      LEFT JOIN moved m ON m.id = s.id LEFT JOIN batched b ON b.id = s.id
      ORDER BY s.sku`);
    const n = (text: string): number => Math.round(Number(text) * 1000);
    for (const item of stock) {
      const seeded = items.find((candidate) => candidate.id === item.id);
      if (seeded && n(item.received) !== seeded.received * 1000) {
        mismatches.push(`${item.sku}: receipts hold ${item.received}, the suite received ${seeded.received}`);
      }
      if (n(item.quantity) !== n(item.received) - n(item.committed)) {
        mismatches.push(
          `${item.sku}: quantity ${item.quantity} ≠ received ${item.received} − committed order lines ${item.committed}`,
        );
      }
      if (n(item.quantity) !== n(item.received) - n(item.taken) + n(item.returned)) {
        mismatches.push(
          `${item.sku}: quantity ${item.quantity} ≠ received ${item.received} − taken ${item.taken} + returned ${item.returned}`,
        );
      }
      if (n(item.batched) !== n(item.quantity)) {
        mismatches.push(
          `${item.sku}: batches hold ${item.batched}, the item ${item.quantity} (no unbatched stock here)`,
        );
      }
    }

    // 2. Each batch: what it received, less what takes took from it, plus what put-backs returned.
    const batches = await rows<{ id: string; batch_number: string; quantity: string; expected: string }>(`
      SELECT b.id, b.batch_number, b.quantity::text,
             (b.received_quantity
               - coalesce(sum(l.quantity) FILTER (WHERE m.kind = 'take'), 0)
               + coalesce(sum(l.quantity) FILTER (WHERE m.kind = 'put'), 0))::text AS expected
      FROM inventory.stock_batches b
      LEFT JOIN inventory.stock_move_lines l ON l.batch_id = b.id
      LEFT JOIN inventory.stock_moves m ON m.id = l.move_id
      GROUP BY b.id
      HAVING b.quantity <> b.received_quantity
               - coalesce(sum(l.quantity) FILTER (WHERE m.kind = 'take'), 0)
               + coalesce(sum(l.quantity) FILTER (WHERE m.kind = 'put'), 0)`);
    for (const batch of batches) {
      mismatches.push(`batch ${batch.batch_number}: holds ${batch.quantity}, its moves say ${batch.expected}`);
    }

    // 3. Each order: inventory holds exactly its linked lines while it is committed, nothing otherwise.
    const holds = await rows<{ order_number: string; status: string; sku: string; held: string; expected: string }>(`
      WITH held AS (
        SELECT m.order_id, l.stock_item_id,
               sum(CASE WHEN m.kind = 'take' THEN l.quantity ELSE -l.quantity END) AS q
        FROM inventory.stock_moves m JOIN inventory.stock_move_lines l ON l.move_id = m.id
        GROUP BY 1, 2),
      expected AS (
        SELECT o.id AS order_id, i.stock_item_id, sum(i.quantity) AS q
        FROM orders.orders o JOIN orders.order_items i ON i.order_id = o.id
        WHERE o.status IN ('confirmed', 'completed') AND i.stock_item_id IS NOT NULL
        GROUP BY 1, 2),
      compared AS (
        SELECT coalesce(h.order_id, e.order_id) AS order_id, coalesce(h.stock_item_id, e.stock_item_id) AS item_id,
               coalesce(h.q, 0) AS held, coalesce(e.q, 0) AS expected
        FROM held h FULL JOIN expected e ON e.order_id = h.order_id AND e.stock_item_id = h.stock_item_id)
      SELECT coalesce(o.order_number, c.order_id::text) AS order_number, coalesce(o.status, 'unknown order') AS status,
             s.sku, c.held::text, c.expected::text
      FROM compared c
      LEFT JOIN orders.orders o ON o.id = c.order_id
      LEFT JOIN inventory.stock_items s ON s.id = c.item_id
      WHERE c.held <> c.expected`);
    for (const hold of holds) {
      mismatches.push(
        `${hold.order_number} (${hold.status}): inventory holds ${hold.held} of ${hold.sku}, its lines say ${hold.expected}`,
      );
    }

    // 4. Invoices (CONTRACT §11, decision 0015): at most one per commit cycle of an order; a
    //    committed order has its current cycle's invoice, uncredited, its subtotal the order's
    //    total; every other invoice of the order is undone by a full credit note (a cycle that
    //    ended before its invoice was issued has none). So no order has two uncredited invoices.
    const invoices = await rows<{
      order_number: string;
      status: string;
      commit_count: number;
      entered: boolean;
      took: boolean;
      total: string;
      cycles: Array<{ cycle: number; subtotal: string; credited: boolean }> | null;
    }>(`
      SELECT o.order_number, o.status, o.commit_count, o.first_committed_at IS NOT NULL AS entered,
             EXISTS (SELECT 1 FROM inventory.stock_moves m WHERE m.order_id = o.id AND m.kind = 'take') AS took,
             o.total_amount::text AS total,
             (SELECT json_agg(json_build_object(
                       'cycle', inv.commit_cycle, 'subtotal', inv.subtotal::text,
                       'credited', EXISTS (SELECT 1 FROM billing.invoices cn
                                            WHERE cn.original_invoice_id = inv.id AND cn.type = 'credit_note'
                                              AND cn.return_id IS NULL))
                     ORDER BY inv.commit_cycle)
                FROM billing.invoices inv WHERE inv.order_id = o.id AND inv.type = 'customer') AS cycles
      FROM orders.orders o`);
    for (const order of invoices) {
      const cycles = order.cycles ?? [];
      const committed = order.status === 'confirmed' || order.status === 'completed';
      if (new Set(cycles.map((entry) => entry.cycle)).size !== cycles.length) {
        mismatches.push(`${order.order_number}: two invoices for one commit cycle`);
      }
      if (cycles.some((entry) => entry.cycle < 1 || entry.cycle > order.commit_count)) {
        mismatches.push(`${order.order_number}: an invoice of a cycle it never had (${order.commit_count} cycles)`);
      }
      const current = cycles.find((entry) => entry.cycle === order.commit_count);
      if (committed && !current) {
        mismatches.push(
          `${order.order_number}: ${order.status} without the invoice of its cycle ${order.commit_count}`,
        );
      } else if (committed && Number(current!.subtotal) !== Number(order.total)) {
        mismatches.push(`${order.order_number}: invoice subtotal ${current!.subtotal} ≠ order total ${order.total}`);
      }
      const uncredited = cycles.filter((entry) => !entry.credited);
      const allowed = committed ? [order.commit_count] : [];
      if (uncredited.some((entry) => !allowed.includes(entry.cycle))) {
        mismatches.push(
          `${order.order_number} (${order.status}): uncredited invoices of cycles ${uncredited.map((entry) => entry.cycle).join(', ')}`,
        );
      }
      // (A take without the committed state is allowed: a confirm whose end was lost is put back, 0008.)
      if (order.entered && !order.took) {
        mismatches.push(`${order.order_number}: entered a committed state without taking stock`);
      }
    }
    // Every invoice's settlement agrees with its payments and credit notes: paid + credited + balance = total.
    const settlements = await rows<{ invoice_number: string; problem: string }>(`
      SELECT inv.invoice_number,
             concat_ws(' ', 'total', b.total_amount, 'paid', b.paid_amount, '(payments', p.paid, ') credited',
                       b.credited_amount, '(credit notes', c.credited, ') balance', b.balance_due) AS problem
        FROM billing.invoices inv
        LEFT JOIN billing.invoice_balances b ON b.invoice_id = inv.id
        LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS paid FROM billing.payments
                            WHERE invoice_id = inv.id AND deleted_at IS NULL) p ON true
        LEFT JOIN LATERAL (SELECT coalesce(sum(total_amount), 0) AS credited FROM billing.invoices
                            WHERE original_invoice_id = inv.id AND type = 'credit_note') c ON true
       WHERE inv.type = 'customer'
         AND (b.invoice_id IS NULL OR b.total_amount <> inv.total_amount OR b.paid_amount <> p.paid
              OR b.credited_amount <> c.credited OR c.credited > inv.total_amount
              OR b.paid_amount + b.credited_amount + b.balance_due <> inv.total_amount)`);
    for (const settlement of settlements) {
      mismatches.push(`${settlement.invoice_number}: settlement disagrees (${settlement.problem})`);
    }
    const orphans = await rows<{ invoice_number: string }>(`
      SELECT inv.invoice_number FROM billing.invoices inv
      WHERE inv.type = 'customer' AND NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id = inv.order_id)`);
    for (const orphan of orphans) mismatches.push(`${orphan.invoice_number}: a customer invoice without its order`);
    const supplier = await rows<{ receipts: number; invoices: number }>(`
      SELECT (SELECT count(*)::int FROM inventory.receipts) AS receipts,
             (SELECT count(*)::int FROM billing.invoices WHERE type = 'supplier') AS invoices`);
    if (supplier[0]!.receipts !== supplier[0]!.invoices) {
      mismatches.push(`${supplier[0]!.receipts} goods receipts but ${supplier[0]!.invoices} supplier invoices`);
    }

    // 5. Numbers: per series and year, 1..N with no gap and no duplicate, and the counter at N.
    const numbers = await rows<{
      series: string;
      year: string;
      count: number;
      distinct: number;
      first: number;
      last: number;
      counter: number | null;
    }>(`
      WITH numbered AS (
        SELECT split_part(order_number, '-', 1) AS series, split_part(order_number, '-', 2) AS year,
               order_number AS number, split_part(order_number, '-', 3)::int AS n
        FROM orders.orders
        UNION ALL
        SELECT split_part(invoice_number, '-', 1), split_part(invoice_number, '-', 2),
               invoice_number, split_part(invoice_number, '-', 3)::int
        FROM billing.invoices),
      counters AS (
        SELECT 'ORD' AS series, year::text AS year, last_number FROM orders.order_number_counters
        UNION ALL
        SELECT CASE series WHEN 'customer' THEN 'INV' WHEN 'supplier' THEN 'SUP' ELSE series END, year::text, last_number
        FROM billing.invoice_number_counters)
      SELECT n.series, n.year, count(*)::int AS count, count(DISTINCT n.number)::int AS distinct,
             min(n.n) AS first, max(n.n) AS last, max(c.last_number) AS counter
      FROM numbered n LEFT JOIN counters c ON c.series = n.series AND c.year = n.year
      GROUP BY n.series, n.year ORDER BY 1, 2`);
    const numberFigures: Reconciliation['figures']['numbers'] = {};
    for (const series of numbers) {
      const name = `${series.series}-${series.year}`;
      numberFigures[name] = { count: series.count, first: series.first, last: series.last };
      if (series.distinct !== series.count)
        mismatches.push(`${name}: ${series.count - series.distinct} duplicate numbers`);
      if (series.first !== 1 || series.last !== series.count) {
        mismatches.push(`${name}: numbers ${series.first}..${series.last} for ${series.count} documents (a gap)`);
      }
      if (series.counter !== null && series.counter !== series.last) {
        mismatches.push(`${name}: the counter says ${series.counter}, the last number is ${series.last}`);
      }
    }

    // 6. ZATCA (the suite onboards before any sale): every customer invoice and credit note has its
    //    signed document; ICVs 1..n without gap or repeat, each PIH the hash before; nothing left
    //    pending or refused; ZATCA accepted each document exactly once, whatever was resent.
    const unsigned = await rows<{ invoice_number: string }>(`
      SELECT i.invoice_number FROM billing.invoices i
      WHERE i.type IN ('customer', 'credit_note')
        AND NOT EXISTS (SELECT 1 FROM billing.zatca_documents d WHERE d.invoice_id = i.id)`);
    for (const invoice of unsigned) mismatches.push(`${invoice.invoice_number}: issued without a ZATCA document`);
    const documents = await rows<{ icv: number; pih: string; invoice_hash: string; uuid: string; status: string }>(
      `SELECT icv, pih, invoice_hash, uuid, status FROM billing.zatca_documents ORDER BY icv`,
    );
    documents.forEach((document, index) => {
      if (document.icv !== index + 1) mismatches.push(`ZATCA: ICV ${document.icv} where ${index + 1} was due`);
      const previous = documents[index - 1];
      if (previous && document.pih !== previous.invoice_hash) {
        mismatches.push(`ZATCA: ICV ${document.icv} does not chain to ICV ${previous.icv}`);
      }
    });
    const submissions = await zatcaSubmissions();
    const byStatus: Record<string, number> = {};
    let resent = 0;
    for (const document of documents) {
      byStatus[document.status] = (byStatus[document.status] ?? 0) + 1;
      if (document.status !== 'reported' && document.status !== 'cleared') {
        mismatches.push(`ZATCA: ICV ${document.icv} is ${document.status}`);
      }
      const received = submissions[document.uuid];
      if (!received || received.accepted !== 1) {
        mismatches.push(`ZATCA: ICV ${document.icv} accepted ${received?.accepted ?? 0} times`);
      }
      if ((received?.submitted ?? 0) > 1) resent += 1;
    }

    const statuses = await rows<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM orders.orders GROUP BY status ORDER BY status`,
    );
    const counts = await rows<{
      entered: number;
      customer: number;
      supplier: number;
      receipts: number;
      takes: number;
      puts: number;
    }>(`
      SELECT (SELECT count(*)::int FROM orders.orders WHERE first_committed_at IS NOT NULL) AS entered,
             (SELECT count(*)::int FROM billing.invoices WHERE type = 'customer') AS customer,
             (SELECT count(*)::int FROM billing.invoices WHERE type = 'supplier') AS supplier,
             (SELECT count(*)::int FROM inventory.receipts) AS receipts,
             (SELECT count(*)::int FROM inventory.stock_moves WHERE kind = 'take') AS takes,
             (SELECT count(*)::int FROM inventory.stock_moves WHERE kind = 'put') AS puts`);
    const count = counts[0]!;
    return {
      mismatches,
      figures: {
        stockItems: stock.length,
        orders: Object.fromEntries(statuses.map((row) => [row.status, row.count])),
        ordersThatEnteredCommitted: count.entered,
        customerInvoices: count.customer,
        supplierInvoices: count.supplier,
        receipts: count.receipts,
        stockMoves: { takes: count.takes, putBacks: count.puts },
        numbers: numberFigures,
        zatca: { documents: documents.length, byStatus, resent },
      },
    };
  });
}

/** Job counts of every queue (waiting, active, delayed, failed, completed). */
export async function queueCounts(redisUrl: string): Promise<Record<string, Record<string, number>>> {
  const url = new URL(redisUrl);
  const result: Record<string, Record<string, number>> = {};
  for (const name of queues) {
    const queue = new Queue(name, {
      prefix: `${REDIS_PREFIX}:bull`,
      connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: 1 },
    });
    try {
      result[name] = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed');
    } finally {
      await queue.close();
    }
  }
  return result;
}

/**
 * Waits (bounded) until the asynchronous work has caught up: every order that entered a committed
 * state has its invoice, no outbox row is unsent, no invoice or stock-repair job is waiting, no
 * webhook delivery is pending, and no ZATCA document waits to be reported. Resolves with the milliseconds it took; on timeout resolves anyway (the check says what is off).
 */
export async function waitForDrain(databaseUrl: string, redisUrl: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  // Queues idle this many polls in a row with work still missing: nothing more will come (a job failed for good).
  let idlePolls = 0;
  for (;;) {
    const [state] = await withClient(
      databaseUrl,
      async (db) =>
        (
          await db.query<{ missing: number; pending: number; unsent: number; zatca: number }>(`
          SELECT (SELECT count(*)::int FROM orders.orders o
                  WHERE o.first_committed_at IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM billing.invoices i WHERE i.order_id = o.id)) AS missing,
                 (SELECT count(*)::int FROM identity.webhook_deliveries WHERE status = 'pending') AS pending,
                 (SELECT count(*)::int FROM (
                    SELECT 1 FROM orders.outbox WHERE sent_at IS NULL UNION ALL
                    SELECT 1 FROM inventory.outbox WHERE sent_at IS NULL UNION ALL
                    SELECT 1 FROM billing.outbox WHERE sent_at IS NULL UNION ALL
                    SELECT 1 FROM identity.outbox WHERE sent_at IS NULL) AS waiting) AS unsent,
                 (SELECT count(*)::int FROM billing.zatca_documents WHERE status = 'pending') AS zatca`)
        ).rows,
    );
    const counts = await queueCounts(redisUrl);
    // Rows still in an outbox (docs/decisions/0018) are jobs not yet in their queue.
    const busy =
      state!.unsent > 0 ||
      state!.zatca > 0 ||
      ['invoice-create', 'order-stock-repair', 'webhook-events', 'webhook-deliver', 'zatca-submit'].some((name) => {
        const queue = counts[name] ?? {};
        return (queue.waiting ?? 0) + (queue.active ?? 0) + (queue.delayed ?? 0) + (queue.prioritized ?? 0) > 0;
      });
    idlePolls = busy ? 0 : idlePolls + 1;
    const caughtUp = state!.missing === 0 && state!.pending === 0 && state!.zatca === 0 && !busy;
    if (caughtUp || idlePolls >= 10 || Date.now() - started > timeoutMs) return Date.now() - started;
    await sleep(500);
  }
}

/** Rows of a service's outbox not yet published to BullMQ. */
export async function unsentOutboxRows(databaseUrl: string, schema: string): Promise<number> {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`not a schema: ${schema}`);
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${schema}.outbox WHERE sent_at IS NULL`,
    );
    return rows[0]?.count ?? 0;
  });
}

/** The schemas whose outbox carries webhook events (docs/decisions/0018). */
const WEBHOOK_EVENT_SOURCES = ['orders', 'inventory', 'billing'];

export interface WebhookFigures {
  /** Webhook events in the producers' outboxes since the endpoint exists, of the types it takes. */
  events: number;
  /** Delivery rows of the endpoint, by status. */
  rows: Record<string, number>;
  posts: number;
  deliveriesReceived: number;
  repeats: number;
  /** Events committed in an outbox with no delivery row for the endpoint: lost on the way to identity. */
  eventsWithoutDelivery: number;
  /** Delivery rows marked delivered that the receiver never got. */
  deliveredNotReceived: number;
  lost: number;
}

/**
 * Webhooks counted from where they start: every event a producer committed to its outbox (of a
 * type the endpoint takes, since it exists) must have its delivery row in identity, and every
 * delivered row must have reached the receiver (at least once; repeats are counted).
 */
export async function webhookFigures(
  databaseUrl: string,
  endpointId: string,
  received: Array<{ delivery: string; event: string }>,
): Promise<WebhookFigures> {
  const { events, rows } = await withClient(databaseUrl, async (db) => {
    const sources = WEBHOOK_EVENT_SOURCES.map(
      (schema) =>
        `SELECT payload->'data'->>'id' AS event_id, payload->'data'->>'type' AS type, created_at FROM ${schema}.outbox WHERE queue = 'webhook-events'`,
    ).join(' UNION ALL ');
    const events = (
      await db.query<{ event_id: string; delivered: boolean }>(
        `SELECT e.event_id, EXISTS (SELECT 1 FROM identity.webhook_deliveries d
                                     WHERE d.endpoint_id = w.id AND d.event_id::text = e.event_id) AS delivered
           FROM (${sources}) AS e
           JOIN identity.webhook_endpoints w ON w.id = $1
          WHERE e.created_at >= w.created_at AND e.type = ANY(w.events)`,
        [endpointId],
      )
    ).rows;
    const rows = (
      await db.query<{ id: string; status: string }>(
        `SELECT id, status FROM identity.webhook_deliveries WHERE endpoint_id = $1`,
        [endpointId],
      )
    ).rows;
    return { events, rows };
  });
  const perDelivery = new Map<string, number>();
  for (const post of received) perDelivery.set(post.delivery, (perDelivery.get(post.delivery) ?? 0) + 1);
  const statusCounts: Record<string, number> = {};
  for (const row of rows) statusCounts[row.status] = (statusCounts[row.status] ?? 0) + 1;
  const eventsWithoutDelivery = events.filter((event) => !event.delivered).length;
  const deliveredNotReceived = rows.filter((row) => row.status === 'delivered' && !perDelivery.has(row.id)).length;
  return {
    events: events.length,
    rows: statusCounts,
    posts: received.length,
    deliveriesReceived: perDelivery.size,
    repeats: [...perDelivery.values()].reduce((sum, times) => sum + times - 1, 0),
    eventsWithoutDelivery,
    deliveredNotReceived,
    lost: eventsWithoutDelivery + deliveredNotReceived,
  };
}

/**
 * The per-order check: each order a client meant to make exists once, in the status the client
 * last set with a 2xx; an order the client gave up on does not exist. One line per disagreement.
 */
export async function intentMismatches(baseUrl: string, cookie: string, intents: readonly Intent[]): Promise<string[]> {
  const keys = new Set(intents.map((intent) => intent.key));
  // Keys are flt-<run>-c<client>-<n>: this workload's orders share `flt-<run>-`.
  const run = intents[0]?.key.split('-').slice(0, 2).join('-') ?? 'flt';
  const orders = await call<Array<{ id: string; clientName: string; status: string }>>(
    baseUrl,
    'GET',
    `/api/orders?limit=5000&search=${encodeURIComponent(`${run}-`)}`,
    { headers: { cookie } },
  );
  if (orders.status !== 200 || !Array.isArray(orders.body)) return [`the orders list answered ${orders.status}`];
  const byName = new Map<string, Array<{ id: string; status: string }>>();
  for (const order of orders.body) {
    if (keys.has(order.clientName)) byName.set(order.clientName, [...(byName.get(order.clientName) ?? []), order]);
  }
  const mismatches: string[] = [];
  for (const intent of intents) {
    const found = byName.get(intent.key) ?? [];
    if (intent.orderId === undefined) {
      if (found.length > 0) mismatches.push(`${intent.key}: the client gave up, yet ${found.length} order(s) exist`);
      continue;
    }
    if (found.length !== 1) mismatches.push(`${intent.key}: ${found.length} orders (1 expected)`);
    else if (found[0]!.status !== intent.status) {
      mismatches.push(`${intent.key}: status ${found[0]!.status}, the client last set ${intent.status}`);
    }
  }
  return mismatches;
}

/** How many ZATCA documents the system has signed so far. */
export async function zatcaDocumentCount(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM billing.zatca_documents`);
    return rows[0]!.count;
  });
}
