import type { GeneratedInvoiceDto, OrderDto, OrderItemDto, StockItemDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

let serial = 0;

/**
 * The Idempotency-Key of the session's creating calls a screen may retry
 * (docs/decisions/0019-idempotent-creates.md): clients, stock items, payments and returns. One
 * generic mechanism, so one table of routes and the same checks for each.
 */
interface Route {
  name: string;
  /** The service's schema, whose idempotent_requests holds the key. */
  schema: string;
  operation: string;
  /** A fresh target: the path to POST to, a body, and how many resources of it there are. */
  prepare(): Promise<{
    path: string;
    body: Record<string, unknown>;
    /** Another body: the same key with it is a 409. */
    otherBody: Record<string, unknown>;
    /** The body another user sends with the same key (a different one where the first would clash). */
    theirBody: Record<string, unknown>;
    count(): Promise<number>;
  }>;
}

describe('Idempotency-Key on the session API’s creating calls, through the gateway and the services', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let clerk: HttpClient;

  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = await stack.environment.database.query<{ count: number }>(sql, params);
    return row!.count;
  };

  async function created<T>(response: Response): Promise<T> {
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<T>(response);
  }

  async function stockItem(quantity: number): Promise<StockItemDto> {
    serial += 1;
    return created<StockItemDto>(
      await owner.post('/api/stock', {
        name: `Idem Rice ${serial}`,
        sku: `IDEM-RICE-${serial}`,
        unit: 'bag',
        quantity,
        costPrice: '30.00',
        sellingPrice: '40.00',
      }),
    );
  }

  /** A confirmed order of 10 bags at 40.00 (460.00 with VAT), and its one line. */
  async function confirmedOrder(): Promise<{ order: OrderDto; line: OrderItemDto }> {
    const item = await stockItem(100);
    const order = await created<OrderDto>(
      await owner.post('/api/orders/manual', {
        clientName: `Idem Buyer ${serial}`,
        items: [{ stockItemId: item.id, itemName: item.name, quantity: 10, unit: 'bag', unitPrice: '40.00' }],
      }),
    );
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const [line] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
    return { order, line: line! };
  }

  const routes: Route[] = [
    {
      name: 'POST /api/clients',
      schema: 'orders',
      operation: 'create-client',
      async prepare() {
        serial += 1;
        const name = `Idem Client ${serial}`;
        return {
          path: '/api/clients',
          body: { name, phone: '+966501234567' },
          otherBody: { name, phone: '+966501234568' },
          theirBody: { name, phone: '+966501234567' },
          count: () => count('SELECT count(*)::int AS count FROM orders.clients WHERE name = $1', [name]),
        };
      },
    },
    {
      name: 'POST /api/stock',
      schema: 'inventory',
      operation: 'create-stock-item',
      async prepare() {
        serial += 1;
        const sku = `IDEM-OIL-${serial}`;
        const body = { name: `Idem Oil ${serial}`, sku, unit: 'carton', quantity: 12, sellingPrice: '26.50' };
        return {
          path: '/api/stock',
          body,
          otherBody: { ...body, quantity: 13 },
          // The same SKU would be taken: another user's item has its own.
          theirBody: { ...body, sku: `${sku}-B` },
          count: () =>
            count('SELECT count(*)::int AS count FROM inventory.stock_items WHERE sku IN ($1, $2)', [sku, `${sku}-B`]),
        };
      },
    },
    {
      name: 'POST /api/invoices/:id/payments',
      schema: 'billing',
      operation: 'record-payment',
      async prepare() {
        const { order } = await confirmedOrder();
        const invoice = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${order.id}/generate-invoice`));
        return {
          path: `/api/invoices/${invoice.id}/payments`,
          body: { amount: '100.00', method: 'cash' },
          otherBody: { amount: '100.00', method: 'bank_transfer', reference: 'TR-1' },
          theirBody: { amount: '100.00', method: 'cash' },
          count: () => count('SELECT count(*)::int AS count FROM billing.payments WHERE invoice_id = $1', [invoice.id]),
        };
      },
    },
    {
      name: 'POST /api/orders/:id/returns',
      schema: 'orders',
      operation: 'create-order-return',
      async prepare() {
        const { order, line } = await confirmedOrder();
        const body = { reason: 'Torn bag', lines: [{ orderItemId: line.id, quantity: 1, restock: true }] };
        return {
          path: `/api/orders/${order.id}/returns`,
          body,
          otherBody: { ...body, reason: 'Two torn bags' },
          theirBody: body,
          count: () => count('SELECT count(*)::int AS count FROM orders.order_returns WHERE order_id = $1', [order.id]),
        };
      },
    },
  ];

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    const user = await owner.post('/api/users', {
      username: 'idemclerk',
      password: 'clerk-password-1',
      email: 'idemclerk@alnoor.example',
      fullName: 'Idem Clerk',
      role: 'staff',
      permissions: [
        'orders:read',
        'orders:write',
        'clients:read',
        'clients:write',
        'stock:read',
        'stock:write',
        'invoices:read',
        'invoices:write',
      ],
    });
    expect(user.status).toBe(201);
    clerk = new HttpClient(stack.baseUrl);
    expect((await clerk.login('idemclerk', 'clerk-password-1')).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe.each(routes)('$name', (route) => {
    it('answers a retry with the same key and body with the first resource (201), making one', async () => {
      const target = await route.prepare();
      const key = `form-${randomUUID()}`;
      const before = await target.count();
      const first = await created<{ id: string }>(
        await owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
      );
      const again = await created<{ id: string }>(
        await owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
      );
      expect(again.id).toBe(first.id);
      expect(await target.count()).toBe(before + 1);
      // Recorded with the resource, in its transaction.
      const claims = await stack.environment.database.query<{ resource_id: string; scope: string }>(
        `SELECT resource_id, scope FROM ${route.schema}.idempotent_requests WHERE request_key = $1 AND operation = $2`,
        [key, route.operation],
      );
      expect(claims).toHaveLength(1);
      expect(claims[0]!.resource_id).toBe(first.id);
      expect(claims[0]!.scope).toMatch(/^user:/);
    });

    it('makes one resource of two sends at once with one key, both answered with it', async () => {
      const target = await route.prepare();
      const key = `race-${randomUUID()}`;
      const before = await target.count();
      const [first, second] = await Promise.all([
        owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
        owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
      ]);
      // The second claim waits for the first transaction, then finds what it made.
      const [a, b] = [await created<{ id: string }>(first), await created<{ id: string }>(second)];
      expect(b.id).toBe(a.id);
      expect(await target.count()).toBe(before + 1);
    });

    it('refuses the same key with another body (409 IDEMPOTENCY_KEY_REUSED) and a malformed key (400), making nothing', async () => {
      const target = await route.prepare();
      const key = `edit-${randomUUID()}`;
      await created(await owner.request('POST', target.path, target.body, { 'idempotency-key': key }));
      const before = await target.count();
      const changed = await owner.request('POST', target.path, target.otherBody, { 'idempotency-key': key });
      expect(changed.status).toBe(409);
      expect(await json(changed)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const malformed = await owner.request('POST', target.path, target.otherBody, { 'idempotency-key': 'has space' });
      expect(malformed.status).toBe(400);
      expect(await json(malformed)).toMatchObject({ code: 'VALIDATION_FAILED' });
      const tooLong = await owner.request('POST', target.path, target.otherBody, {
        'idempotency-key': 'k'.repeat(201),
      });
      expect(tooLong.status).toBe(400);
      expect(await target.count()).toBe(before);
    });

    it('keeps keys per user: another user’s same key makes their own resource', async () => {
      const target = await route.prepare();
      const key = `shared-${randomUUID()}`;
      const before = await target.count();
      const mine = await created<{ id: string }>(
        await owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
      );
      const theirs = await created<{ id: string }>(
        await clerk.request('POST', target.path, target.theirBody, { 'idempotency-key': key }),
      );
      expect(theirs.id).not.toBe(mine.id);
      expect(await target.count()).toBe(before + 2);
    });

    it('changes nothing without the header: each send makes one', async () => {
      const target = await route.prepare();
      const before = await target.count();
      const first = await created<{ id: string }>(await owner.post(target.path, target.body));
      // A body that may be sent twice without a clash (the SKU, the client's name are free).
      const second = await created<{ id: string }>(await owner.post(target.path, target.theirBody));
      expect(second.id).not.toBe(first.id);
      expect(await target.count()).toBe(before + 2);
    });
  });

  it('binds a payment’s key to its invoice, and a refused payment leaves its key free', async () => {
    const [payments, returns] = [routes[2]!, routes[3]!];
    const one = await payments.prepare();
    const other = await payments.prepare();
    const key = `pay-${randomUUID()}`;
    // More than the 460.00 due: refused, and the key is not taken by it.
    const refused = await owner.request(
      'POST',
      one.path,
      { amount: '999.00', method: 'cash' },
      { 'idempotency-key': key },
    );
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: 'BILLING_PAYMENT_EXCEEDS_BALANCE' });
    await created(await owner.request('POST', one.path, one.body, { 'idempotency-key': key }));
    const elsewhere = await owner.request('POST', other.path, other.body, { 'idempotency-key': key });
    expect(elsewhere.status).toBe(409);
    expect(await json(elsewhere)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await other.count()).toBe(0);

    // One key for two kinds of thing is two operations: a return with a payment's key is made.
    const back = await returns.prepare();
    await created(await owner.request('POST', back.path, back.body, { 'idempotency-key': key }));
  });

  it('answers a repeated payment with the first even once the invoice is fully paid', async () => {
    const target = await routes[2]!.prepare();
    const key = `full-${randomUUID()}`;
    const body = { amount: '460.00', method: 'cash' };
    const first = await created<{ id: string; amount: string }>(
      await owner.request('POST', target.path, body, { 'idempotency-key': key }),
    );
    expect(first.amount).toBe('460.00');
    const again = await created<{ id: string }>(
      await owner.request('POST', target.path, body, { 'idempotency-key': key }),
    );
    expect(again.id).toBe(first.id);
    // Without the key, the same payment is refused: nothing is left to pay.
    expect((await owner.post(target.path, body)).status).toBe(409);
    expect(await target.count()).toBe(1);
  });

  it('answers a repeated return with the first and its credit note', async () => {
    const target = await routes[3]!.prepare();
    const key = `ret-${randomUUID()}`;
    const first = await created<{ id: string; creditNoteId: string | null }>(
      await owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
    );
    expect(first.creditNoteId).not.toBeNull();
    const again = await created<{ id: string; creditNoteId: string | null }>(
      await owner.request('POST', target.path, target.body, { 'idempotency-key': key }),
    );
    expect(again).toMatchObject({ id: first.id, creditNoteId: first.creditNoteId });
  });
});
