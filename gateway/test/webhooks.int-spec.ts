import {
  ServiceName,
  type CreatedWebhookEndpointDto,
  type InvoiceDto,
  type OrderDto,
  type OrderStatusChangedData,
  type Permission,
  type ProductStockChangedData,
  type StockItemDto,
  type UserDto,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEventType,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** What the receiver saw of one POST, and whether its signature checked out with the endpoint's secret. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  verified: boolean;
  answered: number;
}

/**
 * A partner's receiver, as docs/api/webhooks.md tells partners to write one: it checks
 * X-ERP-Signature (HMAC-SHA256 of "<timestamp>.<raw body>" with the endpoint's secret) and the
 * timestamp's age before trusting anything, and answers 401 when they do not hold. Each path is
 * one endpoint; a path can be told to fail its next N calls with 500.
 */
class Receiver {
  readonly calls: Received[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly failures = new Map<string, number>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '';
        const verified = this.verify(path, request.headers, raw);
        const failuresLeft = this.failures.get(path) ?? 0;
        let answered = 204;
        if (!verified) answered = 401;
        else if (failuresLeft > 0) {
          this.failures.set(path, failuresLeft - 1);
          answered = 500;
        }
        this.calls.push({ path, headers: request.headers, raw, body: JSON.parse(raw), verified, answered });
        response.writeHead(answered, { 'content-type': 'text/plain' });
        response.end(answered === 500 ? 'receiver is down for maintenance' : '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The endpoint's secret, as the partner stores it from the create answer. */
  trust(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  failNext(path: string, times: number): void {
    this.failures.set(path, times);
  }

  at(path: string): Received[] {
    return this.calls.filter((call) => call.path === path);
  }

  private verify(path: string, headers: IncomingHttpHeaders, raw: string): boolean {
    const secret = this.secrets.get(path);
    const timestamp = Number(headers['x-erp-timestamp']);
    const signature = String(headers['x-erp-signature'] ?? '');
    if (!secret || !Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
    return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  }
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let serial = 0;

describe('webhooks: signed events to partners, retried with backoff, in a delivery log', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  const receiver = new Receiver();
  let users = 0;

  async function register(
    as: HttpClient,
    path: string,
    events: WebhookEventType[],
  ): Promise<CreatedWebhookEndpointDto> {
    const response = await as.post('/api/webhooks', { url: `${receiver.url}${path}`, events });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    const created = await json<CreatedWebhookEndpointDto>(response);
    receiver.trust(path, created.secret);
    return created;
  }

  async function staff(permissions: Permission[]): Promise<{ http: HttpClient; user: UserDto }> {
    users += 1;
    const username = `hooks${users}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'clerk-password-1',
      email: `${username}@alnoor.example`,
      fullName: `Clerk ${users}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'clerk-password-1')).status).toBe(200);
    return { http, user: await json<UserDto>(created) };
  }

  async function stockItem(quantity: number): Promise<StockItemDto> {
    serial += 1;
    const response = await owner.post('/api/stock', {
      name: `Basmati Rice ${serial}`,
      nameAr: `أرز بسمتي ${serial}`,
      sku: `RICE-${serial}`,
      unit: 'bag',
      quantity,
      costPrice: '40.00',
      sellingPrice: '26.50',
    });
    expect(response.status).toBe(201);
    return json<StockItemDto>(response);
  }

  async function orderOf(item: StockItemDto, quantity: number): Promise<OrderDto> {
    const response = await owner.post('/api/orders/manual', {
      clientName: 'Al Noor Trading',
      items: [{ itemName: item.name, quantity, unitPrice: '26.50', stockItemId: item.id }],
    });
    expect(response.status).toBe(201);
    return json<OrderDto>(response);
  }

  async function setStatus(order: OrderDto, status: string): Promise<void> {
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status })).status).toBe(200);
  }

  async function deliveries(as: HttpClient, endpoint: WebhookEndpointDto): Promise<WebhookDeliveryDto[]> {
    const response = await as.get(`/api/webhooks/${endpoint.id}/deliveries`);
    expect(response.status).toBe(200);
    return json<WebhookDeliveryDto[]>(response);
  }

  function stockEvents(path: string, productId: string): ProductStockChangedData[] {
    return receiver
      .at(path)
      .filter((call) => call.answered === 204 && call.body.type === 'product.stock_changed')
      .map((call) => call.body.data as unknown as ProductStockChangedData)
      .filter((data) => data.productId === productId);
  }

  function orderEvents(path: string, orderId: string): OrderStatusChangedData[] {
    return receiver
      .at(path)
      .filter((call) => call.answered === 204 && call.body.type === 'order.status_changed')
      .map((call) => call.body.data as unknown as OrderStatusChangedData)
      .filter((data) => data.orderId === orderId);
  }

  beforeAll(async () => {
    await receiver.start();
    stack = await GatewayStack.start();
    // GatewayStack's env reaches only the gateway: identity reads its webhook settings at start,
    // so they are set in the environment and identity is started again with them.
    Object.assign(stack.environment.env, {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_BACKOFF_MS: '50',
      WEBHOOK_ATTEMPTS: '4',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    await stack.stopService(ServiceName.Identity);
    await stack.restartService(ServiceName.Identity);
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
  });

  describe('registering an endpoint', () => {
    it('answers the secret once; lists show it masked', async () => {
      const created = await register(owner, '/hooks/listed', ['order.status_changed']);
      expect(created).toMatchObject({
        url: `${receiver.url}/hooks/listed`,
        events: ['order.status_changed'],
        isActive: true,
      });
      expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(created.maskedSecret).toBe(`${created.secret.slice(0, 10)}••••••••`);

      const list = await json<WebhookEndpointDto[]>(await owner.get('/api/webhooks'));
      const listed = list.find((endpoint) => endpoint.id === created.id)!;
      expect(listed).toEqual({
        id: created.id,
        url: created.url,
        events: created.events,
        maskedSecret: created.maskedSecret,
        isActive: true,
        createdAt: created.createdAt,
      });
      expect(JSON.stringify(list)).not.toContain(created.secret);
      expect((await owner.delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    });

    it.each([
      ['http to a public host', 'http://partner.example.com/hooks', 'scheme'],
      ['another scheme', 'ftp://partner.example.com/hooks', 'scheme'],
      ['credentials in the URL', 'https://user:secret@partner.example.com/hooks', 'credentials'],
      ['a private network address', 'https://10.1.2.3/hooks', 'host'],
      ['a private network address (192.168)', 'https://192.168.1.20:8443/hooks', 'host'],
      ['a private network address (172.16)', 'https://172.20.0.5/hooks', 'host'],
      ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', 'host'],
      ['an IPv6 unique local address', 'https://[fd12:3456::1]/hooks', 'host'],
      ['a private address mapped into IPv6', 'https://[::ffff:10.0.0.1]/hooks', 'host'],
      ['not a URL', 'partner.example.com/hooks', 'invalid'],
    ])('refuses %s: 400 WEBHOOKS_URL_NOT_ALLOWED', async (_case, url, problem) => {
      const refused = await owner.post('/api/webhooks', { url, events: ['product.stock_changed'] });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({
        code: 'WEBHOOKS_URL_NOT_ALLOWED',
        details: { field: 'url', problem },
      });
    });

    it('validates the events, naming the field', async () => {
      const none = await owner.post('/api/webhooks', { url: `${receiver.url}/hooks/x`, events: [] });
      expect(none.status).toBe(400);
      expect(await json(none)).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'events' }] } });
      const unknown = await owner.post('/api/webhooks', { url: `${receiver.url}/hooks/x`, events: ['order.deleted'] });
      expect(unknown.status).toBe(400);
    });

    it('refuses an event about data the user may not read: 403', async () => {
      const { http } = await staff(['stock:read']);
      const refused = await http.post('/api/webhooks', {
        url: `${receiver.url}/hooks/refused`,
        events: ['order.status_changed', 'product.stock_changed'],
      });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({
        code: 'WEBHOOKS_EVENT_NOT_PERMITTED',
        details: { events: ['order.status_changed'], permissions: ['orders:read'] },
      });
    });
  });

  describe('events', () => {
    let endpoint: CreatedWebhookEndpointDto;
    const path = '/hooks/owner';

    beforeAll(async () => {
      endpoint = await register(owner, path, ['order.status_changed', 'product.stock_changed']);
    });

    it('sends signed order.status_changed and product.stock_changed events with the right payloads', async () => {
      const item = await stockItem(10);
      const initial = await waitFor('the initial stock event', () => stockEvents(path, item.id)[0]);
      expect(initial).toMatchObject({ sku: item.sku, previousQuantity: 0, quantity: 10, reason: 'initial' });

      const order = await orderOf(item, 3);
      await setStatus(order, 'confirmed');
      const confirmed = await waitFor('the order event', () => orderEvents(path, order.id)[0]);
      expect(confirmed).toEqual({
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: 'confirmed',
        previousStatus: 'pending',
        totalAmount: '79.50',
        changedAt: expect.any(String) as string,
      });
      const taken = await waitFor('the take event', () => stockEvents(path, item.id)[1]);
      expect(taken).toMatchObject({ previousQuantity: 10, quantity: 7, reason: 'order', reference: order.id });

      // The same status again: nothing changed, no event.
      await setStatus(order, 'confirmed');
      // A manual edit of the quantity, then the order cancelled (its stock put back).
      expect((await owner.patch(`/api/stock/${item.id}`, { quantity: 20 })).status).toBe(200);
      await waitFor('the adjustment event', () => stockEvents(path, item.id)[2]);
      await setStatus(order, 'cancelled');
      await waitFor('the put-back event', () => stockEvents(path, item.id)[3]);
      const statuses = await waitFor('the cancel event', () => {
        const events = orderEvents(path, order.id);
        return events.length === 2 ? events : undefined;
      });
      expect(statuses.map((data) => [data.previousStatus, data.status])).toEqual([
        ['pending', 'confirmed'],
        ['confirmed', 'cancelled'],
      ]);
      expect(stockEvents(path, item.id).map((data) => [data.reason, data.previousQuantity, data.quantity])).toEqual([
        ['initial', 0, 10],
        ['order', 10, 7],
        ['adjustment', 7, 20],
        ['order-put-back', 20, 23],
      ]);

      // Every call: verified by the receiver with the secret, with the documented headers and body.
      const calls = receiver.at(path);
      expect(calls.every((call) => call.verified)).toBe(true);
      const orderCall = calls.find((call) => call.body.type === 'order.status_changed')!;
      expect(orderCall.headers['content-type']).toBe('application/json');
      expect(orderCall.headers['x-erp-event']).toBe('order.status_changed');
      expect(Object.keys(orderCall.body)).toEqual(['id', 'type', 'createdAt', 'data']);
      const log = await deliveries(owner, endpoint);
      const logged = log.find((delivery) => delivery.id === orderCall.headers['x-erp-delivery'])!;
      expect(logged).toMatchObject({
        eventId: orderCall.body.id,
        eventType: 'order.status_changed',
        status: 'delivered',
        attempts: 1,
        lastStatus: 204,
        lastError: null,
      });
    });

    it('sends product.stock_changed for a goods receipt, one event per item', async () => {
      const item = await stockItem(5);
      await waitFor('the initial stock event', () => stockEvents(path, item.id)[0]);
      const line = { name: item.name, stockItemId: item.id, unit: 'bag', unitPrice: '39.00' };
      const receipt = await owner.post('/api/stock/receipts', {
        receiptId: randomUUID(),
        supplierName: 'Al Watania Mills',
        invoiceNumber: `INV-${serial}`,
        invoiceDate: new Date().toISOString().slice(0, 10),
        lines: [
          { ...line, quantity: 4 },
          { ...line, quantity: 6 },
        ],
      });
      expect(receipt.status).toBe(201);
      const received = await waitFor('the receipt event', () => stockEvents(path, item.id)[1]);
      expect(received).toMatchObject({ previousQuantity: 5, quantity: 15, reason: 'receipt' });
      await sleep(200);
      expect(stockEvents(path, item.id)).toHaveLength(2);
    });

    it('sends invoice.paid when a payment settles an invoice and credit_note.issued when one undoes it', async () => {
      const books = '/hooks/books';
      await register(owner, books, ['invoice.paid', 'credit_note.issued']);
      const item = await stockItem(10);
      const order = await orderOf(item, 2); // 53.00 + 7.95 VAT
      await setStatus(order, 'confirmed');
      const invoice = await waitFor('the invoice', async () => {
        const [found] = await json<InvoiceDto[]>(await owner.get(`/api/invoices?orderId=${order.id}&type=customer`));
        return found;
      });
      const part = await owner.post(`/api/invoices/${invoice.id}/payments`, { amount: '20.00', method: 'cash' });
      expect(part.status).toBe(201);
      const rest = await owner.post(`/api/invoices/${invoice.id}/payments`, { amount: '40.95', method: 'card' });
      expect(rest.status).toBe(201);
      const paid = await waitFor('the paid event', () =>
        receiver.at(books).find((call) => call.body.type === 'invoice.paid'),
      );
      expect(paid.verified).toBe(true);
      expect(paid.body.data).toEqual({
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        orderId: order.id,
        orderNumber: order.orderNumber,
        clientId: null,
        totalAmount: '60.95',
        paidAmount: '60.95',
        creditedAmount: '0.00',
        paymentId: (await json<{ id: string }>(rest)).id,
        paidAt: expect.any(String) as string,
      });

      await setStatus(order, 'cancelled');
      const credited = await waitFor('the credit note event', () =>
        receiver.at(books).find((call) => call.body.type === 'credit_note.issued'),
      );
      expect(credited.body.data).toMatchObject({
        originalInvoiceId: invoice.id,
        originalInvoiceNumber: invoice.invoiceNumber,
        orderId: order.id,
        reason: 'order_cancelled',
        totalAmount: '60.95',
      });
      expect(String(credited.body.data.creditNoteNumber)).toMatch(/^CN-\d{4}-\d{6}$/);
      // One paid event: the first payment left a balance.
      expect(receiver.at(books).filter((call) => call.body.type === 'invoice.paid')).toHaveLength(1);
    });

    it('retries a failing receiver with exponential backoff until it answers, and logs each attempt', async () => {
      const flaky = await register(owner, '/hooks/flaky', ['product.stock_changed']);
      receiver.failNext('/hooks/flaky', 2);
      const test = await owner.post(`/api/webhooks/${flaky.id}/test`);
      expect(test.status).toBe(202);
      const queued = await json<WebhookDeliveryDto>(test);
      expect(queued).toMatchObject({ eventType: 'ping', status: 'pending', attempts: 0 });

      const delivered = await waitFor('the third attempt', async () =>
        (await deliveries(owner, flaky)).find((delivery) => delivery.status === 'delivered'),
      );
      expect(delivered).toMatchObject({ id: queued.id, attempts: 3, lastStatus: 204, lastError: null });
      const calls = receiver.at('/hooks/flaky');
      expect(calls.map((call) => call.answered)).toEqual([500, 500, 204]);
      expect(calls.every((call) => call.verified && call.headers['x-erp-delivery'] === queued.id)).toBe(true);
      // One event, sent three times: the same id and body, a fresh timestamp and signature each time.
      expect(new Set(calls.map((call) => call.raw)).size).toBe(1);
      expect(calls[0]!.body).toMatchObject({ type: 'ping', data: { endpointId: flaky.id } });
    });

    it('keeps a delivery failed and visible after the last attempt', async () => {
      const down = await register(owner, '/hooks/down', ['product.stock_changed']);
      receiver.failNext('/hooks/down', 100);
      await owner.post(`/api/webhooks/${down.id}/test`);
      const failed = await waitFor('the last attempt', async () =>
        (await deliveries(owner, down)).find((delivery) => delivery.status === 'failed'),
      );
      expect(failed).toMatchObject({
        attempts: 4,
        lastStatus: 500,
        lastError: 'HTTP 500: receiver is down for maintenance',
        nextAttemptAt: null,
        deliveredAt: null,
      });
      expect(receiver.at('/hooks/down')).toHaveLength(4);
      expect((await owner.delete(`/api/webhooks/${down.id}`)).status).toBe(204);
    });

    it('stops delivering once an endpoint is deleted, even deliveries waiting for a retry', async () => {
      const gone = await register(owner, '/hooks/gone', ['product.stock_changed']);
      receiver.failNext('/hooks/gone', 100);
      const item = await stockItem(1);
      await waitFor('a failed first attempt', () => receiver.at('/hooks/gone')[0]);
      expect((await owner.delete(`/api/webhooks/${gone.id}`)).status).toBe(204);
      expect((await owner.get(`/api/webhooks/${gone.id}/deliveries`)).status).toBe(404);
      await sleep(300); // an attempt already under way may still land
      const seen = receiver.at('/hooks/gone').length;

      expect((await owner.patch(`/api/stock/${item.id}`, { quantity: 2 })).status).toBe(200);
      await waitFor('the change at a live endpoint', () => stockEvents(path, item.id)[1]);
      await sleep(600); // longer than every backoff left
      expect(receiver.at('/hooks/gone')).toHaveLength(seen);
    });

    it('sends nothing to a paused endpoint, and refuses to test it', async () => {
      const paused = await register(owner, '/hooks/paused', ['product.stock_changed']);
      const patched = await owner.patch(`/api/webhooks/${paused.id}`, { isActive: false });
      expect(patched.status).toBe(200);
      expect(await json(patched)).toMatchObject({ id: paused.id, isActive: false });
      const test = await owner.post(`/api/webhooks/${paused.id}/test`);
      expect(test.status).toBe(409);
      expect(await json(test)).toMatchObject({ code: 'WEBHOOKS_ENDPOINT_PAUSED' });

      const item = await stockItem(3);
      await waitFor('the change at a live endpoint', () => stockEvents(path, item.id)[0]);
      await sleep(200);
      expect(receiver.at('/hooks/paused')).toHaveLength(0);
    });

    it('gives a staff user without orders:read no order events, and only their own endpoints', async () => {
      const { http, user } = await staff(['orders:read', 'stock:read']);
      const clerkPath = '/hooks/clerk';
      const mine = await register(http, clerkPath, ['order.status_changed', 'product.stock_changed']);
      // The admin takes orders:read away: order events stop at once, stock events go on.
      expect((await owner.patch(`/api/users/${user.id}`, { permissions: ['stock:read'] })).status).toBe(200);

      const item = await stockItem(8);
      const order = await orderOf(item, 2);
      await setStatus(order, 'confirmed');
      await waitFor('the order event at the owner', () => orderEvents(path, order.id)[0]);
      await waitFor('the take event at the clerk', () => stockEvents(clerkPath, item.id)[1]);
      await sleep(200);
      expect(receiver.at(clerkPath).filter((call) => call.body.type === 'order.status_changed')).toEqual([]);
      expect(receiver.at(clerkPath).every((call) => call.verified)).toBe(true);

      // Their own endpoints only: the owner's are neither listed nor reachable.
      const listed = await json<WebhookEndpointDto[]>(await http.get('/api/webhooks'));
      expect(listed.map((endpoint) => endpoint.id)).toEqual([mine.id]);
      expect((await http.get(`/api/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
      const notTheirs = await http.delete(`/api/webhooks/${endpoint.id}`);
      expect(notTheirs.status).toBe(404);
      expect(await json(notTheirs)).toMatchObject({ code: 'WEBHOOKS_NOT_FOUND' });
    });
  });

  it('answers 401 without a session', async () => {
    expect((await new HttpClient(stack.baseUrl).get('/api/webhooks')).status).toBe(401);
  });
});
