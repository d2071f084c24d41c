import {
  Permission,
  type PurchaseOrderDto,
  type ReceiptResultDto,
  type ReorderSuggestionDto,
  type ReorderSuggestionEntryDto,
  type StockItemDto,
  type SupplierDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@erp/common';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const today = businessDate('Asia/Riyadh');

describe('goods receipts and reorder suggestions through the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  async function staff(permissions: Permission[]): Promise<HttpClient> {
    const username = `clerk${randomUUID().slice(0, 8)}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'clerk-password',
      email: `${username}@alnoor.example`,
      fullName: username,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'clerk-password')).status).toBe(200);
    return http;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('POST /api/stock/receipts', () => {
    const body = (receiptId: string, createMissingItems: boolean): Record<string, unknown> => ({
      receiptId,
      supplierName: 'Almarai Company',
      invoiceNumber: 'INV-88213',
      invoiceDate: today,
      createMissingItems,
      lines: [
        {
          name: 'Almarai Fresh Milk 1L',
          nameAr: 'حليب المراعي الطازج ١ لتر',
          sku: 'MILK-ALM-1L',
          quantity: 24,
          unit: 'carton',
          unitPrice: '5.55',
          batchNumber: 'B-2211',
          expiryDate: addDays(today, 15),
          manufactureDate: addDays(today, -2),
        },
      ],
    });

    it('answers 201 once, and the first result again with repeated: true', async () => {
      const receiptId = randomUUID();
      const first = await owner.post('/api/stock/receipts', body(receiptId, true));
      expect(first.status).toBe(201);
      const result = await json<ReceiptResultDto>(first);
      expect(result).toMatchObject({
        receiptId,
        repeated: false,
        lines: [{ quantity: 24, newCostPrice: '5.55' }],
      });
      const again = await owner.post('/api/stock/receipts', body(receiptId, true));
      expect(again.status).toBe(201);
      expect(await json(again)).toEqual({ ...result, repeated: true });
      const stock = await owner.get(`/api/stock?search=MILK-ALM-1L`);
      expect((await json<StockItemDto[]>(stock)).map((item) => [item.quantity, item.batchNumber])).toEqual([
        [24, 'B-2211'],
      ]);
    });

    it('refuses an unmatched line without createMissingItems: 400 naming the line', async () => {
      const refused = await owner.post('/api/stock/receipts', {
        ...body(randomUUID(), false),
        lines: [{ name: 'Unknown', quantity: 1, unit: 'piece', unitPrice: 1 }],
      });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({
        code: 'INVENTORY_RECEIPT_LINE_UNMATCHED',
        details: { line: 0, fields: [{ field: 'lines.0' }] },
      });
    });

    it('validates the body, naming the field', async () => {
      const refused = await owner.post('/api/stock/receipts', {
        ...body(randomUUID(), true),
        lines: [{ name: 'Milk', quantity: 0, unit: 'carton', unitPrice: '5.555' }],
      });
      expect(refused.status).toBe(400);
      const error = await json<{ code: string; details: { fields: Array<{ field: string }> } }>(refused);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields.map((field) => field.field)).toEqual(['lines.0.quantity', 'lines.0.unitPrice']);
    });

    it('needs stock:write', async () => {
      const reader = await staff([Permission.StockRead]);
      expect((await reader.post('/api/stock/receipts', body(randomUUID(), true))).status).toBe(403);
    });
  });

  describe('reorder suggestions', () => {
    it('generates, lists, approves and dismisses; a decided suggestion is a 409', async () => {
      const created = await owner.post('/api/stock', { name: 'Tahini 1kg', sku: 'TAH-1', unit: 'piece', quantity: 3 });
      expect(created.status).toBe(201);
      const item = await json<StockItemDto>(created);

      const generated = await owner.post('/api/stock/generate-reorder-suggestions');
      expect(generated.status).toBe(200);
      const { generated: count } = await json<{ generated: number }>(generated);
      expect(count).toBeGreaterThanOrEqual(1);

      const reader = await staff([Permission.StockRead]);
      const listed = await reader.get('/api/stock/reorder-suggestions');
      expect(listed.status).toBe(200);
      const entries = await json<ReorderSuggestionEntryDto[]>(listed);
      const entry = entries.find((candidate) => candidate.stockItem.id === item.id);
      expect(entry).toMatchObject({
        suggestion: { urgency: 'medium', suggestedQuantity: 17, status: 'pending', daysOfStockRemaining: null },
        stockItem: { name: 'Tahini 1kg', sku: 'TAH-1', quantity: 3, unit: 'piece' },
      });
      expect((await reader.post('/api/stock/generate-reorder-suggestions')).status).toBe(403);

      const id = entry!.suggestion.id;
      const approved = await owner.patch(`/api/stock/reorder-suggestions/${id}`, { status: 'approved' });
      expect(approved.status).toBe(200);
      expect(await json<ReorderSuggestionDto>(approved)).toMatchObject({ id, status: 'approved' });
      const again = await owner.patch(`/api/stock/reorder-suggestions/${id}`, { status: 'dismissed' });
      expect(again.status).toBe(409);
      expect(await json(again)).toMatchObject({ code: 'INVENTORY_SUGGESTION_DECIDED' });
      expect(
        (await json<ReorderSuggestionEntryDto[]>(await owner.get('/api/stock/reorder-suggestions'))).some(
          (candidate) => candidate.suggestion.id === id,
        ),
      ).toBe(false);
      expect(await query(`SELECT status FROM inventory.reorder_suggestions WHERE id = $1`, [id])).toEqual([
        { status: 'approved' },
      ]);
    });

    it('approves with a quantity and a supplier: a numbered purchase order and its bilingual PDF', async () => {
      const created = await owner.post('/api/stock', {
        name: 'Sesame paste 500g',
        nameAr: 'طحينة ٥٠٠ غ',
        sku: 'SES-500',
        unit: 'piece',
        quantity: 2,
        packs: [{ unit: 'carton', factor: 12 }],
      });
      expect(created.status).toBe(201);
      const item = await json<StockItemDto>(created);
      expect((await owner.post('/api/stock/generate-reorder-suggestions')).status).toBe(200);
      const entries = await json<ReorderSuggestionEntryDto[]>(await owner.get('/api/stock/reorder-suggestions'));
      const id = entries.find((candidate) => candidate.stockItem.id === item.id)!.suggestion.id;

      const dismissWithQuantity = await owner.patch(`/api/stock/reorder-suggestions/${id}`, {
        status: 'dismissed',
        quantity: 24,
      });
      expect(dismissWithQuantity.status).toBe(400);
      expect(await json(dismissWithQuantity)).toMatchObject({ code: 'VALIDATION_FAILED' });
      const fraction = await owner.patch(`/api/stock/reorder-suggestions/${id}`, { status: 'approved', quantity: 2.5 });
      expect(fraction.status).toBe(400);

      const approved = await owner.patch(`/api/stock/reorder-suggestions/${id}`, {
        status: 'approved',
        quantity: 240,
        supplierName: '  Al-Watania Trading Est.  ',
      });
      expect(approved.status).toBe(200);
      const decided = await json<ReorderSuggestionDto>(approved);
      expect(decided).toMatchObject({ id, status: 'approved', approvedQuantity: 240 });
      expect(decided.purchaseOrder?.number).toMatch(new RegExp(`^PO-${today.slice(0, 4)}-\\d{6}$`));

      const reader = await staff([Permission.StockRead]);
      const order = await json<PurchaseOrderDto>(
        await reader.get(`/api/stock/purchase-orders/${decided.purchaseOrder!.id}`),
      );
      expect(order).toMatchObject({
        number: decided.purchaseOrder!.number,
        supplier: { name: 'Al-Watania Trading Est.' },
        reorderSuggestionId: id,
        lines: [
          {
            stockItemId: item.id,
            sku: 'SES-500',
            name: 'Sesame paste 500g',
            nameAr: 'طحينة ٥٠٠ غ',
            unit: 'piece',
            quantity: 240,
          },
        ],
      });
      expect(order.lines[0]!.packs).toEqual([{ unit: 'carton', factor: 12 }]);
      const suppliers = await json<SupplierDto[]>(await reader.get('/api/stock/suppliers'));
      expect(suppliers.filter((supplier) => supplier.name === 'Al-Watania Trading Est.')).toHaveLength(1);

      const pdf = await reader.get(`/api/stock/purchase-orders/${order.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toContain(`${order.number}.pdf`);
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: Buffer.from(await pdf.arrayBuffer()),
      }).toString('utf8');
      expect(text).toContain('Purchase Order');
      expect(text).toContain(order.number);
      expect(text).toContain('Al-Watania Trading Est.');
      expect(text).toContain('SES-500');
      expect(text).toMatch(/240\s[\s\S]*= 20[\s\S]*carton/);
      expect(text).not.toMatch(/SAR|ر\.س/);

      expect((await reader.get(`/api/stock/purchase-orders/${randomUUID()}`)).status).toBe(404);
      expect((await reader.get(`/api/stock/purchase-orders/${randomUUID()}/pdf`)).status).toBe(404);
      expect((await reader.get('/api/stock/purchase-orders/not-an-id/pdf')).status).toBe(404);
    });

    it('numbers purchase orders without gaps when suggestions are approved at once', async () => {
      const items = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const created = await owner.post('/api/stock', {
            name: `Ghee tin ${index}`,
            sku: `GHEE-${index}-${randomUUID().slice(0, 4)}`,
            unit: 'piece',
            quantity: 1,
          });
          return json<StockItemDto>(created);
        }),
      );
      expect((await owner.post('/api/stock/generate-reorder-suggestions')).status).toBe(200);
      const entries = await json<ReorderSuggestionEntryDto[]>(await owner.get('/api/stock/reorder-suggestions'));
      const ids = items.map((item) => entries.find((entry) => entry.stockItem.id === item.id)!.suggestion.id);
      const answers = await Promise.all(
        ids.map((id) =>
          owner.patch(`/api/stock/reorder-suggestions/${id}`, { status: 'approved', supplierName: 'Ghee House' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      const serials = (await Promise.all(answers.map((answer) => json<ReorderSuggestionDto>(answer))))
        .map((decided) => Number(decided.purchaseOrder!.number.slice(-6)))
        .sort((a, b) => a - b);
      expect(serials).toEqual(Array.from({ length: 6 }, (_, index) => serials[0]! + index));
      const [{ suppliers }] = await query<{ suppliers: number }>(
        `SELECT count(*)::int AS suppliers FROM inventory.suppliers WHERE lower(name) = 'ghee house'`,
      );
      expect(suppliers).toBe(1);
    });

    it('refuses a status other than approved or dismissed, and answers 404 for an unknown id', async () => {
      const unknown = randomUUID();
      const invalid = await owner.patch(`/api/stock/reorder-suggestions/${unknown}`, { status: 'pending' });
      expect(invalid.status).toBe(400);
      expect(await json(invalid)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'status must be approved or dismissed',
      });
      const missing = await owner.patch(`/api/stock/reorder-suggestions/${unknown}`, { status: 'dismissed' });
      expect(missing.status).toBe(404);
      expect(await json(missing)).toMatchObject({ code: 'INVENTORY_SUGGESTION_NOT_FOUND' });
    });
  });
});
