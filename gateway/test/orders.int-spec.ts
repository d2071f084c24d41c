import {
  orderCycleJobId,
  orderStatuses,
  QueueName,
  ServiceName,
  type ClientDetailDto,
  type ClientDto,
  type OrderDto,
  type OrderItemDto,
  type OrderStatus,
  type Permission,
  type StockItemDto,
  type StockShortageDto,
} from '@erp/contracts';
import { outboxSent, TEST_OWNER_PASSWORD, testRedisUrl } from '@erp/testing';
import { Queue } from 'bullmq';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

let serial = 0;

describe('orders and clients through the gateway, with the real inventory', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let users = 0;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  async function staff(permissions: Permission[]): Promise<HttpClient> {
    users += 1;
    const username = `clerk${users}`;
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
    return http;
  }

  async function stockItem(quantity: number, overrides: Record<string, unknown> = {}): Promise<StockItemDto> {
    serial += 1;
    const response = await owner.post('/api/stock', {
      name: `Sunflower Oil ${serial}`,
      nameAr: `زيت دوار الشمس ${serial}`,
      sku: `OIL-${serial}`,
      unit: 'carton',
      quantity,
      costPrice: '20.00',
      sellingPrice: '26.50',
      ...overrides,
    });
    expect(response.status).toBe(201);
    return json<StockItemDto>(response);
  }

  async function quantityOf(item: StockItemDto): Promise<number> {
    const [row] = await query<{ quantity: string }>('SELECT quantity FROM inventory.stock_items WHERE id = $1', [
      item.id,
    ]);
    return Number(row!.quantity);
  }

  async function createOrder(body: Record<string, unknown>, as: HttpClient = owner): Promise<OrderDto> {
    const response = await as.post('/api/orders/manual', body);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<OrderDto>(response);
  }

  /** An order of `quantity` of the item, linked to it. */
  function orderOf(item: StockItemDto, quantity: number): Promise<OrderDto> {
    return createOrder({
      clientName: 'Al Noor Trading',
      items: [{ itemName: item.name, quantity, unitPrice: '26.50', stockItemId: item.id }],
    });
  }

  async function setStatus(order: OrderDto, status: OrderStatus): Promise<Response> {
    return owner.patch(`/api/orders/${order.id}/status`, { status });
  }

  async function statusOf(order: OrderDto): Promise<string> {
    return (await json<OrderDto>(await owner.get(`/api/orders/${order.id}`))).status;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('clients', () => {
    it('creates a client, checks email and phone when given, and lists newest first with search', async () => {
      const created = await owner.post('/api/clients', {
        name: '  Gulf Fresh Foods ',
        nameAr: 'مؤسسة الخليج للأغذية',
        phone: '+966 50 123 4567',
        email: 'buyer@gulffresh.example',
        address: 'Riyadh, Al Olaya',
        notes: 'Pays on delivery',
      });
      expect(created.status).toBe(201);
      const client = await json<ClientDto>(created);
      expect(client).toMatchObject({ name: 'Gulf Fresh Foods', notes: 'Pays on delivery', phone: '+966 50 123 4567' });

      const blankOptional = await json<ClientDto>(
        await owner.post('/api/clients', { name: 'Souq Wholesale', email: '' }),
      );
      expect(blankOptional.email).toBeNull();

      for (const [body, message] of [
        [{ name: '' }, 'name should not be empty'],
        [{ name: 'X', email: 'not-an-email' }, 'email must be an email'],
        [{ name: 'X', phone: 'call me' }, 'phone must be a phone number'],
      ] as const) {
        const refused = await owner.post('/api/clients', body);
        expect(refused.status).toBe(400);
        expect((await json(refused)).message).toBe(message);
      }

      const listed = await json<ClientDto[]>(await owner.get('/api/clients'));
      expect(listed[0]!.id).toBe(blankOptional.id);
      const byArabic = await owner.get(`/api/clients?search=${encodeURIComponent('للاغذيه')}&limit=5`);
      expect(byArabic.headers.get('x-total-count')).toBe('1');
      expect((await json<ClientDto[]>(byArabic)).map((found) => found.id)).toEqual([client.id]);
    });

    it('never loses an order to a client deleted while it is placed: the delete counts it, or the order finds no client', async () => {
      const oil = await stockItem(100);
      for (let round = 0; round < 6; round += 1) {
        const client = await json<ClientDto>(await owner.post('/api/clients', { name: `Racing Client ${round}` }));
        const placing = Array.from({ length: 10 }, () =>
          owner.post('/api/orders/manual', {
            clientName: client.name,
            clientId: client.id,
            items: [{ itemName: oil.name, quantity: 1, unitPrice: '26.50', stockItemId: oil.id }],
          }),
        );
        // The delete goes out while the orders are between reading the client and inserting.
        const deleting = new Promise<Response>((resolve) => {
          setTimeout(() => resolve(owner.delete(`/api/clients/${client.id}`)), round * 4);
        });
        const [deleted, ...orders] = await Promise.all([deleting, ...placing]);
        const placed = orders.filter((response) => response.status === 201).length;
        const statuses = orders.map((response) => response.status);
        expect(statuses.filter((status) => status !== 201 && status !== 404)).toEqual([]);
        if (deleted.status === 204) {
          // Deleted first: every order after it found no client, and none points at it.
          const [{ count }] = await stack.environment.database.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM orders.orders WHERE client_id = $1',
            [client.id],
          );
          expect(count).toBe(0);
          expect(placed).toBe(0);
        } else {
          expect(deleted.status).toBe(409);
          expect(placed).toBeGreaterThan(0);
        }
      }
    });

    it('sorts by a named field, refuses an unknown one, and exports the matching clients as CSV and XLSX', async () => {
      const marker = `Sortable ${Date.now()}`;
      for (const [name, terms] of [
        [`${marker} Beta`, 30],
        [`${marker} Alpha`, 7],
        [`${marker} Gamma`, 0],
      ] as const) {
        expect((await owner.post('/api/clients', { name, paymentTermsDays: terms })).status).toBe(201);
      }
      const search = `search=${encodeURIComponent(marker)}`;
      const byName = await json<ClientDto[]>(await owner.get(`/api/clients?${search}&sort=name:asc`));
      expect(byName.map((client) => client.name.slice(marker.length + 1))).toEqual(['Alpha', 'Beta', 'Gamma']);
      const byTerms = await json<ClientDto[]>(await owner.get(`/api/clients?${search}&sort=paymentTermsDays:desc`));
      expect(byTerms.map((client) => client.paymentTermsDays)).toEqual([30, 7, 0]);

      for (const bad of ['phone:asc', 'name', 'name:up', 'name:asc;drop']) {
        const refused = await owner.get(`/api/clients?sort=${encodeURIComponent(bad)}`);
        expect(refused.status, bad).toBe(400);
        expect((await json(refused)).message).toMatch(/sort must be <field>:asc/);
      }
      expect((await owner.get('/api/clients?format=pdf')).status).toBe(400);

      const csv = await owner.request('GET', `/api/clients?${search}&sort=name:asc&format=csv`, undefined, {
        'accept-language': 'ar-SA,ar;q=0.9',
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
      const bytes = Buffer.from(await csv.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]).toMatch(/^الاسم,الاسم بالعربية,رقم الجوال/);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
        `${marker} Alpha`,
        `${marker} Beta`,
        `${marker} Gamma`,
      ]);

      const xlsx = await owner.get(`/api/clients?${search}&format=xlsx`);
      expect(xlsx.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
      expect(sheet[0]![0]).toBe('Name');
      expect(sheet).toHaveLength(4);
    });

    it('reads a client with its orders count, what it bought and its last order; deletes it only without orders', async () => {
      const client = await json<ClientDto>(await owner.post('/api/clients', { name: 'Al Nakheel Grocery' }));
      const fresh = await json<ClientDetailDto>(await owner.get(`/api/clients/${client.id}`));
      expect(fresh).toMatchObject({ ordersCount: 0, totalSpent: '0.00', lastOrderAt: null, balance: '0.00' });

      const oil = await stockItem(50, { sellingPrice: '26.50' });
      const order = await createOrder({
        clientName: 'Al Nakheel Grocery',
        clientId: client.id,
        items: [{ itemName: oil.name, quantity: 2, unitPrice: '26.50', stockItemId: oil.id }],
      });
      const pending = await json<ClientDetailDto>(await owner.get(`/api/clients/${client.id}`));
      // A pending order counts as an order, not yet as bought.
      expect(pending).toMatchObject({ ordersCount: 1, totalSpent: '0.00', lastOrderAt: order.createdAt });
      expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
      expect(await json<ClientDetailDto>(await owner.get(`/api/clients/${client.id}`))).toMatchObject({
        ordersCount: 1,
        totalSpent: '53.00',
      });

      const refused = await owner.delete(`/api/clients/${client.id}`);
      expect(refused.status).toBe(409);
      expect(await json(refused)).toMatchObject({ code: 'ORDERS_CLIENT_HAS_ORDERS', details: { ordersCount: 1 } });

      const lonely = await json<ClientDto>(await owner.post('/api/clients', { name: 'Never Ordered Trading' }));
      const deleted = await owner.delete(`/api/clients/${lonely.id}`);
      expect(deleted.status).toBe(204);
      expect((await owner.get(`/api/clients/${lonely.id}`)).status).toBe(404);
      expect((await owner.delete(`/api/clients/${lonely.id}`)).status).toBe(404);
      // A malformed id names no client, as on every route (ParseIdPipe).
      expect((await owner.delete('/api/clients/not-a-uuid')).status).toBe(404);
    });
  });

  describe('creating orders', () => {
    it('numbers orders made at once without a duplicate or a gap, past six digits, and gives back a failed one', async () => {
      const year = (
        await createOrder({ clientName: 'Numbering', items: [{ itemName: 'Tea', quantity: 1, unitPrice: 1 }] })
      ).orderNumber.split('-')[1]!;
      const serialOf = (number: string) => Number(number.split('-')[2]);
      const made = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          createOrder({ clientName: `Numbering ${index}`, items: [{ itemName: 'Tea', quantity: 1, unitPrice: 1 }] }),
        ),
      );
      const serials = made.map((order) => serialOf(order.orderNumber)).sort((a, b) => a - b);
      expect(new Set(serials).size).toBe(30);
      expect(serials.at(-1)! - serials[0]!).toBe(29);

      // A line the database refuses (a quantity beyond its column) rolls the number back with it.
      const refused = await owner.post('/api/orders/manual', {
        clientName: 'Numbering',
        items: [{ itemName: 'Tea', quantity: '99999999999999', unitPrice: 1 }],
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      const next = await createOrder({
        clientName: 'Numbering',
        items: [{ itemName: 'Tea', quantity: 1, unitPrice: 1 }],
      });
      expect(serialOf(next.orderNumber)).toBe(serials.at(-1)! + 1);

      // A seventh digit when the year passes 999,999 orders; the counter is put back for the tests after this one.
      await query(`UPDATE orders.order_number_counters SET last_number = 999999 WHERE year = $1`, [Number(year)]);
      const seventh = await createOrder({
        clientName: 'Numbering',
        items: [{ itemName: 'Tea', quantity: 1, unitPrice: 1 }],
      });
      expect(seventh.orderNumber).toBe(`ORD-${year}-1000000`);
      await query(`UPDATE orders.order_number_counters SET last_number = $2 WHERE year = $1`, [
        Number(year),
        serialOf(next.orderNumber),
      ]);
    });

    it('computes line totals half away from zero, keeps the unit cost, links stock and the client by name', async () => {
      const client = await json<ClientDto>(await owner.post('/api/clients', { name: 'Al Waha Supermarket' }));
      const oil = await stockItem(50, { costPrice: '19.75' });
      const order = await createOrder({
        clientName: '  al waha supermarket ',
        notes: 'Deliver before noon',
        items: [
          { itemName: 'Loose dates', quantity: 2.5, unitPrice: 3.33, unit: 'kg' },
          { itemName: oil.name, quantity: '3', unitPrice: '26.50', stockItemId: oil.id },
        ],
        rawOrderText: 'بدي ٢.٥ كيلو تمر و ٣ كرتون زيت',
        source: 'text',
      });
      expect(order.orderNumber).toMatch(/^ORD-\d{4}-\d{6}$/);
      expect(order).toMatchObject({
        status: 'pending',
        clientId: client.id,
        clientName: 'al waha supermarket',
        totalAmount: '87.83',
        itemCount: 2,
        source: 'text',
        rawOrderText: 'بدي ٢.٥ كيلو تمر و ٣ كرتون زيت',
      });
      const items = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      expect(items).toMatchObject([
        { lineNo: 1, itemName: 'Loose dates', quantity: 2.5, unit: 'kg', unitPrice: '3.33', totalPrice: '8.33' },
        {
          lineNo: 2,
          stockItemId: oil.id,
          sku: oil.sku,
          itemNameAr: oil.nameAr,
          // A linked line without a unit is in its item's own unit (CONTRACT §10).
          unit: oil.unit,
          unitFactor: 1,
          baseUnit: oil.unit,
          totalPrice: '79.50',
          unitCost: '19.75',
        },
      ]);
      expect(items[0]!.unitCost).toBeNull();
      // A later change of the stock item's cost does not rewrite the order's margin.
      await owner.patch(`/api/stock/${oil.id}`, { costPrice: '30' });
      const again = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      expect(again[1]!.unitCost).toBe('19.75');
    });

    it('keeps where an AI-read order came from: the transcription and voice note, the photo and its text', async () => {
      const voiceNote = '/api/files/intake/2026/5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.webm';
      const photo = '/api/files/intake/2026/6e2d3c4b-5f6a-4b7c-9d8e-0f1a2b3c4d5e.png';
      const voiceOrder = await createOrder({
        clientName: 'Abu Faisal',
        items: [{ itemName: 'Almarai milk 1L', quantity: 6, unitPrice: '5.50', unit: 'carton' }],
        source: 'voice',
        transcribedText: 'six cartons of almarai milk',
        audioFileUrl: voiceNote,
      });
      const photoOrder = await createOrder({
        clientName: 'Abu Faisal',
        items: [{ itemName: 'Puck triangles', quantity: 10, unitPrice: '12', unit: 'box' }],
        source: 'image',
        rawOrderText: 'Puck triangles - 10 boxes',
        uploadedFileUrl: photo,
      });
      const listed = await json<OrderDto[]>(await owner.get('/api/orders?search=Abu%20Faisal'));
      expect(listed.find((order) => order.id === voiceOrder.id)).toMatchObject({
        source: 'voice',
        transcribedText: 'six cartons of almarai milk',
        audioFileUrl: voiceNote,
        uploadedFileUrl: null,
        rawOrderText: null,
      });
      expect(listed.find((order) => order.id === photoOrder.id)).toMatchObject({
        source: 'image',
        rawOrderText: 'Puck triangles - 10 boxes',
        uploadedFileUrl: photo,
        transcribedText: null,
      });

      // Only a file an upload kept can be named: no other path, no other site.
      for (const audioFileUrl of [
        'https://example.com/a.webm',
        '/uploads/logos/a.png',
        '/api/files/intake/2026/../../x.webm',
      ]) {
        const refused = await owner.post('/api/orders/manual', {
          clientName: 'Abu Faisal',
          items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }],
          audioFileUrl,
        });
        expect(refused.status, audioFileUrl).toBe(400);
        expect((await json(refused)).message).toBe('audioFileUrl must be the URL of a file kept by an upload');
      }
    });

    it('refuses bad orders with 400 or 404 naming the problem, and keeps nothing', async () => {
      const [{ count: before }] = await query<{ count: number }>('SELECT count(*)::int AS count FROM orders.orders');
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ clientName: 'A', items: [] }, 400, 'Please add at least one item to the order'],
        [
          { clientName: '', items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }] },
          400,
          'clientName should not be empty',
        ],
        [
          { clientName: 'A', items: [{ itemName: 'x', quantity: 0, unitPrice: 1 }] },
          400,
          'items.0.quantity must be greater than 0',
        ],
        [
          { clientName: 'A', items: [{ itemName: 'x', quantity: 1, unitPrice: -1 }] },
          400,
          'items.0.unitPrice must be at least 0',
        ],
        [
          { clientName: 'A', items: [{ itemName: ' ', quantity: 1, unitPrice: 1 }] },
          400,
          'items.0.itemName should not be empty',
        ],
        [
          { clientName: 'A', items: [{ itemName: 'x', quantity: 'two', unitPrice: 1 }] },
          400,
          'items.0.quantity must be a number',
        ],
        // CONTRACT §9: a new order's status is the server's (ignored when sent); other unknown fields are refused.
        [
          { clientName: 'A', items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }], priority: 'urgent' },
          400,
          'property priority should not exist',
        ],
      ];
      for (const [body, status, message] of cases) {
        const response = await owner.post('/api/orders/manual', body);
        expect(response.status, message).toBe(status);
        expect((await json(response)).message).toBe(message);
      }
      const unknownStock = await owner.post('/api/orders/manual', {
        clientName: 'A',
        items: [{ itemName: 'x', quantity: 1, unitPrice: 1, stockItemId: '00000000-0000-4000-8000-000000000000' }],
      });
      expect(unknownStock.status).toBe(404);
      const unknownClient = await owner.post('/api/orders/manual', {
        clientName: 'A',
        clientId: '00000000-0000-4000-8000-000000000000',
        items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }],
      });
      expect(unknownClient.status).toBe(404);
      const [{ count: after }] = await query<{ count: number }>('SELECT count(*)::int AS count FROM orders.orders');
      expect(after).toBe(before);
    });

    it('makes one order of a form sent twice with its Idempotency-Key, per user, and 409 for another body', async () => {
      const body = { clientName: 'Twice Sent', items: [{ itemName: 'Tea', quantity: 2, unitPrice: '5.00' }] };
      const key = `form-${crypto.randomUUID()}`;
      const [first, second] = await Promise.all([
        owner.request('POST', '/api/orders/manual', body, { 'idempotency-key': key }),
        owner.request('POST', '/api/orders/manual', body, { 'idempotency-key': key }),
      ]);
      // Sent at once, the second waits for the first's transaction and answers its order, or is a
      // 409 while the first is still being made; never a second order.
      const answers = await Promise.all(
        [first, second].map(async (response) => [response.status, await json(response)] as const),
      );
      const created = answers.filter(([status]) => status === 201).map(([, order]) => order.id);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created).size).toBe(1);
      const retried = await owner.request('POST', '/api/orders/manual', body, { 'idempotency-key': key });
      expect(retried.status).toBe(201);
      expect((await json(retried)).id).toBe(created[0]);
      const [{ count }] = await query<{ count: number }>(
        "SELECT count(*)::int AS count FROM orders.orders WHERE client_name = 'Twice Sent'",
      );
      expect(count).toBe(1);

      const changed = await owner.request(
        'POST',
        '/api/orders/manual',
        { ...body, notes: 'edited' },
        { 'idempotency-key': key },
      );
      expect(changed.status).toBe(409);
      // Another user's key is their own: the same key makes their own order.
      const clerk = await staff(['orders:read', 'orders:write']);
      const theirs = await clerk.request('POST', '/api/orders/manual', body, { 'idempotency-key': key });
      expect(theirs.status).toBe(201);
      expect((await json(theirs)).id).not.toBe(created[0]);
      const malformed = await owner.request('POST', '/api/orders/manual', body, { 'idempotency-key': 'has space' });
      expect(malformed.status).toBe(400);
    });

    it('numbers orders created at once distinctly and without gaps', async () => {
      const orders = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          createOrder({ clientName: `Rush ${index}`, items: [{ itemName: 'Tea', quantity: 1, unitPrice: 5 }] }),
        ),
      );
      const serials = orders.map((order) => Number(order.orderNumber.slice(-6))).sort((a, b) => a - b);
      expect(new Set(serials).size).toBe(10);
      expect(serials[9]! - serials[0]!).toBe(9);
    });

    it('lists newest first, searches number and client, filters by status, and pages with X-Total-Count', async () => {
      const first = await createOrder({
        clientName: 'Zamzam Stores',
        items: [{ itemName: 'Rice', quantity: 1, unitPrice: 9 }],
      });
      const second = await createOrder({
        clientName: 'Zamzam Stores',
        items: [{ itemName: 'Rice', quantity: 2, unitPrice: 9 }],
      });
      const page = await owner.get('/api/orders?search=zamzam&limit=1');
      expect(page.headers.get('x-total-count')).toBe('2');
      expect((await json<OrderDto[]>(page)).map((order) => order.id)).toEqual([second.id]);
      const byNumber = await json<OrderDto[]>(await owner.get(`/api/orders?search=${first.orderNumber}`));
      expect(byNumber.map((order) => order.id)).toEqual([first.id]);
      const cancelled = await json<OrderDto[]>(await owner.get('/api/orders?search=zamzam&status=cancelled'));
      expect(cancelled).toEqual([]);
      expect((await owner.get('/api/orders?status=shipped')).status).toBe(400);
      expect((await owner.get('/api/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await owner.get('/api/orders/not-a-uuid/items')).status).toBe(404);
    });
  });

  describe('editing', () => {
    it('edits a pending order: client, notes, items added, changed and deleted, with the total recomputed', async () => {
      const rice = await stockItem(10, { costPrice: '7.10' });
      const order = await createOrder({
        clientName: 'Madina Market',
        items: [
          { itemName: 'Sugar 1kg', quantity: 4, unitPrice: '4.25' },
          { itemName: 'Tea 100 bags', quantity: 1, unitPrice: '12.00' },
        ],
      });
      const patched = await json<OrderDto>(await owner.patch(`/api/orders/${order.id}`, { notes: 'Call first' }));
      expect(patched.notes).toBe('Call first');

      const added = await owner.post(`/api/orders/${order.id}/items`, {
        itemName: 'Rice',
        quantity: 2,
        unitPrice: '9.99',
        stockItemId: rice.id,
      });
      expect(added.status).toBe(201);
      const addedItem = await json<OrderItemDto>(added);
      expect(addedItem).toMatchObject({ lineNo: 3, totalPrice: '19.98', unitCost: '7.10', sku: rice.sku });

      const items = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      const changed = await owner.patch(`/api/orders/${order.id}/items/${items[0]!.id}`, {
        quantity: 3,
        unitPrice: 4.5,
      });
      expect((await json<OrderItemDto>(changed)).totalPrice).toBe('13.50');
      const unlinked = await owner.patch(`/api/orders/${order.id}/items/${addedItem.id}`, { stockItemId: null });
      expect(await json<OrderItemDto>(unlinked)).toMatchObject({ stockItemId: null, sku: null, unitCost: null });
      expect((await owner.delete(`/api/orders/${order.id}/items/${items[1]!.id}`)).status).toBe(204);

      const after = await json<OrderDto>(await owner.get(`/api/orders/${order.id}`));
      expect(after).toMatchObject({ totalAmount: '33.48', itemCount: 2 });
    });

    it('refuses edits of an order that is not pending with 409, and the last item with 409', async () => {
      const order = await createOrder({
        clientName: 'Najd Foods',
        items: [{ itemName: 'Flour', quantity: 1, unitPrice: 3 }],
      });
      const [item] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`));
      const last = await owner.delete(`/api/orders/${order.id}/items/${item!.id}`);
      expect(last.status).toBe(409);
      expect((await json(last)).code).toBe('ORDERS_LAST_ITEM');

      expect((await setStatus(order, 'cancelled')).status).toBe(200);
      const attempts = [
        owner.patch(`/api/orders/${order.id}`, { notes: 'late' }),
        owner.post(`/api/orders/${order.id}/items`, { itemName: 'Salt', quantity: 1, unitPrice: 1 }),
        owner.patch(`/api/orders/${order.id}/items/${item!.id}`, { quantity: 2 }),
        owner.delete(`/api/orders/${order.id}/items/${item!.id}`),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(409);
        expect(await json(response)).toMatchObject({
          code: 'ORDERS_NOT_EDITABLE',
          message: 'Only pending orders can be edited',
        });
      }
    });
  });

  describe('status changes and stock (CONTRACT §5)', () => {
    const committed = new Set<OrderStatus>(['confirmed', 'completed']);

    /** Brings a fresh order to `from` through the API: committed states via a confirm. */
    async function orderIn(from: OrderStatus, item: StockItemDto): Promise<OrderDto> {
      const order = await orderOf(item, 3);
      if (from !== 'pending') expect((await setStatus(order, from)).status).toBe(200);
      return order;
    }

    it.each(orderStatuses.flatMap((from) => orderStatuses.map((to) => [from, to] as const)))(
      '%s → %s moves stock as the contract says',
      async (from, to) => {
        const item = await stockItem(20);
        const order = await orderIn(from, item);
        const before = await quantityOf(item);
        expect(before).toBe(committed.has(from) ? 17 : 20);
        const response = await setStatus(order, to);
        expect(response.status).toBe(200);
        expect((await json<OrderDto>(response)).status).toBe(to);
        const expected =
          committed.has(from) === committed.has(to) ? before : committed.has(to) ? before - 3 : before + 3;
        expect(await quantityOf(item)).toBe(expected);
      },
    );

    it('refuses a confirm that would oversell with 409 naming each short item, and changes nothing', async () => {
      const short = await stockItem(2);
      const enough = await stockItem(10);
      const order = await createOrder({
        clientName: 'Qassim Traders',
        items: [
          { itemName: short.name, quantity: 5, unitPrice: 1, stockItemId: short.id },
          { itemName: enough.name, quantity: 4, unitPrice: 1, stockItemId: enough.id },
        ],
      });
      const refused = await setStatus(order, 'confirmed');
      expect(refused.status).toBe(409);
      const body = await json<{ code: string; details: { shortages: StockShortageDto[] } }>(refused);
      expect(body.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
      expect(body.details.shortages).toEqual([
        { stockItemId: short.id, name: short.name, nameAr: short.nameAr, sku: short.sku, available: 2, needed: 5 },
      ]);
      expect(await statusOf(order)).toBe('pending');
      expect([await quantityOf(short), await quantityOf(enough)]).toEqual([2, 10]);
    });

    it('takes stock once when the same confirm comes twice, or twice at once', async () => {
      const item = await stockItem(30);
      const order = await orderOf(item, 4);
      const answers = await Promise.all([setStatus(order, 'confirmed'), setStatus(order, 'confirmed')]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect((await setStatus(order, 'confirmed')).status).toBe(200);
      expect(await quantityOf(item)).toBe(26);
      const [{ moves }] = await query<{ moves: number }>(
        `SELECT count(*)::int AS moves FROM inventory.stock_moves WHERE order_id = $1`,
        [order.id],
      );
      expect(moves).toBe(1);
    });

    it('confirms an order with no stock-linked lines without moving stock', async () => {
      const order = await createOrder({
        clientName: 'Walk-in',
        items: [{ itemName: 'Gift box', quantity: 1, unitPrice: 50 }],
      });
      expect((await setStatus(order, 'completed')).status).toBe(200);
      expect(await statusOf(order)).toBe('completed');
    });

    it('answers 503 and changes nothing while inventory is down', async () => {
      const item = await stockItem(15);
      const order = await orderOf(item, 5);
      await stack.stopService(ServiceName.Inventory);
      try {
        const refused = await setStatus(order, 'confirmed');
        expect(refused.status).toBe(503);
        expect((await json(refused)).code).toBe('SERVICE_UNAVAILABLE');
        expect(await statusOf(order)).toBe('pending');
      } finally {
        await stack.restartService(ServiceName.Inventory);
      }
      expect(await quantityOf(item)).toBe(15);
      expect((await setStatus(order, 'confirmed')).status).toBe(200);
      expect(await quantityOf(item)).toBe(10);
    });

    it('puts the stock back when the status cannot be committed after inventory took it', async () => {
      const item = await stockItem(12);
      const order = await orderOf(item, 2);
      // The orders database refuses this order's status change, after inventory has answered.
      await query(`
        CREATE FUNCTION orders.refuse_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = '${order.id}' AND NEW.status <> OLD.status THEN RAISE EXCEPTION 'disk full'; END IF;
          RETURN NEW;
        END $$`);
      await query(
        `CREATE TRIGGER refuse_status_change BEFORE UPDATE ON orders.orders FOR EACH ROW EXECUTE FUNCTION orders.refuse_status_change()`,
      );
      try {
        const failed = await setStatus(order, 'confirmed');
        expect(failed.status).toBe(500);
        expect(await json(failed)).not.toHaveProperty('stack');
        expect(await statusOf(order)).toBe('pending');
        expect(await quantityOf(item)).toBe(12);
      } finally {
        await query('DROP TRIGGER refuse_status_change ON orders.orders');
        await query('DROP FUNCTION orders.refuse_status_change()');
      }
      expect((await setStatus(order, 'confirmed')).status).toBe(200);
      expect(await quantityOf(item)).toBe(10);
    });

    it('hands billing one invoice event per commit cycle and one credit note event per exit (CONTRACT §11)', async () => {
      const item = await stockItem(10);
      const order = await orderOf(item, 1);
      expect((await setStatus(order, 'confirmed')).status).toBe(200);
      expect((await setStatus(order, 'completed')).status).toBe(200); // the same cycle
      expect((await setStatus(order, 'pending')).status).toBe(200);
      expect((await setStatus(order, 'completed')).status).toBe(200);
      expect((await json<OrderDto>(await owner.get(`/api/orders/${order.id}`))).commitCount).toBe(2);
      // Staged with each change in its transaction; the relay has added them once the outbox is sent.
      await outboxSent(stack.environment.database, 'orders');
      const queue = new Queue(QueueName.InvoiceCreate, {
        connection: { url: testRedisUrl() },
        prefix: `${stack.environment.redisPrefix}:bull`,
      });
      try {
        const first = await queue.getJob(orderCycleJobId(order.id, 1));
        expect(first?.name).toBe('customer-invoice');
        expect(first?.data.data).toEqual({ orderId: order.id, orderNumber: order.orderNumber, cycle: 1 });
        const credit = await queue.getJob(orderCycleJobId(order.id, 1, true));
        expect(credit?.name).toBe('order-credit-note');
        expect(credit?.data.data).toEqual({
          orderId: order.id,
          orderNumber: order.orderNumber,
          cycle: 1,
          reason: 'order_reopened',
        });
        const second = await queue.getJob(orderCycleJobId(order.id, 2));
        expect(second?.data.data).toEqual({ orderId: order.id, orderNumber: order.orderNumber, cycle: 2 });
        const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
        expect(jobs.filter((candidate) => candidate.data.data?.orderId === order.id)).toHaveLength(3);
      } finally {
        await queue.close();
      }
    });

    it('refuses an unknown status with 400 and an unknown order with 404', async () => {
      const order = await createOrder({ clientName: 'A', items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }] });
      const bad = await setStatus(order, 'shipped' as OrderStatus);
      expect(bad.status).toBe(400);
      expect((await json(bad)).message).toBe('status must be one of: pending, confirmed, completed, cancelled');
      expect(
        (await owner.patch('/api/orders/00000000-0000-4000-8000-000000000000/status', { status: 'confirmed' })).status,
      ).toBe(404);
    });
  });

  describe('permissions', () => {
    it('lets staff read with orders:read, and write only with orders:write', async () => {
      const reader = await staff(['orders:read']);
      const order = await createOrder({ clientName: 'A', items: [{ itemName: 'x', quantity: 1, unitPrice: 1 }] });
      expect((await reader.get(`/api/orders/${order.id}`)).status).toBe(200);
      expect((await reader.patch(`/api/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(403);
      expect((await reader.get('/api/clients')).status).toBe(403);
      const writer = await staff(['orders:read', 'orders:write']);
      expect(
        (
          await writer.post('/api/orders/manual', {
            clientName: 'B',
            items: [{ itemName: 'y', quantity: 1, unitPrice: 2 }],
          })
        ).status,
      ).toBe(201);
    });
  });
});
