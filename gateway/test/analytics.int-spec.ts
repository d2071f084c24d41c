import { addDays, businessDate } from '@erp/common';
import type {
  AnalyticsDto,
  ClientDto,
  DashboardStatsDto,
  OrderDto,
  OrderItemDto,
  OrderStatus,
  Permission,
  StockItemDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** The first day of the month `months` before the one holding `day`. */
function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

const today = businessDate('Asia/Riyadh');
const thisMonth = monthStart(today);
const lastMonth = monthStart(today, 1);
const twoMonthsAgo = monthStart(today, 2);
/** The days orders are moved to: the 10th and 25th of last month, the 20th of the month before. */
const lastMonth10 = addDays(lastMonth, 9);
const lastMonth25 = addDays(lastMonth, 24);
const twoMonthsAgo20 = addDays(twoMonthsAgo, 19);

/**
 * The rollups against direct GROUP BYs over the base tables: how many rows differ, per table
 * (zero rows rollups may keep are left out). What catches a trigger that misses a write path.
 */
const rollupDifferencesSql = `
WITH expected_days AS (
  SELECT o.business_day AS day, count(*)::int AS orders_all,
         (count(*) FILTER (WHERE o.status = 'pending'))::int AS orders_pending,
         (count(*) FILTER (WHERE o.status <> 'cancelled'))::int AS orders,
         coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'cancelled'), 0) AS revenue,
         coalesce(c.costed_lines, 0) AS costed_lines, coalesce(c.costed_revenue, 0) AS costed_revenue,
         coalesce(c.cost, 0) AS cost
    FROM orders.orders o
    LEFT JOIN (SELECT lo.business_day, count(*)::int AS costed_lines, sum(i.total_price) AS costed_revenue,
                      sum(i.base_quantity * i.unit_cost) AS cost
                 FROM orders.order_items i JOIN orders.orders lo ON lo.id = i.order_id
                WHERE lo.status <> 'cancelled' AND i.unit_cost IS NOT NULL
                GROUP BY lo.business_day) c ON c.business_day = o.business_day
   GROUP BY o.business_day, c.costed_lines, c.costed_revenue, c.cost
), actual_days AS (
  SELECT day, orders_all, orders_pending, orders, revenue, costed_lines, costed_revenue, cost
    FROM orders.analytics_days
   WHERE orders_all <> 0 OR orders_pending <> 0 OR orders <> 0 OR revenue <> 0
      OR costed_lines <> 0 OR costed_revenue <> 0 OR cost <> 0
), grains (grain, unit) AS (VALUES ('d'::"char", 'day'), ('w', 'week'), ('m', 'month'), ('y', 'year'), ('a', 'all')),
periods AS (
  -- Every business day of an order with the start of its day, its 7-day block of the month
  -- (the 1st, 8th, 15th, 22nd, 29th), its month, its year, and all time (-infinity).
  SELECT DISTINCT o.business_day AS day, g.grain,
         CASE WHEN g.unit = 'week'
              THEN date_trunc('month', o.business_day::timestamp)::date
                   + ((extract(day FROM o.business_day)::int - 1) / 7) * 7
              WHEN g.unit = 'all' THEN '-infinity'::date
              ELSE date_trunc(g.unit, o.business_day::timestamp)::date END AS start
    FROM orders.orders o CROSS JOIN grains g
),
expected_clients AS (
  SELECT p.grain, p.start,
         coalesce(o.client_id, md5(lower(btrim(o.client_name)))::uuid) AS key,
         CASE WHEN o.client_id IS NULL THEN lower(btrim(o.client_name)) END AS name_key,
         count(*)::int AS orders, (sum(o.total_amount) * 100)::bigint AS revenue_cents
    FROM orders.orders o JOIN periods p ON p.day = o.business_day
   WHERE o.status <> 'cancelled'
   GROUP BY 1, 2, 3, 4
), actual_clients AS (
  SELECT grain, start, key, name_key, orders, revenue_cents FROM orders.analytics_clients
   WHERE orders <> 0 OR revenue_cents <> 0
), expected_products AS (
  SELECT p.grain, p.start,
         coalesce(i.stock_item_id, md5(lower(btrim(i.item_name)))::uuid) AS key,
         CASE WHEN i.stock_item_id IS NULL THEN lower(btrim(i.item_name)) END AS name_key,
         count(*)::int AS lines, (sum(i.base_quantity) * 1000)::bigint AS quantity_milli,
         (sum(i.total_price) * 100)::bigint AS revenue_cents
    FROM orders.order_items i JOIN orders.orders o ON o.id = i.order_id JOIN periods p ON p.day = o.business_day
   WHERE o.status <> 'cancelled'
   GROUP BY 1, 2, 3, 4
), actual_products AS (
  SELECT grain, start, key, name_key, lines, quantity_milli, revenue_cents FROM orders.analytics_products
   WHERE lines <> 0 OR quantity_milli <> 0 OR revenue_cents <> 0
)
SELECT
  (SELECT count(*)::int FROM ((TABLE expected_days EXCEPT TABLE actual_days)
                              UNION ALL (TABLE actual_days EXCEPT TABLE expected_days)) x) AS days,
  (SELECT count(*)::int FROM ((TABLE expected_clients EXCEPT TABLE actual_clients)
                              UNION ALL (TABLE actual_clients EXCEPT TABLE expected_clients)) x) AS clients,
  (SELECT count(*)::int FROM ((TABLE expected_products EXCEPT TABLE actual_products)
                              UNION ALL (TABLE actual_products EXCEPT TABLE expected_products)) x) AS products,
  (SELECT count(*)::int FROM orders.orders) AS orders`;

describe('dashboard and analytics through the gateway, from rollups kept by triggers', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let users = 0;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  async function staff(permissions: Permission[]): Promise<HttpClient> {
    users += 1;
    const username = `analyst${users}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'analyst-password-1',
      email: `${username}@alnoor.example`,
      fullName: `Analyst ${users}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'analyst-password-1')).status).toBe(200);
    return http;
  }

  async function stockItem(body: Record<string, unknown>): Promise<StockItemDto> {
    const response = await owner.post('/api/stock', { unit: 'carton', quantity: 1000, ...body });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<StockItemDto>(response);
  }

  async function client(name: string): Promise<ClientDto> {
    const response = await owner.post('/api/clients', { name });
    expect(response.status).toBe(201);
    return json<ClientDto>(response);
  }

  async function createOrder(body: Record<string, unknown>): Promise<OrderDto> {
    const response = await owner.post('/api/orders/manual', body);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<OrderDto>(response);
  }

  async function setStatus(order: OrderDto, status: OrderStatus): Promise<void> {
    const response = await owner.patch(`/api/orders/${order.id}/status`, { status });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  }

  /** Moves an order to another business day, as a data fix would: the triggers follow. */
  async function placeOn(order: OrderDto, day: string): Promise<void> {
    await query('UPDATE orders.orders SET business_day = $2 WHERE id = $1', [order.id, day]);
  }

  async function stats(): Promise<DashboardStatsDto> {
    const response = await owner.get('/api/dashboard/stats');
    expect(response.status).toBe(200);
    return json<DashboardStatsDto>(response);
  }

  async function analytics(search = ''): Promise<AnalyticsDto> {
    const response = await owner.get(`/api/analytics${search}`);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return json<AnalyticsDto>(response);
  }

  async function rollupDifferences(): Promise<Record<string, number>> {
    const [row] = await query<Record<string, number>>(rollupDifferencesSql);
    return row!;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers zeros, nulls and empty lists before any order', async () => {
    expect(await stats()).toEqual({
      totalOrders: 0,
      pendingOrders: 0,
      totalRevenue: '0.00',
      revenueChange: null,
      totalClients: 0,
      lowStockItems: 0,
    });
    expect(await analytics()).toEqual({
      from: null,
      to: today,
      totalRevenue: '0.00',
      totalOrders: 0,
      profitMargin: null,
      topClients: [],
      topProducts: [],
      salesByDay: [],
    });
    expect((await analytics(`?from=${lastMonth}`)).from).toBe(lastMonth);
  });

  describe('over a known set of orders', () => {
    let rice: StockItemDto;
    let oil: StockItemDto;
    let tea: StockItemDto;
    let alNoor: ClientDto;
    let gulfFresh: ClientDto;

    beforeAll(async () => {
      rice = await stockItem({ name: 'Basmati Rice 5kg', nameAr: 'أرز بسمتي ٥ كغ', sku: 'AN-RICE', costPrice: '7.50' });
      oil = await stockItem({
        name: 'Sunflower Oil 1.8L',
        nameAr: 'زيت دوار الشمس',
        sku: 'AN-OIL',
        costPrice: '20.00',
      });
      tea = await stockItem({ name: 'Ceylon Tea 100', nameAr: 'شاي سيلاني', sku: 'AN-TEA', costPrice: '3.00' });
      // At its threshold: the dashboard's one low-stock item.
      await stockItem({ name: 'Cardamom 1kg', sku: 'AN-CARD', quantity: 0, costPrice: '40' });
      alNoor = await client('Al Noor Trading');
      gulfFresh = await client('Gulf Fresh Foods');
      await client('Souq Wholesale');

      // This month (today): 109.50 from three orders, one more cancelled.
      const a1 = await createOrder({
        clientName: 'Al Noor Trading',
        clientId: alNoor.id,
        items: [
          { itemName: rice.name, quantity: 2, unitPrice: '10.00', stockItemId: rice.id },
          { itemName: 'Loose Tea', quantity: 1, unitPrice: '5.50' },
        ],
      });
      await setStatus(a1, 'confirmed');
      const b1 = await createOrder({
        clientName: ' gulf fresh foods ',
        items: [{ itemName: oil.name, quantity: 3, unitPrice: '25.00', stockItemId: oil.id }],
      });
      expect(b1.clientId).toBe(gulfFresh.id);
      await setStatus(b1, 'completed');
      await createOrder({
        clientName: 'WALK-IN',
        items: [{ itemName: rice.name, quantity: 1, unitPrice: '9.00', stockItemId: rice.id }],
      });
      const x1 = await createOrder({
        clientName: 'Al Noor Trading',
        clientId: alNoor.id,
        items: [{ itemName: oil.name, quantity: 10, unitPrice: '30.00', stockItemId: oil.id }],
      });
      await setStatus(x1, 'cancelled');

      // Last month: 81.00 (the tea below its cost: a negative margin on its own).
      const a2 = await createOrder({
        clientName: 'Al Noor Trading',
        clientId: alNoor.id,
        items: [
          { itemName: rice.name, quantity: 4, unitPrice: '10.00', stockItemId: rice.id },
          { itemName: oil.name, quantity: 1, unitPrice: '25.00', stockItemId: oil.id },
        ],
      });
      await setStatus(a2, 'completed');
      await placeOn(a2, lastMonth10);
      const w2 = await createOrder({
        clientName: 'Walk-in',
        items: [
          { itemName: 'loose tea', quantity: 2, unitPrice: '4.00' },
          { itemName: tea.name, quantity: 4, unitPrice: '2.00', stockItemId: tea.id },
        ],
      });
      await setStatus(w2, 'confirmed');
      await placeOn(w2, lastMonth25);

      // Two months ago: 60.00, one of them cancelled and then back to pending.
      const b2 = await createOrder({
        clientName: 'Gulf Fresh Foods Co.',
        clientId: gulfFresh.id,
        items: [{ itemName: oil.name, quantity: 2, unitPrice: '25.00', stockItemId: oil.id }],
      });
      await setStatus(b2, 'completed');
      await placeOn(b2, twoMonthsAgo20);
      const c1 = await createOrder({
        clientName: 'Gulf Fresh Foods LLC',
        clientId: gulfFresh.id,
        items: [{ itemName: rice.name, quantity: 1, unitPrice: '10.00', stockItemId: rice.id }],
      });
      await placeOn(c1, twoMonthsAgo20);
      await setStatus(c1, 'cancelled');
      await setStatus(c1, 'pending');
    });

    it('the dashboard counts every order, the pending ones, revenue without cancelled, and this month against last', async () => {
      // (109.50 − 81.00) / 81.00 × 100 = 35.185…
      expect(await stats()).toEqual({
        totalOrders: 8,
        pendingOrders: 2,
        totalRevenue: '250.50',
        revenueChange: 35.2,
        totalClients: 3,
        lowStockItems: 1,
      });
    });

    it('revenueChange is null when last month had no revenue, and follows orders moved back', async () => {
      const moved = await query<{ id: string }>(
        `SELECT id FROM orders.orders WHERE business_day >= $1 AND business_day < $2`,
        [lastMonth, thisMonth],
      );
      expect(moved).toHaveLength(2);
      await query(`UPDATE orders.orders SET business_day = business_day - 62 WHERE id = ANY($1)`, [
        moved.map((row) => row.id),
      ]);
      expect(await stats()).toMatchObject({ revenueChange: null, totalRevenue: '250.50' });
      await query(`UPDATE orders.orders SET business_day = business_day + 62 WHERE id = ANY($1)`, [
        moved.map((row) => row.id),
      ]);
      expect((await stats()).revenueChange).toBe(35.2);
    });

    it('reports everything since the first order: totals, margin, top clients and products, and each day', async () => {
      expect(await analytics()).toEqual({
        from: twoMonthsAgo20,
        to: today,
        totalRevenue: '250.50',
        totalOrders: 7,
        // (237.00 − 192.00) / 237.00 × 100 = 18.98…
        profitMargin: 19,
        topClients: [
          { clientId: gulfFresh.id, name: 'Gulf Fresh Foods LLC', orders: 3, revenue: '135.00' },
          { clientId: alNoor.id, name: 'Al Noor Trading', orders: 2, revenue: '90.50' },
          { clientId: null, name: 'Walk-in', orders: 2, revenue: '25.00' },
        ],
        topProducts: [
          { stockItemId: oil.id, name: oil.name, nameAr: 'زيت دوار الشمس', quantity: 6, revenue: '150.00' },
          { stockItemId: rice.id, name: rice.name, nameAr: 'أرز بسمتي ٥ كغ', quantity: 8, revenue: '79.00' },
          { stockItemId: null, name: 'loose tea', nameAr: null, quantity: 3, revenue: '13.50' },
          { stockItemId: tea.id, name: tea.name, nameAr: 'شاي سيلاني', quantity: 4, revenue: '8.00' },
        ],
        salesByDay: [
          { date: twoMonthsAgo20, orders: 2, revenue: '60.00' },
          { date: lastMonth10, orders: 1, revenue: '65.00' },
          { date: lastMonth25, orders: 1, revenue: '16.00' },
          { date: today, orders: 3, revenue: '109.50' },
        ],
      });
    });

    it('filters by from and to, inclusive, over partial months', async () => {
      const lastMonthOnly = await analytics(`?from=${lastMonth10}&to=${lastMonth25}`);
      expect(lastMonthOnly).toMatchObject({
        from: lastMonth10,
        to: lastMonth25,
        totalRevenue: '81.00',
        totalOrders: 2,
        // (73.00 − 62.00) / 73.00 × 100 = 15.06…
        profitMargin: 15.1,
        topClients: [
          { clientId: alNoor.id, orders: 1, revenue: '65.00' },
          { clientId: null, name: 'Walk-in', orders: 1, revenue: '16.00' },
        ],
      });

      // From the 20th two months ago to the 10th of last month: the end of one month, the start of the next.
      const acrossMonths = await analytics(`?from=${twoMonthsAgo20}&to=${lastMonth10}`);
      expect(acrossMonths).toMatchObject({ totalRevenue: '125.00', totalOrders: 3 });
      expect(acrossMonths.topClients).toEqual([
        { clientId: alNoor.id, name: 'Al Noor Trading', orders: 1, revenue: '65.00' },
        { clientId: gulfFresh.id, name: 'Gulf Fresh Foods LLC', orders: 2, revenue: '60.00' },
      ]);
      expect(
        acrossMonths.topProducts.map(({ stockItemId, quantity, revenue }) => ({ stockItemId, quantity, revenue })),
      ).toEqual([
        { stockItemId: oil.id, quantity: 3, revenue: '75.00' },
        { stockItemId: rice.id, quantity: 5, revenue: '50.00' },
      ]);

      // From the 3rd of last month: most of that month, read as the month less its first two days.
      const sinceThird = await analytics(`?from=${addDays(lastMonth, 2)}`);
      expect(sinceThird).toMatchObject({ to: today, totalRevenue: '190.50', totalOrders: 5 });
      expect(sinceThird.salesByDay.map((day) => day.date)).toEqual([lastMonth10, lastMonth25, today]);

      // Up to a day before the first order's month ends: from defaults to the first order's day.
      const untilLastMonth = await analytics(`?to=${lastMonth25}`);
      expect(untilLastMonth).toMatchObject({ from: twoMonthsAgo20, totalRevenue: '141.00', totalOrders: 4 });
      expect(untilLastMonth.topProducts[0]).toMatchObject({ stockItemId: oil.id, quantity: 3, revenue: '75.00' });
    });

    it('shows a negative margin, and none (null) over a period without orders', async () => {
      expect(await analytics(`?from=${lastMonth25}&to=${lastMonth25}`)).toMatchObject({
        totalRevenue: '16.00',
        // The tea sold for 8.00 cost 12.00: (8 − 12) / 8 × 100; the loose tea has no known cost.
        profitMargin: -50,
        // Equal revenue: the larger quantity first.
        topProducts: [
          { stockItemId: tea.id, quantity: 4, revenue: '8.00' },
          { stockItemId: null, name: 'loose tea', quantity: 2, revenue: '8.00' },
        ],
      });
      const quiet = addDays(twoMonthsAgo20, 1);
      expect(await analytics(`?from=${quiet}&to=${addDays(quiet, 3)}`)).toEqual({
        from: quiet,
        to: addDays(quiet, 3),
        totalRevenue: '0.00',
        totalOrders: 0,
        profitMargin: null,
        topClients: [],
        topProducts: [],
        salesByDay: [],
      });
    });

    it('refuses from after to, and bad dates, with 400 naming the field', async () => {
      const upsideDown = await owner.get(`/api/analytics?from=${lastMonth25}&to=${lastMonth10}`);
      expect(upsideDown.status).toBe(400);
      expect(await json(upsideDown)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `from (${lastMonth25}) must not be after to (${lastMonth10})`,
      });
      // `to` defaults to today: a `from` in the future is after it.
      const future = await owner.get(`/api/analytics?from=${addDays(today, 1)}`);
      expect(future.status).toBe(400);
      expect((await json(future)).message).toBe(`from (${addDays(today, 1)}) must not be after to (${today})`);
      for (const [search, message] of [
        ['?from=2026-13-01', 'from must be a date (YYYY-MM-DD)'],
        ['?to=yesterday', 'to must be a date (YYYY-MM-DD)'],
        ['?from=2026-2-1', 'from must be a date (YYYY-MM-DD)'],
      ]) {
        const response = await owner.get(`/api/analytics${search}`);
        expect(response.status, search).toBe(400);
        expect(await json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
    });

    it('answers 403 without analytics:read, and the figures with it', async () => {
      const clerk = await staff(['orders:read', 'orders:write', 'stock:read', 'clients:read']);
      for (const path of ['/api/dashboard/stats', '/api/analytics']) {
        expect((await clerk.get(path)).status, path).toBe(403);
      }
      const analyst = await staff(['analytics:read']);
      expect((await analyst.get('/api/dashboard/stats')).status).toBe(200);
      expect((await analyst.get(`/api/analytics?from=${lastMonth}`)).status).toBe(200);
    });
  });

  describe('the rollups after a mixed sequence of writes', () => {
    it('equal a direct GROUP BY over the base tables, and the figures equal direct SQL', async () => {
      const dates = await stockItem({ name: 'Medjool Dates 1kg', sku: 'AN-DATES', costPrice: '12.40' });
      const sugar = await stockItem({ name: 'Sugar 2kg', sku: 'AN-SUGAR', costPrice: '4.10' });
      const order = await createOrder({
        clientName: 'Al Noor Trading',
        items: [
          { itemName: dates.name, quantity: 1.5, unitPrice: '15.99', stockItemId: dates.id },
          { itemName: 'Loose Cardamom', quantity: 0.25, unitPrice: '80' },
        ],
      });
      const added = await json<OrderItemDto>(
        await owner.post(`/api/orders/${order.id}/items`, {
          itemName: sugar.name,
          quantity: 3,
          unitPrice: '5.25',
          stockItemId: sugar.id,
        }),
      );
      const [first, second] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      expect((await owner.patch(`/api/orders/${order.id}/items/${first!.id}`, { quantity: 2.5 })).status).toBe(200);
      expect((await owner.patch(`/api/orders/${order.id}/items/${added.id}`, { stockItemId: null })).status).toBe(200);
      expect(
        (await owner.patch(`/api/orders/${order.id}/items/${second!.id}`, { itemName: 'Green Cardamom' })).status,
      ).toBe(200);
      expect((await owner.patch(`/api/orders/${order.id}`, { clientName: 'Souq Wholesale' })).status).toBe(200);
      expect(await rollupDifferences()).toMatchObject({ days: 0, clients: 0, products: 0 });

      await setStatus(order, 'confirmed');
      await setStatus(order, 'cancelled');
      await placeOn(order, lastMonth25);
      await setStatus(order, 'pending');
      expect((await owner.delete(`/api/orders/${order.id}/items/${added.id}`)).status).toBe(204);
      await placeOn(order, addDays(twoMonthsAgo, 2));
      await setStatus(order, 'completed');

      const others = await Promise.all(
        [1, 2, 3].map((index) =>
          createOrder({
            clientName: `Rush Buyer ${index}`,
            items: [
              { itemName: sugar.name, quantity: index, unitPrice: '5.25', stockItemId: sugar.id },
              { itemName: 'Loose Cardamom', quantity: 1, unitPrice: '79.90' },
            ],
          }),
        ),
      );
      await query(`UPDATE orders.orders SET business_day = $2 WHERE id = ANY($1)`, [
        others.map((other) => other.id),
        lastMonth10,
      ]);
      await setStatus(others[0]!, 'cancelled');
      await query(
        `UPDATE orders.order_items SET quantity = quantity + 1, total_price = total_price + 5.25
                    WHERE order_id = $1 AND line_no = 1`,
        [others[1]!.id],
      );
      await query(`UPDATE orders.orders SET total_amount = total_amount + 5.25 WHERE id = $1`, [others[1]!.id]);
      await query(`DELETE FROM orders.orders WHERE id = $1`, [others[2]!.id]);

      const differences = await rollupDifferences();
      expect(differences).toEqual({ days: 0, clients: 0, products: 0, orders: differences.orders });
      expect(differences.orders).toBeGreaterThan(10);

      // The answer for a range spanning partial months, against the same figures computed directly.
      const from = addDays(twoMonthsAgo, 1);
      const to = lastMonth25;
      const report = await analytics(`?from=${from}&to=${to}`);
      const [direct] = await query<{ revenue: string; orders: number; margin: string | null }>(
        `SELECT round(coalesce(sum(o.total_amount), 0), 2)::text AS revenue, count(*)::int AS orders,
                (SELECT round((sum(i.total_price) - sum(i.base_quantity * i.unit_cost)) * 100 / sum(i.total_price), 1)::text
                   FROM orders.order_items i JOIN orders.orders io ON io.id = i.order_id
                  WHERE io.status <> 'cancelled' AND io.business_day BETWEEN $1 AND $2 AND i.unit_cost IS NOT NULL) AS margin
           FROM orders.orders o
          WHERE o.status <> 'cancelled' AND o.business_day BETWEEN $1 AND $2`,
        [from, to],
      );
      expect(report).toMatchObject({
        totalRevenue: direct!.revenue,
        totalOrders: direct!.orders,
        profitMargin: Number(direct!.margin),
      });
      const directProducts = await query<{ stock_item_id: string | null; quantity: string; revenue: string }>(
        `SELECT (array_agg(i.stock_item_id))[1] AS stock_item_id, sum(i.base_quantity)::text AS quantity,
                round(sum(i.total_price), 2)::text AS revenue
           FROM orders.order_items i JOIN orders.orders o ON o.id = i.order_id
          WHERE o.status <> 'cancelled' AND o.business_day BETWEEN $1 AND $2
          GROUP BY coalesce(i.stock_item_id::text, lower(btrim(i.item_name)))
          ORDER BY sum(i.total_price) DESC, sum(i.base_quantity) DESC
          LIMIT 10`,
        [from, to],
      );
      expect(
        report.topProducts.map(({ stockItemId, quantity, revenue }) => ({ stockItemId, quantity, revenue })),
      ).toEqual(
        directProducts.map((row) => ({
          stockItemId: row.stock_item_id,
          quantity: Number(row.quantity),
          revenue: row.revenue,
        })),
      );
    });

    it('are rebuilt from the base tables after a TRUNCATE', async () => {
      await query('TRUNCATE orders.order_items');
      expect(await rollupDifferences()).toMatchObject({ days: 0, clients: 0, products: 0 });
      expect((await analytics()).topProducts).toEqual([]);
      expect((await stats()).totalRevenue).not.toBe('0.00');
    });
  });
});
