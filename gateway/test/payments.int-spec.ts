import type {
  AgingRowDto,
  ClientDetailDto,
  ClientDto,
  InvoiceDto,
  OrderDto,
  PaymentDto,
  StatementDto,
  StockItemDto,
} from '@erp/contracts';
import { addDays, businessDate } from '@erp/common';
import { execFileSync } from 'node:child_process';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

let serial = 0;

describe('payments, balances and credit limits through the gateway (CONTRACT §11)', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let rice: StockItemDto;

  async function staff(permissions: string[]): Promise<HttpClient> {
    serial += 1;
    const username = `cashier${serial}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'cashier-password-1',
      email: `${username}@alnoor.example`,
      fullName: `Cashier ${serial}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'cashier-password-1')).status).toBe(200);
    return http;
  }

  async function client(fields: Record<string, unknown> = {}): Promise<ClientDto> {
    serial += 1;
    const response = await owner.post('/api/clients', { name: `Al Waha Market ${serial}`, ...fields });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<ClientDto>(response);
  }

  /** A manual order of `bags` bags of rice at 40.00 (46.00 with VAT each), for the client. */
  async function order(buyer: ClientDto, bags: number): Promise<OrderDto> {
    const response = await owner.post('/api/orders/manual', {
      clientId: buyer.id,
      clientName: buyer.name,
      items: [{ stockItemId: rice.id, itemName: rice.name, quantity: bags, unit: 'bag', unitPrice: '40.00' }],
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<OrderDto>(response);
  }

  async function confirm(orderId: string, body: Record<string, unknown> = {}, as = owner): Promise<Response> {
    return as.patch(`/api/orders/${orderId}/status`, { status: 'confirmed', ...body });
  }

  /** The order's invoice of its current cycle, once the billing worker issued it. */
  async function invoiceOf(orderId: string, type = 'customer'): Promise<InvoiceDto> {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const list = await json<InvoiceDto[]>(await owner.get(`/api/invoices?orderId=${orderId}&type=${type}`));
      if (list[0]) return list[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${type} for order ${orderId}`);
  }

  async function invoice(id: string): Promise<InvoiceDto> {
    return json<InvoiceDto>(await owner.get(`/api/invoices/${id}`));
  }

  function pay(invoiceId: string, body: Record<string, unknown>, as = owner): Promise<Response> {
    return as.post(`/api/invoices/${invoiceId}/payments`, body);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    const created = await owner.post('/api/stock', {
      name: 'Basmati Rice 5kg',
      nameAr: 'أرز بسمتي ٥ كغ',
      sku: 'RICE-PAY-5',
      unit: 'bag',
      quantity: 10_000,
      costPrice: '30.00',
      sellingPrice: '40.00',
    });
    expect(created.status).toBe(201);
    rice = await json<StockItemDto>(created);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('records part and then the rest of an invoice, refusing too much, nothing, a bad method or a future date', async () => {
    const buyer = await client({ paymentTermsDays: 30 });
    const placed = await order(buyer, 5); // 200.00 + 30.00 VAT
    expect((await confirm(placed.id)).status).toBe(200);
    const issued = await invoiceOf(placed.id);
    expect(issued).toMatchObject({ totalAmount: '230.00', balanceDue: '230.00', paymentStatus: 'unpaid' });

    const part = await pay(issued.id, { amount: '100.50', method: 'bank_transfer', reference: 'TRX-55102' });
    expect(part.status, JSON.stringify(await part.clone().json())).toBe(201);
    expect(await json<PaymentDto>(part)).toMatchObject({
      invoiceId: issued.id,
      invoiceNumber: issued.invoiceNumber,
      clientId: buyer.id,
      amount: '100.50',
      method: 'bank_transfer',
      reference: 'TRX-55102',
      deletedAt: null,
    });
    expect(await invoice(issued.id)).toMatchObject({
      paidAmount: '100.50',
      balanceDue: '129.50',
      paymentStatus: 'partially_paid',
      overdue: false,
    });

    const tooMuch = await pay(issued.id, { amount: 129.51, method: 'cash' });
    expect(tooMuch.status).toBe(409);
    expect(await json(tooMuch)).toMatchObject({
      code: 'BILLING_PAYMENT_EXCEEDS_BALANCE',
      details: { balanceDue: '129.50', amount: '129.51' },
    });
    for (const bad of [
      { amount: 0, method: 'cash' },
      { amount: '-5', method: 'cash' },
      { amount: '1.234', method: 'cash' },
      { amount: 10, method: 'bitcoin' },
      { amount: 10 },
      { amount: 10, method: 'cash', paidAt: 'yesterday' },
    ]) {
      const refused = await pay(issued.id, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const future = await pay(issued.id, { amount: 10, method: 'cash', paidAt: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(await json(future)).toMatchObject({ code: 'BILLING_PAYMENT_IN_FUTURE' });

    const rest = await pay(issued.id, {
      amount: '129.50',
      method: 'cheque',
      reference: 'CHQ 000812',
      paidAt: '2026-01-15',
    });
    expect(rest.status).toBe(201);
    expect((await json<PaymentDto>(rest)).paidAt).toBe('2026-01-15T12:00:00.000Z');
    expect(await invoice(issued.id)).toMatchObject({ paidAmount: '230.00', balanceDue: '0.00', paymentStatus: 'paid' });
    const nothingDue = await pay(issued.id, { amount: 1, method: 'cash' });
    expect(nothingDue.status).toBe(409);
    expect(await json(nothingDue)).toMatchObject({ code: 'BILLING_PAYMENT_NOT_ACCEPTED' });

    const listed = await json<PaymentDto[]>(await owner.get(`/api/invoices/${issued.id}/payments`));
    expect(listed.map((payment) => [payment.amount, payment.method])).toEqual([
      ['129.50', 'cheque'], // paid on 15 January: listed by when the money came
      ['100.50', 'bank_transfer'],
    ]);
    const paidFilter = await json<InvoiceDto[]>(
      await owner.get(`/api/invoices?paymentStatus=paid&clientId=${buyer.id}`),
    );
    expect(paidFilter.map((entry) => entry.id)).toEqual([issued.id]);

    expect((await owner.get(`/api/invoices/${crypto.randomUUID()}/payments`)).status).toBe(404);
    expect((await pay(crypto.randomUUID(), { amount: 1, method: 'cash' })).status).toBe(404);
  });

  it('takes no payment on a credit note or a cancelled order’s credited invoice', async () => {
    const buyer = await client();
    const placed = await order(buyer, 1);
    expect((await confirm(placed.id)).status).toBe(200);
    const issued = await invoiceOf(placed.id);
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const note = await invoiceOf(placed.id, 'credit_note');
    const onNote = await pay(note.id, { amount: 1, method: 'cash' });
    expect(onNote.status).toBe(409);
    expect(await json(onNote)).toMatchObject({
      code: 'BILLING_PAYMENT_NOT_ACCEPTED',
      details: { type: 'credit_note' },
    });
    for (let attempt = 0; attempt < 100 && (await invoice(issued.id)).paymentStatus !== 'credited'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await invoice(issued.id)).toMatchObject({
      creditedAmount: '46.00',
      balanceDue: '0.00',
      paymentStatus: 'credited',
    });
    expect((await pay(issued.id, { amount: 1, method: 'cash' })).status).toBe(409);
  });

  it('never over-pays when 20 payments arrive at once', async () => {
    const buyer = await client();
    const placed = await order(buyer, 10); // 460.00 with VAT
    expect((await confirm(placed.id)).status).toBe(200);
    const issued = await invoiceOf(placed.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pay(issued.id, { amount: '50.00', method: 'cash', reference: `R${index}` }),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(9); // 9 × 50 = 450 of 460
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    expect(await invoice(issued.id)).toMatchObject({ paidAmount: '450.00', balanceDue: '10.00' });
  });

  it('lets only an admin or owner delete a payment, keeping it listed with who, when and why', async () => {
    const cashier = await staff(['invoices:read', 'invoices:write']);
    const buyer = await client();
    const placed = await order(buyer, 2); // 92.00
    expect((await confirm(placed.id)).status).toBe(200);
    const issued = await invoiceOf(placed.id);
    const recorded = await pay(issued.id, { amount: '92.00', method: 'card' }, cashier);
    expect(recorded.status).toBe(201);
    const payment = await json<PaymentDto>(recorded);

    const path = `/api/invoices/${issued.id}/payments/${payment.id}`;
    expect((await cashier.request('DELETE', path, { reason: 'Card slip was declined' })).status).toBe(403);
    expect((await owner.request('DELETE', path, {})).status).toBe(400); // a reason is needed
    const deleted = await owner.request('DELETE', path, { reason: 'Card slip was declined' });
    expect(deleted.status).toBe(200);
    expect(await json<PaymentDto>(deleted)).toMatchObject({ id: payment.id, deleteReason: 'Card slip was declined' });
    const again = await owner.request('DELETE', path, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'BILLING_PAYMENT_ALREADY_DELETED' });
    expect(
      (await owner.request('DELETE', `/api/invoices/${issued.id}/payments/${crypto.randomUUID()}`, { reason: 'x' }))
        .status,
    ).toBe(404);

    expect(await invoice(issued.id)).toMatchObject({
      paidAmount: '0.00',
      balanceDue: '92.00',
      paymentStatus: 'unpaid',
    });
    const [kept] = await json<PaymentDto[]>(await cashier.get(`/api/invoices/${issued.id}/payments`));
    expect(kept).toMatchObject({ id: payment.id, amount: '92.00', deleteReason: 'Card slip was declined' });
    expect(kept!.deletedAt).not.toBeNull();
    expect(kept!.deletedBy).not.toBeNull();
    const reader = await staff(['invoices:read']);
    expect((await pay(issued.id, { amount: 1, method: 'cash' }, reader)).status).toBe(403);
  });

  it('answers a client’s balance and overdue balance', async () => {
    const buyer = await client({ paymentTermsDays: 7 });
    const first = await order(buyer, 3); // 138.00
    const second = await order(buyer, 1); // 46.00
    for (const placed of [first, second]) expect((await confirm(placed.id)).status).toBe(200);
    const [older, newer] = [await invoiceOf(first.id), await invoiceOf(second.id)];
    expect(older.dueDate! > older.issuedAt.slice(0, 10)).toBe(true);
    expect((await pay(older.id, { amount: '38.00', method: 'cash' })).status).toBe(201);
    // The older invoice's due date passes (the settlement is not the invoice: it may move).
    await stack.environment.database.query(
      `UPDATE billing.invoice_balances SET due_date = due_date - 30 WHERE invoice_id = $1`,
      [older.id],
    );
    const detail = await json<ClientDetailDto>(await owner.get(`/api/clients/${buyer.id}`));
    expect(detail).toMatchObject({ id: buyer.id, balance: '146.00', overdueBalance: '100.00' });
    expect(await invoice(older.id)).toMatchObject({ overdue: true, balanceDue: '100.00' });
    expect((await invoice(newer.id)).overdue).toBe(false);
    const fresh = await client();
    expect(await json<ClientDetailDto>(await owner.get(`/api/clients/${fresh.id}`))).toMatchObject({
      balance: '0.00',
      overdueBalance: '0.00',
    });
  });

  it('answers a statement with its opening balance, every entry and the running balance, as JSON and as a PDF', async () => {
    const buyer = await client({ name: 'Al Rowad Grocery', nameAr: 'بقالة الرواد' });
    const today = businessDate('Asia/Riyadh');
    const [first, second] = [await order(buyer, 5), await order(buyer, 1)]; // 230.00 and 46.00
    for (const placed of [first, second]) expect((await confirm(placed.id)).status).toBe(200);
    const firstInvoice = await invoiceOf(first.id);
    const secondInvoice = await invoiceOf(second.id);
    const early = addDays(today, -30);
    expect((await pay(firstInvoice.id, { amount: '20.00', method: 'cash', paidAt: early })).status).toBe(201);
    expect(
      // Given as a day (kept as noon UTC), it still comes after the invoice issued earlier that day
      // at any hour: within a day, entries follow when they were recorded.
      (await pay(firstInvoice.id, { amount: '100.00', method: 'bank_transfer', reference: 'TRX-7781', paidAt: today }))
        .status,
    ).toBe(201);
    expect((await owner.patch(`/api/orders/${second.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const note = await invoiceOf(second.id, 'credit_note');

    const statement = await json<StatementDto>(
      await owner.get(`/api/clients/${buyer.id}/statement?from=${addDays(today, -10)}&to=${today}`),
    );
    expect(statement).toMatchObject({
      clientId: buyer.id,
      clientName: buyer.name,
      currency: 'SAR',
      openingBalance: '-20.00', // paid before anything was invoiced: money on account
      closingBalance: '110.00',
    });
    expect(
      statement.lines.map((line) => [line.type, line.number, line.reference, line.debit, line.credit, line.balance]),
    ).toEqual([
      ['invoice', firstInvoice.invoiceNumber, null, '230.00', '0.00', '210.00'],
      ['invoice', secondInvoice.invoiceNumber, null, '46.00', '0.00', '256.00'],
      ['payment', firstInvoice.invoiceNumber, 'TRX-7781', '0.00', '100.00', '156.00'],
      ['credit_note', note.invoiceNumber, secondInvoice.invoiceNumber, '0.00', '46.00', '110.00'],
    ]);
    expect(statement.lines.every((line) => line.date === today)).toBe(true);
    expect((await json<ClientDetailDto>(await owner.get(`/api/clients/${buyer.id}`))).balance).toBe('110.00');

    const whole = await json<StatementDto>(await owner.get(`/api/clients/${buyer.id}/statement?from=${early}`));
    expect(whole.openingBalance).toBe('0.00');
    expect(whole.lines[0]).toMatchObject({
      type: 'payment',
      date: early,
      method: 'cash',
      credit: '20.00',
      balance: '-20.00',
    });

    const pdf = await owner.get(`/api/clients/${buyer.id}/statement?format=pdf&from=${addDays(today, -10)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await pdf.arrayBuffer()),
    }).toString('utf8');
    expect(text).toContain('Statement of Account');
    expect(text).toContain(note.invoiceNumber);
    expect(text).toContain('TRX-7781');
    expect(text).toContain('SAR 110.00');

    for (const bad of [
      'from=2026-02-30',
      `from=${today}&to=${addDays(today, -1)}`,
      'format=xml',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const refused = await owner.get(`/api/clients/${buyer.id}/statement?${bad}`);
      expect(refused.status, bad).toBe(400);
    }
    expect((await owner.get(`/api/clients/${crypto.randomUUID()}/statement`)).status).toBe(404);
    const clerk = await staff(['clients:read']);
    expect((await clerk.get(`/api/clients/${buyer.id}/statement`)).status).toBe(403);
  });

  it('ages receivables by days past due, per client', async () => {
    const buyer = await client({ name: 'Al Majd Stores' });
    const placed = [await order(buyer, 1), await order(buyer, 2), await order(buyer, 3), await order(buyer, 4)];
    for (const entry of placed) expect((await confirm(entry.id)).status).toBe(200);
    const invoices = await Promise.all(placed.map((entry) => invoiceOf(entry.id)));
    // 46.00 not yet due, 92.00 15 days late, 138.00 45 days late (part paid 38.00), 184.00 120 days late.
    for (const [invoiceEntry, late] of [
      [invoices[1]!, 15],
      [invoices[2]!, 45],
      [invoices[3]!, 120],
    ] as const) {
      await stack.environment.database.query(
        `UPDATE billing.invoice_balances SET due_date = $2::date - $3::int WHERE invoice_id = $1`,
        [invoiceEntry.id, businessDate('Asia/Riyadh'), late],
      );
    }
    expect((await pay(invoices[2]!.id, { amount: '38.00', method: 'cash' })).status).toBe(201);
    const rows = await json<AgingRowDto[]>(await owner.get('/api/receivables/aging'));
    expect(rows.find((row) => row.clientId === buyer.id)).toEqual({
      clientId: buyer.id,
      clientName: buyer.name,
      current: '46.00',
      d1_30: '92.00',
      d31_60: '100.00',
      d61_90: '0.00',
      d90_plus: '184.00',
      total: '422.00',
    });
    const totals = rows.map((row) => Number(row.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((await (await staff(['orders:read'])).get('/api/receivables/aging')).status).toBe(403);
  });

  it('refuses a confirmation over the credit limit with the figures, unless an admin or owner overrides it', async () => {
    const clerk = await staff(['orders:read', 'orders:write']);
    const buyer = await client({ creditLimit: '300.00' });
    const first = await order(buyer, 5); // 230.00 with VAT: within the limit
    expect((await confirm(first.id, {}, clerk)).status).toBe(200);
    const second = await order(buyer, 2); // 92.00: 230 + 92 = 322 > 300
    // Owed counts the first order at once, whether or not its invoice is issued yet.
    const refused = await confirm(second.id, {}, clerk);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      code: 'CREDIT_LIMIT_EXCEEDED',
      details: { clientId: buyer.id, limit: '300.00', balance: '230.00', orderTotal: '92.00' },
    });
    expect((await json<OrderDto>(await owner.get(`/api/orders/${second.id}`))).status).toBe('pending');
    const notAllowed = await confirm(second.id, { overrideCreditLimit: true }, clerk);
    expect(notAllowed.status).toBe(403);
    expect((await confirm(second.id, { overrideCreditLimit: 'yes' })).status).toBe(400);

    // Once the first invoice is part paid, the same order fits.
    const firstInvoice = await invoiceOf(first.id);
    expect((await pay(firstInvoice.id, { amount: '30.00', method: 'cash' })).status).toBe(201);
    expect((await confirm(second.id, {}, clerk)).status).toBe(200);

    const third = await order(buyer, 1); // 200 + 92 + 46 = 338 > 300
    expect((await confirm(third.id, {}, clerk)).status).toBe(409);
    const overridden = await confirm(third.id, { overrideCreditLimit: true });
    expect(overridden.status).toBe(200);
    const [record] = await stack.environment.database.query<{
      credit_limit: string;
      balance: string;
      order_total: string;
      overridden_by: string | null;
    }>(
      `SELECT credit_limit, balance, order_total, overridden_by FROM orders.credit_limit_overrides WHERE order_id = $1`,
      [third.id],
    );
    expect(record).toMatchObject({ credit_limit: '300.00', balance: '292.00', order_total: '46.00' });
    expect(record!.overridden_by).not.toBeNull();

    // A client with no limit is never checked; a pending order's edits are not confirmations.
    const free = await client();
    expect((await confirm((await order(free, 50)).id)).status).toBe(200);
  });
});
