import {
  allApiKeyPermissions,
  type ApiKeyPermission,
  type CreatedApiKeyDto,
  type Envelope,
  type ProductDto,
  type StockItemDto,
  type UserDto,
  type V1OrderDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/auth/route-table.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

type KeyCaller =
  'no key' | 'wrong key' | 'expired key' | 'inactive key' | 'rejected user' | 'lacks permission' | 'good key';
const keyCallers: KeyCaller[] = [
  'no key',
  'wrong key',
  'expired key',
  'inactive key',
  'rejected user',
  'lacks permission',
  'good key',
];

const unknownId = '00000000-0000-4000-8000-000000000000';

/** A partner's HTTP client: every call carries its key (or none). */
class PartnerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string | null,
    private readonly asBearer = false,
  ) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.key ? (this.asBearer ? { authorization: `Bearer ${this.key}` } : { 'x-api-key': this.key }) : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }
}

describe('the partner API (/api/v1) on the real services', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let users = 0;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  /** A key of `as` with these permissions. */
  async function keyOf(as: HttpClient, permissions: ApiKeyPermission[]): Promise<CreatedApiKeyDto> {
    const created = await as.post('/api/api-keys', { name: `partner ${randomUUID().slice(0, 8)}`, permissions });
    expect(created.status).toBe(201);
    return json<CreatedApiKeyDto>(created);
  }

  async function staff(permissions: string[]): Promise<{ http: HttpClient; user: UserDto }> {
    users += 1;
    const username = `partner${users}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'partner-password',
      email: `${username}@shop.example`,
      fullName: `Partner ${users}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'partner-password')).status).toBe(200);
    return { http, user: await json<UserDto>(created) };
  }

  async function stockItem(overrides: Record<string, unknown> = {}): Promise<StockItemDto> {
    const response = await owner.post('/api/stock', {
      name: `Nadec Laban 1L ${randomUUID().slice(0, 6)}`,
      nameAr: 'لبن نادك ١ لتر',
      sku: `LABAN-${randomUUID().slice(0, 8)}`,
      unit: 'piece',
      quantity: 40,
      costPrice: '4.65',
      sellingPrice: '5.50',
      ...overrides,
    });
    expect(response.status).toBe(201);
    return json<StockItemDto>(response);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('walks every v1 route with every kind of key and answers each as the contract says, in the envelope', async () => {
    const routes = routeTable(stack.gateway).filter((route) => route.access?.kind === 'api-key');
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [
        'GET /api/v1/invoices',
        'GET /api/v1/invoices/:id',
        'GET /api/v1/invoices/:id/payments',
        'GET /api/v1/invoices/:id/pdf',
        'GET /api/v1/orders',
        'GET /api/v1/orders/:id',
        'GET /api/v1/products',
        'PATCH /api/v1/products/:id',
        'PATCH /api/v1/products/:id/stock',
        'POST /api/v1/orders',
      ].sort(),
    );

    const everything = [...allApiKeyPermissions];
    const expired = await keyOf(owner, everything);
    await query(`UPDATE identity.api_keys SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    const inactive = await keyOf(owner, everything);
    await query(`UPDATE identity.api_keys SET is_active = 0 WHERE id = $1`, [inactive.id]);
    const rejected = await staff(['orders:read', 'orders:write', 'stock:read', 'stock:write', 'invoices:read']);
    const rejectedKey = await keyOf(rejected.http, everything);
    expect((await owner.patch(`/api/users/${rejected.user.id}`, { status: 'rejected' })).status).toBe(200);

    const violations: string[] = [];
    for (const route of routes) {
      const permission = (route.access as { permission: ApiKeyPermission }).permission;
      const lacking = await keyOf(
        owner,
        everything.filter((candidate) => candidate !== permission),
      );
      const good = await keyOf(owner, [permission]);
      const keyFor: Record<KeyCaller, string | null> = {
        'no key': null,
        'wrong key': `wsk_${'A'.repeat(43)}`,
        'expired key': expired.key,
        'inactive key': inactive.key,
        'rejected user': rejectedKey.key,
        'lacks permission': lacking.key,
        'good key': good.key,
      };
      const path = route.path.replace(/:[A-Za-z]+/g, unknownId);
      const body = route.method === 'GET' ? undefined : {};
      for (const caller of keyCallers) {
        const answer = await new PartnerClient(stack.baseUrl, keyFor[caller], caller === 'good key').call(
          route.method,
          path,
          body,
        );
        const want = caller === 'good key' ? 'allowed' : caller === 'lacks permission' ? 403 : 401;
        const okStatus =
          want === 'allowed' ? answer.status < 500 && ![401, 403].includes(answer.status) : answer.status === want;
        const okBody =
          answer.body.success === answer.status < 400 && (answer.status < 400 || typeof answer.body.error === 'string');
        if (!okStatus || !okBody) {
          violations.push(
            `${route.method} ${route.path} with ${caller}: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        }
        if (caller === 'lacks permission' && answer.status === 403) expect(answer.body.error).toContain(permission);
      }
    }
    expect(violations).toEqual([]);
  });

  describe('products', () => {
    it('pages by name with count and hasMore, totals only when asked, searches, and syncs by updatedSince', async () => {
      const key = (await keyOf(owner, ['products:read'])).key;
      const partner = new PartnerClient(stack.baseUrl, key);
      const tag = randomUUID().slice(0, 6);
      const made = [];
      for (const size of ['A', 'B', 'C']) made.push(await stockItem({ name: `Almarai Milk ${tag} ${size}` }));
      const first = await partner.call<ProductDto[]>('GET', `/api/v1/products?search=${tag}&limit=2`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, count: 2, hasMore: true });
      expect(first.body).not.toHaveProperty('total');
      expect(first.body.data!.map((product) => product.id)).toEqual([made[0]!.id, made[1]!.id]);
      expect(Object.keys(first.body.data![0]!).sort()).toEqual(
        [
          'costPrice',
          'id',
          'lowStockThreshold',
          'name',
          'nameAr',
          'packs',
          'quantity',
          'sellingPrice',
          'sku',
          'unit',
          'updatedAt',
        ].sort(),
      );
      const last = await partner.call<ProductDto[]>(
        'GET',
        `/api/v1/products?search=${tag}&limit=2&offset=2&withTotal=true`,
      );
      expect(last.body).toMatchObject({ count: 1, hasMore: false, total: 3 });

      const since = new Date().toISOString();
      const changer = new PartnerClient(stack.baseUrl, (await keyOf(owner, ['products:write'])).key);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await changer.call('PATCH', `/api/v1/products/${made[1]!.id}`, { sellingPrice: '6.25' })).status).toBe(
        200,
      );
      const changed = await partner.call<ProductDto[]>(
        'GET',
        `/api/v1/products?updatedSince=${encodeURIComponent(since)}`,
      );
      expect(changed.body.data!.map((product) => product.id)).toEqual([made[1]!.id]);
      expect(changed.body.data![0]!.sellingPrice).toBe('6.25');

      // A change of its packs alone is a change of the product: they are part of it (CONTRACT §10).
      const packedSince = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await owner.patch(`/api/stock/${made[2]!.id}`, { packs: [{ unit: 'carton', factor: 12 }] })).status).toBe(
        200,
      );
      const packed = await partner.call<ProductDto[]>(
        'GET',
        `/api/v1/products?updatedSince=${encodeURIComponent(packedSince)}`,
      );
      expect(packed.body.data!.map((product) => [product.id, product.packs.map((pack) => pack.unit)])).toEqual([
        [made[2]!.id, ['carton']],
      ]);

      const bad = await partner.call('GET', '/api/v1/products?limit=1001');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        success: false,
        error: 'limit must not be greater than 1000',
        code: 'VALIDATION_FAILED',
        details: expect.anything(),
      });
    });

    it('includes batches with quantity and expiry when asked', async () => {
      const partner = new PartnerClient(stack.baseUrl, (await keyOf(owner, ['products:read'])).key);
      const item = await stockItem({ batchNumber: 'LOT-77', expiryDate: '2099-01-31', quantity: 12 });
      const answer = await partner.call<ProductDto[]>('GET', `/api/v1/products?search=${item.sku}&include=batches`);
      expect(answer.body.data![0]!.batches).toEqual([
        { batchNumber: 'LOT-77', quantity: 12, expiryDate: '2099-01-31' },
      ]);
      const plain = await partner.call<ProductDto[]>('GET', `/api/v1/products?search=${item.sku}`);
      expect(plain.body.data![0]).not.toHaveProperty('batches');
    });

    it('sets stock with products:sync, records who did it, and refuses fractions, negatives and quantity on PATCH', async () => {
      const item = await stockItem({ quantity: 40 });
      const syncKey = await keyOf(owner, ['products:sync']);
      const partner = new PartnerClient(stack.baseUrl, syncKey.key);
      const synced = await partner.call<ProductDto>('PATCH', `/api/v1/products/${item.id}/stock`, { quantity: 25 });
      expect(synced.status).toBe(200);
      expect(synced.body.data!.quantity).toBe(25);
      const [update] = await query<{ quantity_change: string; created_by: string }>(
        `SELECT quantity_change, created_by FROM inventory.stock_updates WHERE stock_item_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [item.id],
      );
      expect(Number(update!.quantity_change)).toBe(-15);
      expect(update!.created_by).not.toBeNull();
      for (const quantity of [2.5, -1, 'ten']) {
        const refused = await partner.call('PATCH', `/api/v1/products/${item.id}/stock`, { quantity });
        expect(refused.status, String(quantity)).toBe(400);
        expect(refused.body.success).toBe(false);
      }
      const writer = new PartnerClient(stack.baseUrl, (await keyOf(owner, ['products:write'])).key);
      const sneaky = await writer.call('PATCH', `/api/v1/products/${item.id}`, { quantity: 99 });
      expect(sneaky.status).toBe(400);
      expect((await writer.call('PATCH', `/api/v1/products/${unknownId}`, { sellingPrice: 1 })).status).toBe(404);
      const keys = await json<Array<{ id: string; lastUsedAt: string | null }>>(await owner.get('/api/api-keys'));
      expect(keys.find((key) => key.id === syncKey.id)?.lastUsedAt).not.toBeNull();
    });
  });

  describe('orders', () => {
    it('creates a pending order, and an Idempotency-Key retry answers the first order instead of a second', async () => {
      const item = await stockItem();
      const partner = new PartnerClient(stack.baseUrl, (await keyOf(owner, ['orders:write', 'orders:read'])).key);
      const body = {
        clientName: 'Tamimi Markets',
        notes: 'POS sync',
        items: [
          { name: item.name, quantity: 3, unitPrice: '5.50', stockItemId: item.id },
          { name: 'Carrier bags', nameAr: 'أكياس', quantity: 2.5, unit: 'kg', unitPrice: 3.33 },
        ],
      };
      const key = randomUUID();
      const answers = await Promise.all([
        partner.call<V1OrderDto>('POST', '/api/v1/orders', body, { 'idempotency-key': key }),
        partner.call<V1OrderDto>('POST', '/api/v1/orders', body, { 'idempotency-key': key }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(answers[0]!.body.data).toEqual({
        id: answers[1]!.body.data!.id,
        orderNumber: expect.stringMatching(/^ORD-\d{4}-\d{6}$/),
        clientName: 'Tamimi Markets',
        totalAmount: '24.83',
        status: 'pending',
      });
      const retry = await partner.call<V1OrderDto>('POST', '/api/v1/orders', body, { 'idempotency-key': key });
      expect(retry.body.data!.id).toBe(answers[0]!.body.data!.id);
      // The same request written with its keys in another order (as another JSON library would) is the same request.
      const reordered = {
        items: body.items.map((line) => Object.fromEntries(Object.entries(line).reverse())),
        notes: body.notes,
        clientName: body.clientName,
      };
      const rewritten = await partner.call<V1OrderDto>('POST', '/api/v1/orders', reordered, { 'idempotency-key': key });
      expect(rewritten.status).toBe(201);
      expect(rewritten.body.data!.id).toBe(answers[0]!.body.data!.id);
      const [{ count }] = await query<{ count: number }>(
        `SELECT count(*)::int AS count FROM orders.orders WHERE client_name = 'Tamimi Markets'`,
      );
      expect(count).toBe(1);

      const other = await partner.call(
        'POST',
        '/api/v1/orders',
        { ...body, notes: 'changed' },
        { 'idempotency-key': key },
      );
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ success: false, code: 'ORDERS_IDEMPOTENCY_KEY_REUSED' });
      const noKey = await partner.call<V1OrderDto>('POST', '/api/v1/orders', body);
      expect(noKey.body.data!.id).not.toBe(answers[0]!.body.data!.id);

      const fetched = await partner.call<V1OrderDto>('GET', `/api/v1/orders/${answers[0]!.body.data!.id}`);
      expect(fetched.body.data!.items).toHaveLength(2);
      expect(fetched.body.data!.items![1]).toMatchObject({ name: 'Carrier bags', totalPrice: '8.33', unit: 'kg' });
      const listed = await partner.call<V1OrderDto[]>('GET', '/api/v1/orders?limit=1');
      expect(listed.body).toMatchObject({ success: true, count: 1, hasMore: true });
      const [order] = await query<{ source: string }>(`SELECT source FROM orders.orders WHERE id = $1`, [
        answers[0]!.body.data!.id,
      ]);
      expect(order!.source).toBe('api');
    });

    it('names the field of a bad order and refuses a bad Idempotency-Key', async () => {
      const partner = new PartnerClient(stack.baseUrl, (await keyOf(owner, ['orders:write'])).key);
      const bad = await partner.call('POST', '/api/v1/orders', {
        clientName: 'X',
        items: [{ name: 'Tea', quantity: 0, unitPrice: 1 }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('items.0.quantity must be greater than 0');
      const badKey = await partner.call(
        'POST',
        '/api/v1/orders',
        { clientName: 'X', items: [{ name: 'Tea', quantity: 1, unitPrice: 1 }] },
        { 'idempotency-key': 'has spaces in it' },
      );
      expect(badKey.status).toBe(400);
      const unknown = await partner.call('GET', '/api/v1/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.success).toBe(false);
    });
  });

  it('answers 429 in the envelope with Retry-After once a key passes its limit', async () => {
    const limited = await GatewayStack.start({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const admin = new HttpClient(limited.baseUrl);
      expect((await admin.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
      const created = await json<CreatedApiKeyDto>(
        await admin.post('/api/api-keys', { name: 'busy shop', permissions: ['products:read'] }),
      );
      const partner = new PartnerClient(limited.baseUrl, created.key);
      const statuses = [];
      for (let call = 0; call < 4; call += 1)
        statuses.push((await partner.call('GET', '/api/v1/products?limit=1')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await partner.call('GET', '/api/v1/products?limit=1');
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
