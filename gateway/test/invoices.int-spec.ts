import type { GeneratedInvoiceDto, InvoiceDto, OrderDto, StockItemDto } from '@erp/contracts';
import { businessDate } from '@erp/common';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

let serial = 0;

/** The text of a PDF, as a tax inspector's tools read it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

describe('invoices through the gateway, with the real orders, inventory and billing', () => {
  let stack: GatewayStack;
  let owner: HttpClient;

  async function stockItem(quantity: number): Promise<StockItemDto> {
    serial += 1;
    const response = await owner.post('/api/stock', {
      name: `Basmati Rice 5kg ${serial}`,
      nameAr: `أرز بسمتي ٥ كغ ${serial}`,
      sku: `RICE-INV-${serial}`,
      unit: 'bag',
      quantity,
      costPrice: '30.00',
      sellingPrice: '42.00',
    });
    expect(response.status).toBe(201);
    return json<StockItemDto>(response);
  }

  async function order(clientName: string, items: Array<Record<string, unknown>>): Promise<OrderDto> {
    const response = await owner.post('/api/orders/manual', { clientName, items });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<OrderDto>(response);
  }

  async function invoices(query = ''): Promise<InvoiceDto[]> {
    return json<InvoiceDto[]>(await owner.get(`/api/invoices${query}`));
  }

  /** Waits for the billing worker to have written invoices that match. */
  async function eventually(predicate: (list: InvoiceDto[]) => boolean, query = ''): Promise<InvoiceDto[]> {
    let list: InvoiceDto[] = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      list = await invoices(query);
      if (predicate(list)) return list;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`invoices never matched: ${JSON.stringify(list.map((invoice) => invoice.invoiceNumber))}`);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    const settings = await owner.patch('/api/settings', {
      companyName: 'Al Noor Trading Co.',
      companyNameAr: 'شركة النور التجارية',
      vatNumber: '310123456700003',
      address: 'King Fahd Road, Riyadh',
      addressAr: 'طريق الملك فهد، الرياض',
    });
    expect(settings.status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('creates one invoice per commit of an order, whatever events and generate calls arrive, with VAT at the settings rate', async () => {
    const rice = await stockItem(100);
    const placed = await order('Al Waha Supermarket', [
      { itemName: rice.name, quantity: 2.5, unitPrice: 3.33, stockItemId: rice.id },
    ]);
    expect(placed.totalAmount).toBe('8.33');
    // No tax invoice for an order that is not confirmed (CONTRACT §11).
    const early = await owner.post(`/api/orders/${placed.id}/generate-invoice`);
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({
      code: 'BILLING_ORDER_NOT_COMMITTED',
      message: 'Confirm the order first',
    });

    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const generated = await Promise.all(
      Array.from({ length: 6 }, () => owner.post(`/api/orders/${placed.id}/generate-invoice`)),
    );
    const answers = await Promise.all(generated.map((response) => json<GeneratedInvoiceDto>(response)));
    expect(generated.map((response) => response.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const [answer] = answers;
    expect(answer!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(answer!.pdfUrl).toBe(`/api/invoices/${answer!.id}/pdf`);
    const first = await json<InvoiceDto>(await owner.get(`/api/invoices/${answer!.id}`));
    expect(first).toMatchObject({
      type: 'customer',
      clientName: 'Al Waha Supermarket',
      orderNumber: placed.orderNumber,
      subtotal: '8.33',
      taxRate: 15,
      taxAmount: '1.25',
      totalAmount: '9.58',
      currency: 'SAR',
      paidAmount: '0.00',
      creditedAmount: '0.00',
      balanceDue: '9.58',
      paymentStatus: 'unpaid',
      overdue: false,
    });
    // A client with no payment terms: due the day it is issued, in the business time zone.
    expect(first.dueDate).toBe(businessDate('Asia/Riyadh', new Date(first.issuedAt)));

    // Back to pending: a credit note undoes the invoice; committed again: a new invoice.
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'pending' })).status).toBe(200);
    expect((await owner.post(`/api/orders/${placed.id}/generate-invoice`)).status).toBe(409);
    const [note] = await eventually((all) => all.length === 1, `?type=credit_note&orderId=${placed.id}`);
    expect(note).toMatchObject({
      type: 'credit_note',
      originalInvoiceId: answer!.id,
      originalInvoiceNumber: answer!.invoiceNumber,
      reason: 'order_reopened',
      subtotal: '8.33',
      taxAmount: '1.25',
      totalAmount: '9.58',
      paymentStatus: null,
      balanceDue: null,
    });
    expect(note!.invoiceNumber).toMatch(/^CN-\d{4}-\d{6}$/);
    const credited = await json<InvoiceDto>(await owner.get(`/api/invoices/${answer!.id}`));
    expect(credited).toMatchObject({ creditedAmount: '9.58', balanceDue: '0.00', paymentStatus: 'credited' });

    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'completed' })).status).toBe(200);
    const again = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${placed.id}/generate-invoice`));
    expect(again.id).not.toBe(answer!.id);
    const ofOrder = await invoices(`?type=customer&orderId=${placed.id}`);
    expect(ofOrder.map((invoice) => invoice.id).sort()).toEqual([answer!.id, again.id].sort());
    // Cancelled: the second invoice is credited too; never two uncredited invoices for one order.
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const notes = await eventually((all) => all.length === 2, `?type=credit_note&orderId=${placed.id}`);
    expect(notes.find((entry) => entry.originalInvoiceId === again.id)?.reason).toBe('order_cancelled');

    // The credit note's own bilingual PDF names the invoice it undoes and why.
    const text = pdfText(Buffer.from(await (await owner.get(note!.pdfUrl!)).arrayBuffer()));
    expect(text).toContain('Credit Note');
    expect(text).toContain(note!.invoiceNumber);
    expect(text).toContain(answer!.invoiceNumber);
    expect(text).toContain('Order reopened');
  });

  it('keeps an issued invoice as issued: the database refuses to change or delete it', async () => {
    const placed = await order('Immutable Client', [{ itemName: 'Cardamom 1kg', quantity: 1, unitPrice: '80.00' }]);
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const { id } = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${placed.id}/generate-invoice`));
    const query = (sql: string) => stack.environment.database.query(sql, [id]);
    await expect(query(`UPDATE billing.invoices SET total_amount = 1 WHERE id = $1`)).rejects.toThrow(/never changes/);
    await expect(query(`UPDATE billing.invoice_items SET unit_price = 1 WHERE invoice_id = $1`)).rejects.toThrow(
      /never changes/,
    );
    await expect(query(`DELETE FROM billing.invoices WHERE id = $1`)).rejects.toThrow(/never deleted/);
    // Its PDF path is not what it says: rendering it may record where the file is.
    await query(`UPDATE billing.invoices SET pdf_path = pdf_path WHERE id = $1`);
    expect((await json<InvoiceDto>(await owner.get(`/api/invoices/${id}`))).totalAmount).toBe('92.00');
  });

  it('streams a proforma PDF of an order in any status: no invoice number, no QR', async () => {
    const placed = await order('Proforma Client', [
      { itemName: 'Sukkari dates 3kg', itemNameAr: 'تمر سكري ٣ كغ', quantity: 2, unitPrice: '50.00' },
    ]);
    const response = await owner.get(`/api/orders/${placed.id}/proforma`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`proforma-${placed.orderNumber}.pdf`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('Not a tax invoice');
    expect(text).toContain('115.00');
    expect(text).not.toMatch(/INV-\d{4}/);
    expect((await owner.get(`/api/orders/${randomUUID()}/proforma`)).status).toBe(404);
  });

  it('numbers invoices without gaps or duplicates when 20 orders are confirmed at once', async () => {
    const rice = await stockItem(1000);
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        order(`Batch client ${index}`, [{ itemName: rice.name, quantity: 1, unitPrice: 42, stockItemId: rice.id }]),
      ),
    );
    const confirms = await Promise.all(
      orders.map((placed) => owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })),
    );
    expect(confirms.map((response) => response.status)).toEqual(Array(20).fill(200));
    const ids = new Set(orders.map((placed) => placed.id));
    const list = await eventually((all) => all.filter((invoice) => ids.has(invoice.orderId ?? '')).length === 20);
    const serials = list
      .filter((invoice) => ids.has(invoice.orderId ?? ''))
      .map((invoice) => Number(invoice.invoiceNumber.slice(-6)))
      .sort((a, b) => a - b);
    expect(serials[19]! - serials[0]!).toBe(19);
    expect(new Set(serials).size).toBe(20);
    // No gaps across the whole series either.
    const all = (await invoices('?type=customer')).map((invoice) => Number(invoice.invoiceNumber.slice(-6)));
    expect(Math.max(...all) - Math.min(...all) + 1).toBe(all.length);
  });

  it('answers every one of several downloads at once of a new invoice with its whole PDF (they render it beside the render job)', async () => {
    const placed = await order('Concurrent Downloads', [{ itemName: 'Saffron 1g', quantity: 3, unitPrice: '12.00' }]);
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const generated = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${placed.id}/generate-invoice`));
    const downloads = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const response = await owner.get(generated.pdfUrl);
        const body = Buffer.from(await response.arrayBuffer());
        return { status: response.status, start: body.subarray(0, 5).toString('latin1') };
      }),
    );
    expect(downloads).toEqual(Array.from({ length: 4 }, () => ({ status: 200, start: '%PDF-' })));
  });

  it('streams a bilingual PDF to invoices:read holders, with the number, the total and a hostile name as text', async () => {
    const hostile = `<img src=x onerror=alert(1)><script>document.title='owned'</script> Trading`;
    const placed = await order(hostile, [
      { itemName: 'Sukkari dates 3kg', itemNameAr: 'تمر سكري ٣ كغ', quantity: 4, unitPrice: '55.50' },
    ]);
    expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const generated = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${placed.id}/generate-invoice`));
    const response = await owner.get(generated.pdfUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`${generated.invoiceNumber}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(generated.invoiceNumber);
    expect(text).toContain('255.30'); // 222.00 + 15 % VAT 33.30
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('onerror=alert(1)');
    expect(text).toContain('<script>');

    const clerk = new HttpClient(stack.baseUrl);
    await owner.post('/api/users', {
      username: 'pdfclerk',
      password: 'pdfclerk-password',
      email: 'pdfclerk@alnoor.example',
      fullName: 'PDF Clerk',
      role: 'staff',
      permissions: ['orders:read'],
    });
    expect((await clerk.login('pdfclerk', 'pdfclerk-password')).status).toBe(200);
    expect((await clerk.get(generated.pdfUrl)).status).toBe(403);
    expect((await clerk.get('/api/invoices')).status).toBe(403);
    expect((await owner.get(`/api/invoices/${randomUUID()}/pdf`)).status).toBe(404);
  });

  it('turns a goods receipt into one supplier invoice numbered SUP-YYYY-NNNNNN', async () => {
    const rice = await stockItem(0);
    const receipt = {
      receiptId: randomUUID(),
      supplierName: 'Almarai Company',
      invoiceNumber: 'ALM-88213',
      invoiceDate: '2026-11-20',
      lines: [{ stockItemId: rice.id, name: rice.name, quantity: 40, unit: 'bag', unitPrice: '29.50' }],
    };
    expect((await owner.post('/api/stock/receipts', receipt)).status).toBe(201);
    expect((await owner.post('/api/stock/receipts', receipt)).status).toBe(201);
    const list = await eventually(
      (all) => all.some((invoice) => invoice.supplierInvoiceNumber === 'ALM-88213'),
      '?type=supplier',
    );
    const supplierInvoices = list.filter((invoice) => invoice.supplierInvoiceNumber === 'ALM-88213');
    expect(supplierInvoices).toHaveLength(1);
    expect(supplierInvoices[0]).toMatchObject({
      type: 'supplier',
      supplierName: 'Almarai Company',
      clientName: null,
      subtotal: '1180.00',
      taxAmount: '177.00',
      totalAmount: '1357.00',
      pdfUrl: null,
    });
    expect(supplierInvoices[0]!.invoiceNumber).toMatch(/^SUP-\d{4}-\d{6}$/);
    expect((await invoices('?type=customer')).every((invoice) => invoice.type === 'customer')).toBe(true);
  });

  it('filters by dates and refuses bad filters with 400', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await invoices(`?from=2000-01-01&to=2000-12-31`)).length).toBe(0);
    expect((await invoices(`?from=${today}`)).length).toBeGreaterThan(0);
    const bad = await owner.get('/api/invoices?type=proforma');
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(
      'type must be one of: customer, supplier, credit_note, opening_balance, write_off',
    );
    expect((await owner.get('/api/invoices?from=yesterday')).status).toBe(400);
  });
});
