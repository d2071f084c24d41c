import type { InvoiceDto, OrderDto, StockItemDto } from '@erp/contracts';
import { businessDate } from '@erp/common';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/**
 * The lists of orders, invoices, stock and users (CONTRACT §13): sort=<field>:asc|desc, their filters,
 * and format=csv|xlsx with the same filters, through the real gateway, services and PostgreSQL.
 * (Clients: gateway/test/orders.int-spec.ts.)
 */
describe('sorted, filtered and exported lists', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  const marker = `EXP${Date.now() % 100000}`;
  const items: StockItemDto[] = [];
  const orders: OrderDto[] = [];

  async function csvLines(path: string, language = 'en'): Promise<string[]> {
    const response = await owner.request('GET', path, undefined, { 'accept-language': language });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.toString('utf8').slice(1).trim().split('\r\n');
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    for (const [name, quantity, price] of [
      ['Cardamom 1kg', 3, '95.00'],
      ['Basmati Rice 5kg', 400, '42.00'],
      ['Ghee 800g', 12, '31.50'],
    ] as const) {
      const created = await owner.post('/api/stock', {
        name: `${marker} ${name}`,
        nameAr: `صنف ${name}`,
        sku: `${marker}-${name.split(' ')[0]!.toUpperCase()}`,
        unit: 'piece',
        quantity,
        lowStockThreshold: 10,
        costPrice: '1.00',
        sellingPrice: price,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      items.push(await json<StockItemDto>(created));
    }
    for (const [client, quantity] of [
      ['Baraka Foods', 2],
      ['Al Waha Supermarket', 5],
      ['Cafe Noor', 1],
    ] as const) {
      const item = items[1]!;
      const created = await owner.post('/api/orders/manual', {
        clientName: `${marker} ${client}`,
        items: [{ itemName: item.name, stockItemId: item.id, quantity, unitPrice: item.sellingPrice }],
      });
      expect(created.status).toBe(201);
      orders.push(await json<OrderDto>(created));
    }
    for (const order of orders.slice(0, 2)) {
      expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('sorts and narrows the stock list, and exports it in Arabic with the same filters', async () => {
    const search = `search=${marker}`;
    const byPrice = await json<StockItemDto[]>(await owner.get(`/api/stock?${search}&sort=sellingPrice:desc`));
    expect(byPrice.map((item) => item.sellingPrice)).toEqual(['95.00', '42.00', '31.50']);
    const byQuantity = await json<StockItemDto[]>(await owner.get(`/api/stock?${search}&sort=quantity:asc`));
    expect(byQuantity.map((item) => item.quantity)).toEqual([3, 12, 393]);
    const low = await json<StockItemDto[]>(await owner.get(`/api/stock?${search}&status=low`));
    expect(low.map((item) => item.name)).toEqual([`${marker} Cardamom 1kg`]);
    expect((await owner.get('/api/stock?status=empty')).status).toBe(400);
    expect((await owner.get('/api/stock?sort=costPrice:asc')).status).toBe(400);

    const lines = await csvLines(`/api/stock?${search}&status=low&format=csv`, 'ar');
    expect(lines[0]).toMatch(/^الاسم,الاسم بالعربية,رمز الصنف \(SKU\),الكمية/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('مخزون منخفض');
    expect(lines[1]).toContain(',95.00,');
  });

  it('sorts orders, narrows them by status, client and business days, and exports them', async () => {
    const search = `search=${marker}`;
    const byTotal = await json<OrderDto[]>(await owner.get(`/api/orders?${search}&sort=totalAmount:asc`));
    expect(byTotal.map((order) => order.totalAmount)).toEqual(['42.00', '84.00', '210.00']);
    const byClient = await json<OrderDto[]>(await owner.get(`/api/orders?${search}&sort=clientName:asc`));
    expect(byClient.map((order) => order.clientName.slice(marker.length + 1))).toEqual([
      'Al Waha Supermarket',
      'Baraka Foods',
      'Cafe Noor',
    ]);
    const confirmed = await json<OrderDto[]>(await owner.get(`/api/orders?${search}&status=confirmed`));
    expect(confirmed).toHaveLength(2);
    const today = businessDate('Asia/Riyadh');
    expect(await json<OrderDto[]>(await owner.get(`/api/orders?${search}&from=${today}&to=${today}`))).toHaveLength(3);
    expect(await json<OrderDto[]>(await owner.get(`/api/orders?${search}&to=2020-01-01`))).toHaveLength(0);
    expect((await owner.get('/api/orders?from=yesterday')).status).toBe(400);

    const lines = await csvLines(`/api/orders?${search}&status=confirmed&sort=totalAmount:desc&format=csv`);
    expect(lines[0]).toBe('Order number,Client,Status,Items,Total before VAT,Source,Notes,Created');
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 5))).toEqual([
      ['Confirmed', '1', '210.00'],
      ['Confirmed', '1', '84.00'],
    ]);
  });

  it('sorts invoices and exports them as XLSX in Arabic, right to left, amounts as numbers', async () => {
    // The billing worker writes a confirmed order's invoice from the outbox, moments after the confirm.
    let invoices: InvoiceDto[] = [];
    for (let attempt = 0; attempt < 100 && invoices.length < 2; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      invoices = await json<InvoiceDto[]>(await owner.get(`/api/invoices?search=${marker}&sort=totalAmount:asc`));
    }
    expect(invoices.map((invoice) => invoice.totalAmount)).toEqual(['96.60', '241.50']);
    const response = await owner.request(
      'GET',
      `/api/invoices?search=${marker}&sort=totalAmount:desc&format=xlsx`,
      undefined,
      {
        'accept-language': 'ar',
      },
    );
    expect(response.headers.get('content-disposition')).toMatch(/filename="invoices-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(sheet[0]!.slice(0, 3)).toEqual(['رقم الفاتورة', 'النوع', 'العميل أو المورد']);
    expect(sheet.slice(1).map((row) => [row[1], row[8], row[11]])).toEqual([
      ['فاتورة مبيعات', 241.5, 'غير مدفوعة'],
      ['فاتورة مبيعات', 96.6, 'غير مدفوعة'],
    ]);
    expect((await owner.get('/api/invoices?sort=balanceDue:asc')).status).toBe(400);
  });

  it('exports the users in Arabic, to admins and owners only', async () => {
    const lines = await csvLines('/api/users?format=csv', 'ar');
    expect(lines[0]).toBe('الاسم الكامل,اسم المستخدم,البريد الإلكتروني,الجوال,الدور,الحالة,الصلاحيات,تاريخ الإضافة');
    const ownerLine = lines.find((line) => line.split(',')[1] === 'owner');
    expect(ownerLine?.split(',').slice(4, 6)).toEqual(['مالك', 'معتمد']);
    const xlsx = await owner.get('/api/users?format=xlsx');
    expect(xlsx.headers.get('content-disposition')).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheet[0]![0]).toBe('Full name');
    expect(sheet.length).toBe(lines.length);
    expect((await owner.get('/api/users?format=pdf')).status).toBe(400);
  });

  it('answers 401 to an export without a session', async () => {
    const anonymous = new HttpClient(stack.baseUrl);
    expect((await anonymous.get('/api/orders?format=csv')).status).toBe(401);
  });
});
