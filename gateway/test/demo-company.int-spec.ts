import * as contracts from '@erp/contracts';
import { InventoryClient, serviceEnvPrefix, ServiceName } from '@erp/contracts';
import { addDays, businessDate } from '@erp/common';
import { testServiceClient } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoDataEnabled,
  loadDemoCompany,
  prepareDemoCompany,
  type DemoLoadResult,
} from '../../scripts/lib/demo-company.mjs';
import { GatewayStack } from './gateway-stack.js';

const timeZone = 'Asia/Riyadh';

/**
 * The demo company `npm start` loads into an empty database (scripts/lib/demo-company.mjs),
 * loaded here through the services of a fresh stack, as start.mjs does.
 */
describe('the demo company', () => {
  let stack: GatewayStack;
  let first: DemoLoadResult;
  const messages: string[] = [];
  const log = Object.assign((message: string) => void messages.push(message), {
    error: (message: string) => void messages.push(`error: ${message}`),
  });

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  const load = (): Promise<DemoLoadResult> => {
    const address = (service: ServiceName) => ({
      host: '127.0.0.1',
      port: Number(stack.environment.env[`${serviceEnvPrefix(service)}_PORT`]),
    });
    return loadDemoCompany({
      contracts,
      addresses: {
        identity: address(ServiceName.Identity),
        orders: address(ServiceName.Orders),
        inventory: address(ServiceName.Inventory),
        billing: address(ServiceName.Billing),
      },
      databaseUrl: stack.environment.database.url,
      timeZone,
      log,
    });
  };

  beforeAll(async () => {
    stack = await GatewayStack.start();
    first = await load();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('loads the catalogue, the clients and two months of orders, and says so in two lines', async () => {
    expect(first.reason, messages.join('\n')).toBeUndefined();
    expect(first.loaded).toBe(true);
    const [counts] = await query<{ items: number; clients: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM inventory.stock_items) AS items,
              (SELECT count(*)::int FROM orders.clients) AS clients,
              (SELECT count(*)::int FROM orders.orders) AS orders`,
    );
    expect(counts).toEqual(first.counts);
    expect(counts!.items).toBe(70);
    expect(counts!.clients).toBe(25);
    expect(counts!.orders).toBeGreaterThanOrEqual(250);
    expect(counts!.orders).toBeLessThanOrEqual(400);
    expect(messages[0]).toMatch(/^loading the demo company/);
    expect(messages[1]).toMatch(/^demo company loaded: 70 items, 25 clients, \d+ orders in [\d.]+ s$/);

    // Names in both languages, Gulf phone numbers, the company's settings.
    const clients = await query<{ name_ar: string; phone: string }>(`SELECT name_ar, phone FROM orders.clients`);
    expect(clients.every((client) => /[\u0600-\u06ff]/.test(client.name_ar))).toBe(true);
    expect(clients.every((client) => /^\+(966|971) 5\d /.test(client.phone))).toBe(true);
    const identity = testServiceClient(stack.environment, ServiceName.Identity, contracts.IdentityClient);
    try {
      const settings = await identity.client.getSettings({ requestId: 'test' });
      expect(settings).toMatchObject({ companyName: 'Al Noor Trading Co.', companyNameAr: 'شركة النور التجارية' });
      expect(settings.vatNumber).toMatch(/^3\d{13}3$/);
    } finally {
      await identity.close();
    }
  });

  it('keeps two months of books: invoices dated in the history, most older ones paid, some in part, some overdue, two returns credited', async () => {
    expect(first.books).toMatchObject({ returns: 2 });
    const today = businessDate(timeZone);
    // Every committed order's invoice is dated the day it was confirmed, due after its client's terms.
    const [dating] = await query<{ invoices: number; misdated: number; misdue: number }>(
      `SELECT count(*)::int AS invoices,
              count(*) FILTER (WHERE i.issued_at <> o.first_committed_at)::int AS misdated,
              count(*) FILTER (WHERE b.due_date <> (i.issued_at AT TIME ZONE $1)::date + coalesce(c.payment_terms_days, 0))::int AS misdue
         FROM billing.invoices i JOIN orders.orders o ON o.id = i.order_id
         JOIN billing.invoice_balances b ON b.invoice_id = i.id
         LEFT JOIN orders.clients c ON c.id = i.client_id
        WHERE i.type = 'customer'`,
      [timeZone],
    );
    expect(dating!.invoices).toBeGreaterThan(200);
    expect(dating).toMatchObject({ misdated: 0, misdue: 0 });
    const statuses = await query<{ payment_status: string; overdue: boolean; count: number }>(
      `SELECT payment_status, (balance_due > 0 AND due_date < $1::date) AS overdue, count(*)::int AS count
         FROM billing.invoice_balances GROUP BY 1, 2`,
      [today],
    );
    const count = (status: string, overdue?: boolean) =>
      statuses
        .filter((row) => row.payment_status === status && (overdue === undefined || row.overdue === overdue))
        .reduce((sum, row) => sum + row.count, 0);
    expect(count('paid')).toBeGreaterThan(100);
    expect(count('partially_paid')).toBeGreaterThan(5);
    expect(count('unpaid', true) + count('partially_paid', true)).toBeGreaterThan(5);
    expect(count('unpaid', false)).toBeGreaterThan(5);
    // Payments never exceed what was due; settlements agree with payments and credit notes.
    const [books] = await query<{ payments: number; bad: number }>(
      `SELECT (SELECT count(*)::int FROM billing.payments) AS payments,
              (SELECT count(*)::int FROM billing.invoice_balances b
                WHERE b.paid_amount <> (SELECT coalesce(sum(amount), 0) FROM billing.payments p WHERE p.invoice_id = b.invoice_id)
                   OR b.credited_amount <> (SELECT coalesce(sum(total_amount), 0) FROM billing.invoices n
                                             WHERE n.original_invoice_id = b.invoice_id)
                   OR b.paid_amount > b.total_amount - b.credited_amount) AS bad`,
    );
    expect(books).toEqual({ payments: first.books!.payments, bad: 0 });
    const returns = await query<{ reason: string; credited: boolean }>(
      `SELECT r.reason, EXISTS (SELECT 1 FROM billing.invoices n WHERE n.return_id = r.id) AS credited
         FROM orders.order_returns r ORDER BY r.created_at`,
    );
    expect(returns).toHaveLength(2);
    expect(returns.every((entry) => entry.credited)).toBe(true);
    // Three small shops have credit limits; one of them is already over it.
    const limits = await query<{ name: string; limit: string; owed: string }>(
      `SELECT c.name, c.credit_limit::text AS limit,
              (SELECT coalesce(sum(balance_due), 0)::text FROM billing.invoice_balances b WHERE b.client_id = c.id) AS owed
         FROM orders.clients c WHERE c.credit_limit IS NOT NULL ORDER BY c.name`,
    );
    expect(limits).toHaveLength(3);
    expect(limits.some((client) => Number(client.owed) > Number(client.limit))).toBe(true);
  });

  it('has orders in every status, mostly completed or confirmed, over the last 60 days, numbered in time order', async () => {
    const statuses = await query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM orders.orders GROUP BY status`,
    );
    const by = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
    expect(Object.keys(by).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
    const total = Object.values(by).reduce((sum, count) => sum + count, 0);
    expect((by.completed! + by.confirmed!) / total).toBeGreaterThan(0.7);

    const today = businessDate(timeZone);
    const [spread] = await query<{ first: string; last: string; days: number }>(
      `SELECT min(business_day)::text AS first, max(business_day)::text AS last,
              count(DISTINCT business_day)::int AS days FROM orders.orders`,
    );
    expect(spread!.first).toBe(addDays(today, -59));
    expect(spread!.last).toBe(today);
    expect(spread!.days).toBeGreaterThan(50);
    const [mismatched] = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM orders.orders
        WHERE business_day <> (created_at AT TIME ZONE $1)::date OR created_at > now() OR updated_at < created_at`,
      [timeZone],
    );
    expect(mismatched!.count).toBe(0);
    // Order numbers follow the order of creation.
    const numbers = await query<{ order_number: string }>(
      `SELECT order_number FROM orders.orders ORDER BY created_at, order_number`,
    );
    const sorted = numbers.map((row) => row.order_number);
    expect(sorted).toEqual([...sorted].sort());

    // Lines: 1 to 6 linked ones, a few free-text ones; a few orders came as WhatsApp messages.
    const [lines] = await query<{ max: number; free: number; texts: number }>(
      `SELECT (SELECT max(n)::int FROM (SELECT count(*) FILTER (WHERE stock_item_id IS NOT NULL) AS n
                                          FROM orders.order_items GROUP BY order_id) AS per_order) AS max,
              (SELECT count(*)::int FROM orders.order_items WHERE stock_item_id IS NULL) AS free,
              (SELECT count(*)::int FROM orders.orders WHERE raw_order_text IS NOT NULL AND source = 'text') AS texts`,
    );
    expect(lines!.max).toBeLessThanOrEqual(6);
    expect(lines!.free).toBeGreaterThan(0);
    expect(lines!.texts).toBeGreaterThanOrEqual(5);
  });

  it('sells items in cartons, prices the key accounts and hotels from their price lists', async () => {
    const [packs] = await query<{ cartons: number; pallets: number }>(
      `SELECT count(*) FILTER (WHERE unit = 'carton')::int AS cartons, count(*) FILTER (WHERE unit = 'pallet')::int AS pallets
         FROM inventory.stock_item_packs`,
    );
    expect(packs!.cartons).toBeGreaterThan(30);
    expect(packs!.pallets).toBeGreaterThan(0);
    const lists = await query<{ name: string; prices: number; clients: number }>(
      `SELECT l.name, (SELECT count(*)::int FROM inventory.price_list_items p WHERE p.price_list_id = l.id) AS prices,
              (SELECT count(*)::int FROM orders.clients c WHERE c.price_list_id = l.id) AS clients
         FROM inventory.price_lists l ORDER BY l.name`,
    );
    expect(lists.map(({ name, clients }) => [name, clients])).toEqual([
      ['HORECA · الفنادق والمطاعم', 3],
      ['Wholesale · الجملة', 4],
    ]);
    expect(lists.every((list) => list.prices > 70)).toBe(true);

    // Every linked line is priced as the client's list (else the item or the pack) says, in cartons
    // for the key accounts when the quantity is whole cartons, and its base quantity follows.
    const lines = await query<{
      unit: string;
      quantity: string;
      base_quantity: string;
      unit_factor: string;
      unit_price: string;
      expected: string;
    }>(
      `SELECT i.unit, i.quantity::text, i.base_quantity::text, i.unit_factor::text, i.unit_price::text,
              coalesce(lp.price, CASE WHEN i.unit = s.unit THEN s.selling_price ELSE p.selling_price END)::text AS expected
         FROM orders.order_items i
         JOIN orders.orders o ON o.id = i.order_id
         JOIN inventory.stock_items s ON s.id = i.stock_item_id
         LEFT JOIN orders.clients c ON c.id = o.client_id
         LEFT JOIN inventory.stock_item_packs p ON p.stock_item_id = s.id AND p.unit = i.unit
         LEFT JOIN inventory.price_list_items lp
           ON lp.price_list_id = c.price_list_id AND lp.stock_item_id = s.id AND lp.unit = i.unit`,
    );
    const cartons = lines.filter((line) => line.unit === 'carton');
    expect(cartons.length).toBeGreaterThan(10);
    for (const line of cartons)
      expect(Number(line.base_quantity)).toBe(Number(line.quantity) * Number(line.unit_factor));
    expect(lines.filter((line) => line.unit_price !== line.expected)).toEqual([]);
  });

  it('keeps stock equal to what was received less what orders took, never below zero, as the plan says', async () => {
    const items = await query<{ sku: string; quantity: string; batches: string; received: string; moved: string }>(
      `SELECT i.sku, i.quantity::text,
              (SELECT coalesce(sum(b.quantity), 0) FROM inventory.stock_batches b WHERE b.stock_item_id = i.id)::text AS batches,
              (SELECT coalesce(sum(b.received_quantity), 0) FROM inventory.stock_batches b WHERE b.stock_item_id = i.id)::text AS received,
              (SELECT coalesce(sum(CASE WHEN m.kind = 'take' THEN l.quantity WHEN l.written_off THEN 0 ELSE -l.quantity END), 0)
                 FROM inventory.stock_move_lines l JOIN inventory.stock_moves m ON m.id = l.move_id
                WHERE l.stock_item_id = i.id)::text AS moved
         FROM inventory.stock_items i`,
    );
    expect(items).toHaveLength(70);
    // The plan's stock, and what the returns put back on the shelf (written-off goods stay out).
    const restocked = await query<{ sku: string; quantity: string }>(
      `SELECT i.sku, sum(l.quantity)::text AS quantity
         FROM inventory.stock_move_lines l JOIN inventory.stock_moves m ON m.id = l.move_id
         JOIN inventory.stock_items i ON i.id = l.stock_item_id
        WHERE m.kind = 'return' AND NOT l.written_off GROUP BY i.sku`,
    );
    expect(restocked).toHaveLength(1);
    const expected = new Map(first.plan!.expected.map((entry) => [entry.sku, entry.quantity]));
    for (const entry of restocked) expected.set(entry.sku, expected.get(entry.sku)! + Number(entry.quantity));
    for (const item of items) {
      expect(Number(item.quantity), item.sku).toBeGreaterThanOrEqual(0);
      expect(Number(item.quantity), item.sku).toBe(Number(item.batches));
      expect(Number(item.quantity), item.sku).toBeCloseTo(Number(item.received) - Number(item.moved), 3);
      expect(Number(item.quantity), item.sku).toBeCloseTo(expected.get(item.sku)!, 3);
    }
    const [negative] = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM inventory.stock_batches WHERE quantity < 0`,
    );
    expect(negative!.count).toBe(0);
    // Committed orders hold their stock; nothing else does.
    const [held] = await query<{ wrong: number }>(
      `WITH net AS (
         SELECT m.order_id, sum(CASE m.kind WHEN 'take' THEN 1 WHEN 'put' THEN -1 ELSE 0 END) AS takes
           FROM inventory.stock_moves m GROUP BY m.order_id)
       SELECT count(*)::int AS wrong FROM orders.orders o LEFT JOIN net ON net.order_id = o.id
        WHERE (o.status IN ('confirmed', 'completed') AND EXISTS (
                 SELECT 1 FROM orders.order_items oi WHERE oi.order_id = o.id AND oi.stock_item_id IS NOT NULL)) <>
              (coalesce(net.takes, 0) = 1)`,
    );
    expect(held!.wrong).toBe(0);
    // Every batch an order took from was received on or before the day of the order.
    const [late] = await query<{ count: number }>(
      `SELECT count(*)::int AS count
         FROM inventory.stock_move_lines l
         JOIN inventory.stock_moves m ON m.id = l.move_id AND m.kind = 'take'
         JOIN orders.orders o ON o.id = m.order_id
         JOIN inventory.stock_updates u ON u.batch_id = l.batch_id AND u.reason = 'receipt'
         JOIN inventory.receipts r ON r.receipt_id::text = u.reference
        WHERE r.invoice_date > o.business_day`,
    );
    expect(late!.count).toBe(0);
    // The takes are dated with their orders: the reorder run sees a month of consumption.
    const [takes] = await query<{ oldest: Date }>(
      `SELECT min(created_at) AS oldest FROM inventory.stock_moves WHERE kind = 'take'`,
    );
    expect(Date.now() - takes!.oldest.getTime()).toBeGreaterThan(50 * 86_400_000);
  });

  it('shows expired and soon-expiring batches, low stock and reorder suggestions', async () => {
    const inventory = testServiceClient(stack.environment, ServiceName.Inventory, InventoryClient);
    try {
      const meta = { requestId: 'test' };
      const expiring = await inventory.client.listExpiring(60, meta);
      expect(expiring.some((batch) => batch.daysUntilExpiry < 0)).toBe(true);
      expect(expiring.some((batch) => batch.daysUntilExpiry >= 0 && batch.daysUntilExpiry <= 7)).toBe(true);
      expect(expiring.some((batch) => batch.daysUntilExpiry > 7 && batch.daysUntilExpiry <= 30)).toBe(true);
      expect(expiring.some((batch) => batch.daysUntilExpiry > 30 && batch.daysUntilExpiry <= 60)).toBe(true);
      expect(await inventory.client.countLowStock(meta)).toBeGreaterThanOrEqual(5);
      const suggestions = await inventory.client.listReorderSuggestions(meta);
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.some((entry) => entry.suggestion.urgency === 'critical')).toBe(true);
    } finally {
      await inventory.close();
    }
  });

  it('is turned off by DEMO_DATA=off (or 0, false, no): npm start then takes no lock and loads nothing', async () => {
    expect(['off', 'OFF', ' 0 ', 'false', 'No'].map((value) => demoDataEnabled(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['', 'on', '1', 'yes'].map((value) => demoDataEnabled(value))).toEqual([true, true, true, true]);
    const previous = process.env.DEMO_DATA;
    process.env.DEMO_DATA = 'off';
    try {
      const prepared = await prepareDemoCompany({ root: '.', databaseUrl: stack.environment.database.url, log });
      expect(prepared).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.DEMO_DATA;
      else process.env.DEMO_DATA = previous;
    }
  });

  it('loads nothing a second time: the database is no longer empty', async () => {
    const [before] = await query<{ orders: number; receipts: number }>(
      `SELECT (SELECT count(*)::int FROM orders.orders) AS orders, (SELECT count(*)::int FROM inventory.receipts) AS receipts`,
    );
    messages.length = 0;
    const again = await load();
    expect(again).toMatchObject({ loaded: false, reason: 'not-empty' });
    expect(messages).toEqual(['demo company: not loaded, the database already has stock items, clients or orders']);
    const [after] = await query<{ orders: number; receipts: number }>(
      `SELECT (SELECT count(*)::int FROM orders.orders) AS orders, (SELECT count(*)::int FROM inventory.receipts) AS receipts`,
    );
    expect(after).toEqual(before);
  });
});
