import type { CreatedApiKeyDto, OrderDto, OrderItemDto, StockItemDto, UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import axios, { type AxiosResponse } from 'axios';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const run = promisify(execFile);

/**
 * CONTRACT §9, with the requests ordinary HTTP clients really send: `Content-Type:
 * application/json` and no body on DELETE and body-less POST, cache busters and tracking
 * parameters in the query, and objects sent back with what the server computed on them.
 */
describe('requests a careful client sends', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let serial = 0;

  const cookie = (): string => owner.sessionCookie!;

  /** fetch, as a browser or a Node client: the JSON content type, and a body of nothing. */
  const fetchEmptyJson = (method: string, path: string, headers: Record<string, string> = {}): Promise<Response> =>
    stack.fetch(path, {
      method,
      headers: { cookie: cookie(), 'content-type': 'application/json', ...headers },
      body: '',
    });

  /** curl as people write it: `-H 'Content-Type: application/json' -d ''` (a Content-Length: 0). */
  async function curlEmptyJson(method: string, path: string): Promise<number> {
    const { stdout } = await run('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-X',
      method,
      '-H',
      'Content-Type: application/json',
      '-H',
      `Cookie: ${cookie()}`,
      '--data',
      '',
      `${stack.baseUrl}${path}`,
    ]);
    return Number(stdout);
  }

  /** axios with a JSON content type set for every call, as API wrappers configure it. */
  const axiosClient = () =>
    axios.create({
      baseURL: stack.baseUrl,
      headers: { 'Content-Type': 'application/json', Cookie: cookie() },
      validateStatus: () => true,
    });

  async function stockItem(): Promise<StockItemDto> {
    serial += 1;
    const created = await owner.post('/api/stock', {
      name: `Careful rice ${serial}`,
      sku: `CAREFUL-${serial}`,
      quantity: 50,
      unit: 'bag',
      costPrice: 10,
      sellingPrice: 12.5,
    });
    expect(created.status).toBe(201);
    return json<StockItemDto>(created);
  }

  async function pendingOrder(lines = 2): Promise<{ order: OrderDto; items: OrderItemDto[] }> {
    const item = await stockItem();
    const created = await owner.post('/api/orders/manual', {
      clientName: `Careful Trading ${serial}`,
      items: Array.from({ length: lines }, (_, k) => ({
        itemName: item.name,
        quantity: k + 1,
        unitPrice: '12.50',
        stockItemId: item.id,
      })),
    });
    expect(created.status).toBe(201);
    const order = await json<OrderDto>(created);
    const items = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
    return { order, items };
  }

  async function staffUser(): Promise<UserDto> {
    serial += 1;
    const created = await owner.post('/api/users', {
      username: `careful${serial}`,
      password: 'careful-client-password',
      email: `careful${serial}@example.com`,
      fullName: `Careful ${serial}`,
      role: 'staff',
    });
    expect(created.status).toBe(201);
    return json<UserDto>(created);
  }

  async function apiKey(): Promise<CreatedApiKeyDto> {
    const created = await owner.post('/api/api-keys', { name: `key ${++serial}`, permissions: ['products:read'] });
    expect(created.status).toBe(201);
    return json<CreatedApiKeyDto>(created);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('Content-Type: application/json with an empty body is no body', () => {
    it('deletes users, stock items, API keys and order lines, from fetch, curl and axios', async () => {
      const deletions: Array<() => Promise<string>> = [
        async () => `/api/users/${(await staffUser()).id}`,
        async () => `/api/stock/${(await stockItem()).id}`,
        async () => `/api/api-keys/${(await apiKey()).id}`,
        async () => {
          const { order, items } = await pendingOrder();
          return `/api/orders/${order.id}/items/${items[0]!.id}`;
        },
      ];
      for (const target of deletions) {
        const viaFetch = await fetchEmptyJson('DELETE', await target());
        expect(viaFetch.status, `fetch ${await viaFetch.text()}`).toBe(204);
        const curlPath = await target();
        expect(await curlEmptyJson('DELETE', curlPath), `curl ${curlPath}`).toBe(204);
        const axiosPath = await target();
        const viaAxios = await axiosClient().delete(axiosPath);
        expect(viaAxios.status, `axios ${axiosPath} ${JSON.stringify(viaAxios.data)}`).toBe(204);
      }
      // Each was really deleted (not merely answered).
      expect(
        (
          await stack.environment.database.query<{ n: string }>(
            "SELECT count(*) AS n FROM identity.users WHERE username LIKE 'careful%'",
          )
        )[0]!.n,
      ).toBe('0');
    });

    it('generates an invoice and reorder suggestions, and signs out, with the JSON type and no body', async () => {
      const { order } = await pendingOrder(1);
      expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
      const invoice = await fetchEmptyJson('POST', `/api/orders/${order.id}/generate-invoice`);
      expect(invoice.status, await invoice.clone().text()).toBeLessThan(300);
      expect(await invoice.json()).toMatchObject({ invoiceNumber: expect.stringMatching(/^INV-/) });
      const viaAxios: AxiosResponse = await axiosClient().post(`/api/orders/${order.id}/generate-invoice`);
      expect(viaAxios.status).toBeLessThan(300);

      const reorder = await fetchEmptyJson('POST', '/api/stock/generate-reorder-suggestions');
      expect([200, 201, 202]).toContain(reorder.status);
      expect(await curlEmptyJson('POST', '/api/stock/generate-reorder-suggestions')).toBeLessThan(300);

      for (const path of ['/api/logout', '/api/auth/logout']) {
        const signedOut = await fetchEmptyJson('POST', path);
        expect(signedOut.status, path).toBe(204);
        expect((await owner.get('/api/user')).status).toBe(401);
        expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
      }
      expect(await curlEmptyJson('POST', '/api/logout')).toBe(204);
      expect((await owner.get('/api/user')).status).toBe(401);
      expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    });

    it('still refuses an empty body where a body is required, naming what is missing', async () => {
      const response = await fetchEmptyJson('POST', '/api/clients');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const broken = await stack.fetch('/api/clients', {
        method: 'POST',
        headers: { cookie: cookie(), 'content-type': 'application/json' },
        body: '{"name":',
      });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ code: 'INVALID_JSON' });
    });
  });

  describe('query parameters a route does not know are ignored', () => {
    it('answers lists with cache busters and tracking tags as without them', async () => {
      await pendingOrder(1);
      for (const [path, plain] of [
        ['/api/orders?_=1764230400000', '/api/orders'],
        ['/api/stock?limit=5&_=1764230400000&utm_source=newsletter', '/api/stock?limit=5'],
        ['/api/clients?fbclid=IwAR0xyz&utm_campaign=ramadan', '/api/clients'],
        ['/api/invoices?_=1', '/api/invoices'],
        ['/api/users?ref=menu', '/api/users'],
      ] as const) {
        const response = await owner.get(path);
        expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
        expect(await response.json(), path).toEqual(await json(await owner.get(plain)));
      }
      const { key } = await apiKey();
      const v1 = await stack.fetch('/api/v1/products?limit=2&_=1&utm_medium=api', { headers: { 'x-api-key': key } });
      expect(v1.status).toBe(200);
      expect(await v1.json()).toMatchObject({ success: true });
      const viaAxios = await axiosClient().get('/api/orders', { params: { _: Date.now(), status: 'pending' } });
      expect(viaAxios.status).toBe(200);
      expect((viaAxios.data as OrderDto[]).every((order) => order.status === 'pending')).toBe(true);
    });

    it('still refuses a known parameter with a wrong value', async () => {
      const response = await owner.get('/api/orders?limit=many&_=1');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/limit/),
      });
    });
  });

  describe('fields the server computes are ignored in a body', () => {
    it('creates a manual order carrying totalAmount (as the spec’s screen sends), with the server’s own totals', async () => {
      const item = await stockItem();
      const created = await owner.post('/api/orders/manual', {
        id: '00000000-0000-4000-8000-000000000001',
        orderNumber: 'ORD-1999-000001',
        status: 'completed',
        clientName: 'Echo Trading',
        totalAmount: '1.00',
        createdAt: '1999-01-01T00:00:00.000Z',
        items: [
          { itemName: item.name, quantity: 3, unitPrice: '12.50', totalPrice: '0.01', stockItemId: item.id, lineNo: 9 },
        ],
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const order = await json<OrderDto>(created);
      expect(order).toMatchObject({ status: 'pending', totalAmount: '37.50', clientName: 'Echo Trading' });
      expect(order.id).not.toBe('00000000-0000-4000-8000-000000000001');
      expect(order.orderNumber).toMatch(/^ORD-2\d{3}-\d{6}$/);
      expect(order.createdAt.startsWith('1999')).toBe(false);
      const [line] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      expect(line).toMatchObject({ totalPrice: '37.50', lineNo: 1 });
    });

    it('takes back a stock item and a client as they were answered, and an order edit with its totals', async () => {
      const item = await stockItem();
      const { id: _id, ...fields } = item;
      const edited = await owner.patch(`/api/stock/${item.id}`, { ...item, name: `${item.name} (edited)` });
      expect(edited.status, await edited.clone().text()).toBe(200);
      expect(await json<StockItemDto>(edited)).toMatchObject({
        ...fields,
        name: `${item.name} (edited)`,
        updatedAt: expect.any(String),
      });

      const client = await json<Record<string, unknown>>(
        await owner.post('/api/clients', { name: 'Round Trip Foods' }),
      );
      const again = await owner.post('/api/clients', { ...client, name: 'Round Trip Foods 2' });
      expect(again.status, await again.clone().text()).toBe(201);

      const { order } = await pendingOrder(1);
      const { id, orderNumber, totalAmount, itemCount, createdAt, updatedAt, createdBy } = order;
      const echoed = { id, orderNumber, totalAmount, itemCount, createdAt, updatedAt, createdBy };
      const patched = await owner.patch(`/api/orders/${order.id}`, { ...echoed, notes: 'call before delivery' });
      expect(patched.status, await patched.clone().text()).toBe(200);
      expect(await json<OrderDto>(patched)).toMatchObject({
        notes: 'call before delivery',
        totalAmount: order.totalAmount,
      });
    });

    it('still refuses any other unknown property, naming it, and a status change in an edit', async () => {
      const item = await stockItem();
      const refused = await owner.post('/api/orders/manual', {
        clientName: 'Echo Trading',
        discountCode: 'RAMADAN',
        items: [{ itemName: item.name, quantity: 1, unitPrice: 1, stockItemId: item.id }],
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/discountCode/),
      });
      const { order } = await pendingOrder(1);
      const statusInEdit = await owner.patch(`/api/orders/${order.id}`, { notes: 'x', status: 'confirmed' });
      expect(statusInEdit.status).toBe(400);
      expect(await statusInEdit.json()).toMatchObject({ message: expect.stringMatching(/status/) });
    });
  });
});
