import type {
  ApiKeyPermission,
  ClientDto,
  CreatedApiKeyDto,
  Envelope,
  InvoiceDto,
  OrderDto,
  PaymentDto,
  StockItemDto,
  V1InvoiceDto,
  V1PaymentDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const v1InvoiceFields = [
  'balanceDue',
  'clientId',
  'clientName',
  'creditedAmount',
  'currency',
  'dueDate',
  'id',
  'invoiceNumber',
  'issuedAt',
  'orderId',
  'orderNumber',
  'originalInvoiceId',
  'originalInvoiceNumber',
  'overdue',
  'paidAmount',
  'paymentStatus',
  'reason',
  'subtotal',
  'taxAmount',
  'taxRate',
  'totalAmount',
  'type',
].sort();

const v1PaymentFields = [
  'amount',
  'clientId',
  'createdAt',
  'deleteReason',
  'deletedAt',
  'id',
  'invoiceId',
  'invoiceNumber',
  'method',
  'paidAt',
  'reference',
].sort();

let serial = 0;

describe('the partner API for invoices (/api/v1/invoices, invoices:read) on the real services', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let rice: StockItemDto;
  let reader: (path: string) => Promise<{ status: number; body: Envelope<unknown>; response: Response }>;

  /** A call with this key (or none) in X-API-Key, read as the envelope. */
  function partner(key: string | null) {
    return async <T = unknown>(path: string): Promise<{ status: number; body: Envelope<T>; response: Response }> => {
      const response = await fetch(`${stack.baseUrl}${path}`, { headers: key ? { 'x-api-key': key } : {} });
      const isJson = /application\/json/.test(response.headers.get('content-type') ?? '');
      return {
        status: response.status,
        body: (isJson ? await response.clone().json() : {}) as Envelope<T>,
        response,
      };
    };
  }

  async function keyOf(as: HttpClient, permissions: ApiKeyPermission[]): Promise<string> {
    const created = await as.post('/api/api-keys', { name: `books ${randomUUID().slice(0, 8)}`, permissions });
    expect(created.status).toBe(201);
    return (await json<CreatedApiKeyDto>(created)).key;
  }

  async function staff(permissions: string[]): Promise<HttpClient> {
    serial += 1;
    const username = `bookkeeper${serial}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'bookkeeper-password-1',
      email: `${username}@alnoor.example`,
      fullName: `Bookkeeper ${serial}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'bookkeeper-password-1')).status).toBe(200);
    return http;
  }

  async function client(): Promise<ClientDto> {
    serial += 1;
    const response = await owner.post('/api/clients', { name: `Al Waha Market ${serial} ${randomUUID().slice(0, 6)}` });
    expect(response.status).toBe(201);
    return json<ClientDto>(response);
  }

  /** A confirmed manual order of `bags` bags of rice at 40.00 (46.00 with VAT each). */
  async function confirmedOrder(buyer: ClientDto, bags: number): Promise<OrderDto> {
    const response = await owner.post('/api/orders/manual', {
      clientId: buyer.id,
      clientName: buyer.name,
      items: [{ stockItemId: rice.id, itemName: rice.name, quantity: bags, unit: 'bag', unitPrice: '40.00' }],
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    const order = await json<OrderDto>(response);
    expect((await owner.patch(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    return order;
  }

  /** The first document matching the internal query, once billing issued it. */
  async function issued(query: string): Promise<InvoiceDto> {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const list = await json<InvoiceDto[]>(await owner.get(`/api/invoices?${query}`));
      if (list[0]) return list[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nothing issued for ${query}`);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    const created = await owner.post('/api/stock', {
      name: 'Basmati Rice 5kg',
      nameAr: 'أرز بسمتي ٥ كغ',
      sku: `RICE-V1-${randomUUID().slice(0, 6)}`,
      unit: 'bag',
      quantity: 10_000,
      costPrice: '30.00',
      sellingPrice: '40.00',
    });
    expect(created.status).toBe(201);
    rice = await json<StockItemDto>(created);
    reader = partner(await keyOf(owner, ['invoices:read']));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('reads an invoice, its payments (deleted ones too) and its PDF after the order is confirmed and paid', async () => {
    const buyer = await client();
    const order = await confirmedOrder(buyer, 5); // 200.00 + 30.00 VAT
    const invoice = await issued(`orderId=${order.id}&type=customer`);
    const paid = await owner.post(`/api/invoices/${invoice.id}/payments`, {
      amount: '100.50',
      method: 'bank_transfer',
      reference: 'TRX-55102',
    });
    expect(paid.status).toBe(201);
    const takenBack = await json<PaymentDto>(
      await owner.post(`/api/invoices/${invoice.id}/payments`, { amount: '20.00', method: 'card' }),
    );
    const deleted = await owner.request('DELETE', `/api/invoices/${invoice.id}/payments/${takenBack.id}`, {
      reason: 'Card slip was declined',
    });
    expect(deleted.status).toBe(200);

    const list = await reader(`/api/v1/invoices?clientId=${buyer.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, count: 1, hasMore: false });
    expect(list.body).not.toHaveProperty('total');
    const [listed] = list.body.data as V1InvoiceDto[];
    expect(Object.keys(listed!).sort()).toEqual(v1InvoiceFields);
    expect(listed).toEqual({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      type: 'customer',
      orderId: order.id,
      orderNumber: order.orderNumber,
      clientId: buyer.id,
      clientName: buyer.name,
      subtotal: '200.00',
      taxRate: 15,
      taxAmount: '30.00',
      totalAmount: '230.00',
      currency: invoice.currency,
      issuedAt: invoice.issuedAt,
      originalInvoiceId: null,
      originalInvoiceNumber: null,
      reason: null,
      paidAmount: '100.50',
      creditedAmount: '0.00',
      balanceDue: '129.50',
      paymentStatus: 'partially_paid',
      dueDate: invoice.dueDate,
      overdue: false,
    });

    const one = await reader(`/api/v1/invoices/${invoice.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, data: listed });

    const payments = await reader(`/api/v1/invoices/${invoice.id}/payments`);
    expect(payments.status).toBe(200);
    expect(payments.body).toMatchObject({ success: true, count: 2, hasMore: false });
    const rows = payments.body.data as V1PaymentDto[];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(v1PaymentFields);
    expect(rows.find((row) => row.id === takenBack.id)).toMatchObject({
      amount: '20.00',
      method: 'card',
      deletedAt: expect.any(String),
      deleteReason: 'Card slip was declined',
    });
    expect(rows.find((row) => row.id !== takenBack.id)).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      clientId: buyer.id,
      amount: '100.50',
      method: 'bank_transfer',
      reference: 'TRX-55102',
      deletedAt: null,
      deleteReason: null,
    });

    const pdf = await reader(`/api/v1/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(pdf.response.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(
      Buffer.from(await pdf.response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('filters by type, payment status, client, order, issue days and search, and pages with hasMore and total', async () => {
    const buyer = await client();
    const kept = await confirmedOrder(buyer, 2); // 92.00
    const keptInvoice = await issued(`orderId=${kept.id}&type=customer`);
    expect(
      (await owner.post(`/api/invoices/${keptInvoice.id}/payments`, { amount: '92.00', method: 'cash' })).status,
    ).toBe(201);
    const cancelled = await confirmedOrder(buyer, 1); // 46.00
    const cancelledInvoice = await issued(`orderId=${cancelled.id}&type=customer`);
    expect((await owner.patch(`/api/orders/${cancelled.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const creditNote = await issued(`orderId=${cancelled.id}&type=credit_note`);

    const ids = async (query: string): Promise<string[]> => {
      const answer = await reader(`/api/v1/invoices?clientId=${buyer.id}&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as V1InvoiceDto[]).map((invoice) => invoice.id);
    };

    // Newest first.
    expect(await ids('')).toEqual([creditNote.id, cancelledInvoice.id, keptInvoice.id]);
    expect(await ids('type=customer')).toEqual([cancelledInvoice.id, keptInvoice.id]);
    expect(await ids('type=credit_note')).toEqual([creditNote.id]);
    expect(await ids('paymentStatus=paid')).toEqual([keptInvoice.id]);
    expect(await ids('paymentStatus=credited')).toEqual([cancelledInvoice.id]);
    expect(await ids('paymentStatus=unpaid')).toEqual([]);
    expect(await ids(`orderId=${cancelled.id}`)).toEqual([creditNote.id, cancelledInvoice.id]);
    expect(await ids('from=2000-01-01&to=2999-12-31')).toHaveLength(3);
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect(await ids(`search=${keptInvoice.invoiceNumber}`)).toEqual([keptInvoice.id]);

    const note = await reader(`/api/v1/invoices/${creditNote.id}`);
    expect(note.body.data).toMatchObject({
      type: 'credit_note',
      originalInvoiceId: cancelledInvoice.id,
      originalInvoiceNumber: cancelledInvoice.invoiceNumber,
      reason: 'order_cancelled',
      totalAmount: '46.00',
      paidAmount: null,
      balanceDue: null,
      paymentStatus: null,
      overdue: false,
    });
    expect((await reader(`/api/v1/invoices/${creditNote.id}/payments`)).body).toEqual({
      success: true,
      data: [],
      count: 0,
      hasMore: false,
    });

    const first = await reader(`/api/v1/invoices?clientId=${buyer.id}&limit=2`);
    expect(first.body).toMatchObject({ success: true, count: 2, hasMore: true });
    expect(first.body).not.toHaveProperty('total');
    const last = await reader(`/api/v1/invoices?clientId=${buyer.id}&limit=2&offset=2&withTotal=true`);
    expect(last.body).toMatchObject({ count: 1, hasMore: false, total: 3 });
    expect((last.body.data as V1InvoiceDto[])[0]!.id).toBe(keptInvoice.id);
  });

  it('never shows a supplier invoice: not listed, and its id is a 404', async () => {
    const receipt = {
      receiptId: randomUUID(),
      supplierName: 'Almarai Company',
      invoiceNumber: `ALM-${randomUUID().slice(0, 6)}`,
      invoiceDate: '2026-11-20',
      lines: [{ stockItemId: rice.id, name: rice.name, quantity: 4, unit: 'bag', unitPrice: '29.50' }],
    };
    expect((await owner.post('/api/stock/receipts', receipt)).status).toBe(201);
    let supplier: InvoiceDto | undefined;
    for (let attempt = 0; attempt < 150 && !supplier; attempt += 1) {
      const list = await json<InvoiceDto[]>(await owner.get('/api/invoices?type=supplier&limit=100'));
      supplier = list.find((candidate) => candidate.supplierInvoiceNumber === receipt.invoiceNumber);
      if (!supplier) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!supplier) throw new Error('the goods receipt issued no supplier invoice');

    const everything = await reader('/api/v1/invoices?limit=1000&withTotal=true');
    const all = everything.body.data as V1InvoiceDto[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((invoice) => invoice.type === 'customer' || invoice.type === 'credit_note')).toBe(true);
    expect(all.map((invoice) => invoice.id)).not.toContain(supplier.id);
    expect(everything.body.total).toBeGreaterThanOrEqual(all.length);
    expect((await reader(`/api/v1/invoices?search=${encodeURIComponent(receipt.supplierName)}`)).body.count).toBe(0);

    for (const path of ['', '/payments', '/pdf']) {
      const answer = await reader(`/api/v1/invoices/${supplier.id}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({
        success: false,
        error: `Invoice not found: ${supplier.id}`,
        code: 'BILLING_INVOICE_NOT_FOUND',
        details: { id: supplier.id },
      });
    }
    const unknown = randomUUID();
    expect(await reader(`/api/v1/invoices/${unknown}`)).toMatchObject({
      status: 404,
      body: { success: false, code: 'BILLING_INVOICE_NOT_FOUND' },
    });
    expect((await reader('/api/v1/invoices/not-an-id')).status).toBe(404);
  });

  it('opens only to a key with invoices:read: no key, another key and a session cookie are refused', async () => {
    const path = '/api/v1/invoices';
    expect(await partner(null)(path)).toMatchObject({
      status: 401,
      body: { success: false, code: 'UNAUTHENTICATED' },
    });
    const other = await partner(await keyOf(owner, ['orders:read', 'products:read']))(path);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      success: false,
      error: 'This API key lacks the invoices:read permission',
      code: 'FORBIDDEN',
      details: { permission: 'invoices:read' },
    });
    // The owner's session opens the screen's /api/invoices but not the partner API.
    expect((await owner.get('/api/invoices?limit=1')).status).toBe(200);
    const session = await owner.get(path);
    expect(session.status).toBe(401);
    expect(await json(session)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    // A key carries only what its user holds: invoices:read needs the user's invoices:read.
    const clerk = await staff(['orders:read']);
    const refused = await clerk.post('/api/api-keys', { name: 'Books', permissions: ['invoices:read'] });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      code: 'IDENTITY_PERMISSION_NOT_HELD',
      details: { permissions: ['invoices:read'] },
    });
    const bookkeeper = await staff(['invoices:read']);
    const own = await partner(await keyOf(bookkeeper, ['invoices:read']))(`${path}?limit=1`);
    expect(own).toMatchObject({ status: 200, body: { success: true } });
  });

  it('refuses a bad query with 400 in the v1 error envelope, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['type=supplier', 'type must be one of: customer, credit_note'],
      ['paymentStatus=late', 'paymentStatus must be one of: unpaid, partially_paid, paid, credited'],
      ['limit=0', 'limit must not be less than 1'],
      ['limit=1001', 'limit must not be greater than 1000'],
      ['offset=-1', 'offset must not be less than 0'],
      ['clientId=42', 'clientId must be a UUID'],
      ['from=2026-13-01', 'from must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
      ['withTotal=maybe', 'withTotal must be true or false'],
    ];
    for (const [query, error] of cases) {
      const answer = await reader(`/api/v1/invoices?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({
        success: false,
        error,
        code: 'VALIDATION_FAILED',
        details: expect.anything(),
      });
    }
  });
});
