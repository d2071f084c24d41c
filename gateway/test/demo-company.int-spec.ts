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

  it('keeps stock equal to what was received less what orders took, never below zero, as the plan says', async () => {
    const items = await query<{ sku: string; quantity: string; batches: string; received: string; moved: string }>(
      `SELECT i.sku, i.quantity::text,
              (SELECT coalesce(sum(b.quantity), 0) FROM inventory.stock_batches b WHERE b.stock_item_id = i.id)::text AS batches,
              (SELECT coalesce(sum(b.received_quantity), 0) FROM inventory.stock_batches b WHERE b.stock_item_id = i.id)::text AS received,
              (SELECT coalesce(sum(CASE WHEN m.kind = 'take' THEN l.quantity ELSE -l.quantity END), 0)
                 FROM inventory.stock_move_lines l JOIN inventory.stock_moves m ON m.id = l.move_id
                WHERE l.stock_item_id = i.id)::text AS moved
         FROM inventory.stock_items i`,
    );
    expect(items).toHaveLength(70);
    const expected = new Map(first.plan!.expected.map((entry) => [entry.sku, entry.quantity]));
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
         SELECT m.order_id, sum(CASE WHEN m.kind = 'take' THEN 1 ELSE -1 END) AS takes
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
