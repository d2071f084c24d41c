import {
  InventoryClient,
  invoiceCreateJobOptions,
  JobName,
  QueueName,
  supplierInvoiceJobId,
  type ApplyReceiptDto,
  type JobEnvelope,
  type ReceiptLineDto,
  type RpcMeta,
  type StockItemDto,
  type SupplierInvoiceJobData,
} from '@erp/contracts';
import { failureOf, outboxSent, type TestEnvironment } from '@erp/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@erp/common';
import { startInventory, type InventoryTestStack } from './inventory-test-stack.js';

const userId = randomUUID();
const meta: RpcMeta = { requestId: 'receipts-test', userId };
const today = businessDate('Asia/Riyadh');
let serial = 0;

function line(overrides: Partial<ReceiptLineDto> = {}): ReceiptLineDto {
  serial += 1;
  return { name: `Almarai Fresh Milk 1L ${serial}`, quantity: 24, unit: 'carton', unitPrice: '5.55', ...overrides };
}

function receipt(lines: ReceiptLineDto[], overrides: Partial<ApplyReceiptDto> = {}): ApplyReceiptDto {
  return {
    receiptId: randomUUID(),
    supplierName: 'Almarai Company',
    invoiceNumber: `INV-${(serial += 1)}`,
    invoiceDate: today,
    lines,
    ...overrides,
  };
}

describe('inventory goods receipts over TCP, on real PostgreSQL, Redis and BullMQ', () => {
  let environment: TestEnvironment;
  let stack: InventoryTestStack;
  let inventory: InventoryClient;
  let invoiceQueue: Queue<JobEnvelope<SupplierInvoiceJobData>>;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    environment.database.query<T>(sql, params);

  async function createItem(overrides: Record<string, unknown> = {}): Promise<StockItemDto> {
    serial += 1;
    return inventory.createStockItem(
      { name: `Basmati rice ${serial}`, sku: `RICE-${serial}`, unit: 'carton', ...overrides } as never,
      meta,
    );
  }

  /** Every row a receipt can touch, to prove that a refused or repeated one changed nothing. */
  async function snapshot(): Promise<unknown> {
    return {
      receipts: await query('SELECT id FROM inventory.receipts ORDER BY id'),
      suppliers: await query('SELECT id FROM inventory.suppliers ORDER BY id'),
      items: await query('SELECT id, quantity, cost_price, updated_at FROM inventory.stock_items ORDER BY id'),
      batches: await query('SELECT id, quantity FROM inventory.stock_batches ORDER BY id'),
      updates: await query('SELECT id FROM inventory.stock_updates ORDER BY id'),
      prices: await query('SELECT id FROM inventory.price_history ORDER BY id'),
    };
  }

  beforeAll(async () => {
    stack = await startInventory();
    ({ environment, inventory } = stack);
    invoiceQueue = stack.queue(QueueName.InvoiceCreate);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('creates a batch, a stock update, a price-history row and the cost of each line', async () => {
    const existing = await createItem({ sku: 'Milk-ALM-1L', quantity: 10, costPrice: '4.00', sellingPrice: '6.00' });
    const byId = await createItem({ quantity: 0, unit: 'kg' });
    const dto = receipt(
      [
        line({
          sku: 'MILK-alm-1l',
          quantity: 30,
          unitPrice: '5.00',
          batchNumber: 'B-2211',
          expiryDate: addDays(today, 15),
          manufactureDate: addDays(today, -2),
        }),
        line({ stockItemId: byId.id, quantity: 2.5, unit: 'kg', unitPrice: '12.40' }),
      ],
      { createMissingItems: false },
    );
    const result = await inventory.applyReceipt(dto, meta);
    const [supplier] = await query<{ id: string }>(`SELECT id FROM inventory.suppliers WHERE name = 'Almarai Company'`);
    expect(result).toEqual({
      receiptId: dto.receiptId,
      supplierId: supplier!.id,
      repeated: false,
      lines: [
        { stockItemId: existing.id, batchId: expect.any(String), quantity: 30, newCostPrice: '4.75' },
        { stockItemId: byId.id, batchId: expect.any(String), quantity: 2.5, newCostPrice: '12.40' },
      ],
    });

    const batches = await query(
      `SELECT stock_item_id, batch_number, quantity, received_quantity, expiry_date::text, manufacture_date::text,
              supplier_id
         FROM inventory.stock_batches WHERE id = $1`,
      [result.lines[0]!.batchId],
    );
    expect(batches).toEqual([
      {
        stock_item_id: existing.id,
        batch_number: 'B-2211',
        quantity: '30.000',
        received_quantity: '30.000',
        expiry_date: addDays(today, 15),
        manufacture_date: addDays(today, -2),
        supplier_id: supplier!.id,
      },
    ]);
    expect(
      await query(`SELECT quantity, cost_price, selling_price FROM inventory.stock_items WHERE id = $1`, [existing.id]),
    ).toEqual([{ quantity: '40.000', cost_price: '4.75', selling_price: '6.00' }]);
    expect(
      await query(
        `SELECT batch_id, quantity_change, new_quantity, new_cost_price, reason, reference, created_by
           FROM inventory.stock_updates WHERE stock_item_id = $1 AND reason = 'receipt'`,
        [existing.id],
      ),
    ).toEqual([
      {
        batch_id: result.lines[0]!.batchId,
        quantity_change: '30.000',
        new_quantity: '40.000',
        new_cost_price: '4.75',
        reason: 'receipt',
        reference: dto.receiptId,
        created_by: userId,
      },
    ]);
    expect(
      await query(
        `SELECT stock_item_id, supplier_id, unit_price, currency, receipt_id FROM inventory.price_history
          WHERE receipt_id = $1 ORDER BY unit_price`,
        [dto.receiptId],
      ),
    ).toEqual([
      {
        stock_item_id: existing.id,
        supplier_id: supplier!.id,
        unit_price: '5.00',
        currency: 'SAR',
        receipt_id: dto.receiptId,
      },
      {
        stock_item_id: byId.id,
        supplier_id: supplier!.id,
        unit_price: '12.40',
        currency: 'SAR',
        receipt_id: dto.receiptId,
      },
    ]);
  });

  it('keeps the weighted-average cost over successive receipts, rounded half away from zero', async () => {
    const item = await createItem({ quantity: 10, costPrice: '4.00' });
    const first = await inventory.applyReceipt(
      receipt([line({ stockItemId: item.id, quantity: 30, unitPrice: '5.00' })]),
      meta,
    );
    expect(first.lines[0]!.newCostPrice).toBe('4.75');
    // (40 × 4.75 + 8 × 1.11) / 48 = 198.88 / 48 = 4.1433… → 4.14
    const second = await inventory.applyReceipt(
      receipt([line({ stockItemId: item.id, quantity: 8, unitPrice: '1.11' })]),
      meta,
    );
    expect(second.lines[0]!.newCostPrice).toBe('4.14');
    // Two lines of the same item in one receipt apply one after the other:
    // (48 × 4.14 + 2 × 4.15) / 50 = 4.1404 → 4.14, then (50 × 4.14 + 50 × 4.15) / 100 = 4.145 → 4.15 (half up)
    const third = await inventory.applyReceipt(
      receipt([
        line({ stockItemId: item.id, quantity: 2, unitPrice: '4.15' }),
        line({ stockItemId: item.id, quantity: 50, unitPrice: '4.15' }),
      ]),
      meta,
    );
    expect(third.lines.map((entry) => entry.newCostPrice)).toEqual(['4.14', '4.15']);
    expect(await query(`SELECT quantity, cost_price FROM inventory.stock_items WHERE id = $1`, [item.id])).toEqual([
      { quantity: '100.000', cost_price: '4.15' },
    ]);
  });

  it('applies a receipt sent twice (and twice at once) exactly once', async () => {
    const item = await createItem({ quantity: 5, costPrice: '2.00' });
    const dto = receipt([line({ stockItemId: item.id, quantity: 7, unitPrice: '3.00', batchNumber: 'ONCE' })]);
    const first = await inventory.applyReceipt(dto, meta);
    const before = await snapshot();
    const again = await inventory.applyReceipt(dto, meta);
    expect(again).toEqual({ ...first, repeated: true });
    expect(await snapshot()).toEqual(before);
    expect(await query(`SELECT quantity FROM inventory.stock_items WHERE id = $1`, [item.id])).toEqual([
      { quantity: '12.000' },
    ]);
    expect(await query(`SELECT id FROM inventory.stock_batches WHERE batch_number = 'ONCE'`)).toHaveLength(1);
    expect(await query(`SELECT id FROM inventory.receipts WHERE receipt_id = $1`, [dto.receiptId])).toHaveLength(1);

    const racing = receipt([line({ stockItemId: item.id, quantity: 1, unitPrice: '3.00', batchNumber: 'RACE' })]);
    const results = await Promise.all([inventory.applyReceipt(racing, meta), inventory.applyReceipt(racing, meta)]);
    expect(results.map((result) => result.repeated).sort()).toEqual([false, true]);
    expect(await query(`SELECT id FROM inventory.stock_batches WHERE batch_number = 'RACE'`)).toHaveLength(1);
    expect(await query(`SELECT id FROM inventory.stock_updates WHERE reference = $1`, [racing.receiptId])).toHaveLength(
      1,
    );
    expect(await query(`SELECT quantity FROM inventory.stock_items WHERE id = $1`, [item.id])).toEqual([
      { quantity: '13.000' },
    ]);
  });

  it('refuses a line that matches no item without createMissingItems, naming it, and changes nothing', async () => {
    const known = await createItem();
    const lines = [line({ stockItemId: known.id }), line({ name: 'Nadec Laban 2L', sku: 'LABAN-NADEC-2L' })];
    const dto = receipt(lines, { supplierName: 'Nadec Trading' });
    const before = await snapshot();
    const refused = await failureOf(inventory.applyReceipt(dto, meta));
    expect(refused).toMatchObject({ code: 'INVENTORY_RECEIPT_LINE_UNMATCHED', status: 400 });
    expect(refused.details).toMatchObject({ line: 1, fields: [{ field: 'lines.1' }] });
    expect(refused.message).toContain('Nadec Laban 2L');
    expect(await snapshot()).toEqual(before);

    // The refusal did not use up the receipt id: asked to, the same receipt creates the item.
    const applied = await inventory.applyReceipt(
      {
        ...dto,
        createMissingItems: true,
        lines: [lines[0]!, { ...lines[1]!, nameAr: 'لبن نادك', sellingPrice: '9.00' }],
      },
      meta,
    );
    expect(applied.repeated).toBe(false);
    const created = await query(
      `SELECT id, name, name_ar, sku, quantity, unit, cost_price, selling_price FROM inventory.stock_items
        WHERE sku = 'LABAN-NADEC-2L'`,
    );
    expect(created).toEqual([
      {
        id: applied.lines[1]!.stockItemId,
        name: 'Nadec Laban 2L',
        name_ar: 'لبن نادك',
        sku: 'LABAN-NADEC-2L',
        quantity: '24.000',
        unit: 'carton',
        cost_price: '5.55',
        selling_price: '9.00',
      },
    ]);
  });

  it('creates an item without a SKU or selling price from the line: a generated SKU, the unit price to sell at', async () => {
    const dto = receipt([line({ name: 'Dates Sukkari 3kg', unit: 'box', unitPrice: '31.50' })], {
      createMissingItems: true,
    });
    const result = await inventory.applyReceipt(dto, meta);
    const [item] = await query<{ sku: string; selling_price: string; cost_price: string; unit: string }>(
      `SELECT sku, selling_price, cost_price, unit FROM inventory.stock_items WHERE id = $1`,
      [result.lines[0]!.stockItemId],
    );
    expect(item).toEqual({
      sku: `${dto.receiptId.slice(0, 8).toUpperCase()}-1`,
      selling_price: '31.50',
      cost_price: '31.50',
      unit: 'box',
    });
  });

  it('refuses a stockItemId that names no item, naming the line', async () => {
    const refused = await failureOf(inventory.applyReceipt(receipt([line({ stockItemId: randomUUID() })]), meta));
    expect(refused).toMatchObject({ code: 'INVENTORY_RECEIPT_LINE_UNMATCHED', status: 400 });
    expect(refused.details).toMatchObject({ line: 0, fields: [{ field: 'lines.0.stockItemId' }] });
  });

  it('refuses a batch that expires before it was made, naming the line', async () => {
    const item = await createItem();
    const refused = await failureOf(
      inventory.applyReceipt(
        receipt([
          line({ stockItemId: item.id }),
          line({ stockItemId: item.id, expiryDate: addDays(today, 1), manufactureDate: addDays(today, 2) }),
        ]),
        meta,
      ),
    );
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(refused.details).toEqual({
      fields: [
        { field: 'lines.1.expiryDate', messages: ['lines.1.expiryDate must not be before lines.1.manufactureDate'] },
      ],
    });
  });

  it('finds the supplier by name case-insensitively, or creates it', async () => {
    const item = await createItem();
    const first = await inventory.applyReceipt(
      receipt([line({ stockItemId: item.id })], { supplierName: 'Al Rabie Saudi Foods' }),
      meta,
    );
    const second = await inventory.applyReceipt(
      receipt([line({ stockItemId: item.id })], { supplierName: 'AL RABIE saudi foods' }),
      meta,
    );
    expect(second.supplierId).toBe(first.supplierId);
    expect(await query(`SELECT name FROM inventory.suppliers WHERE lower(name) = 'al rabie saudi foods'`)).toEqual([
      { name: 'Al Rabie Saudi Foods' },
    ]);
    const other = await inventory.applyReceipt(
      receipt([line({ stockItemId: item.id })], { supplierName: 'Savola Foods' }),
      meta,
    );
    expect(other.supplierId).not.toBe(first.supplierId);
  });

  it('hands billing the supplier-invoice job once, under the receipt id', async () => {
    // Counted in kg, bought in bags of 5 kg too (CONTRACT §10): the invoice keeps what was printed.
    const item = await createItem({ nameAr: 'أرز', unit: 'kg', packs: [{ unit: 'bag', factor: 5 }] });
    const dto = receipt(
      [
        line({ stockItemId: item.id, name: 'Basmati 5kg', quantity: 3, unit: 'bag', unitPrice: '10.05' }),
        line({ stockItemId: item.id, name: 'Basmati 1kg', quantity: 0.125, unit: 'kg', unitPrice: '0.20' }),
      ],
      {
        supplierName: 'Abu Kass Trading',
        invoiceNumber: 'AK-7781',
        invoiceDate: addDays(today, -1),
        uploadedFileUrl: '/api/files/intake/2026/0b6f3c1e-5a7d-4e8b-9c2f-1d3e5f7a9b0c.pdf',
      },
    );
    const result = await inventory.applyReceipt(dto, meta);
    await inventory.applyReceipt(dto, meta);

    const jobId = supplierInvoiceJobId(dto.receiptId);
    // Staged with the receipt in its transaction, once (the repeat finds it), then sent by the relay.
    await outboxSent(environment.database, 'inventory');
    expect(await query(`SELECT queue, job_name, attempts FROM inventory.outbox WHERE job_id = $1`, [jobId])).toEqual([
      { queue: QueueName.InvoiceCreate, job_name: JobName.SupplierInvoice, attempts: 1 },
    ]);
    const job = await invoiceQueue.getJob(jobId);
    expect(job?.name).toBe(JobName.SupplierInvoice);
    // Long enough to outlive an outage of orders or identity, which billing reads (invoiceCreateJobOptions).
    expect(job?.opts).toMatchObject(invoiceCreateJobOptions);
    expect(job?.data).toEqual({
      meta,
      data: {
        receiptId: dto.receiptId,
        supplierId: result.supplierId,
        supplierName: 'Abu Kass Trading',
        invoiceNumber: 'AK-7781',
        invoiceDate: addDays(today, -1),
        lines: [
          {
            stockItemId: item.id,
            name: 'Basmati 5kg',
            nameAr: 'أرز',
            quantity: 3,
            unit: 'bag',
            unitPrice: '10.05',
            lineTotal: '30.15',
          },
          {
            stockItemId: item.id,
            name: 'Basmati 1kg',
            nameAr: 'أرز',
            quantity: 0.125,
            unit: 'kg',
            unitPrice: '0.20',
            lineTotal: '0.03',
          },
        ],
        subtotal: '30.18',
        uploadedFileUrl: '/api/files/intake/2026/0b6f3c1e-5a7d-4e8b-9c2f-1d3e5f7a9b0c.pdf',
      },
    });
    const jobs = await invoiceQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    expect(jobs.filter((candidate) => candidate.data.data.receiptId === dto.receiptId)).toHaveLength(1);

    // Two ledger rows of one item in one receipt: one stock event, from before the first to after the last.
    const events = await query<{ data: Record<string, unknown> }>(
      `SELECT payload -> 'data' -> 'data' AS data FROM inventory.outbox
        WHERE queue = 'webhook-events' AND payload -> 'data' -> 'data' ->> 'productId' = $1`,
      [item.id],
    );
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ previousQuantity: 0, quantity: 15.125, reason: 'receipt' }),
    ]);
  });

  describe('lines in packs (CONTRACT §10)', () => {
    it('receives quantity × factor base units at the pack price / factor, and keeps the invoice as printed', async () => {
      const item = await createItem({
        unit: 'piece',
        quantity: 12,
        costPrice: '4.00',
        sellingPrice: '6.50',
        packs: [
          { unit: 'carton', factor: 12 },
          { unit: 'pallet', factor: 960, barcode: `PLT-${serial}` },
        ],
      });
      const dto = receipt([
        line({ stockItemId: item.id, quantity: 5, unit: 'ctn' as 'carton', unitPrice: '60.00', batchNumber: 'C-1' }),
      ]);
      const result = await inventory.applyReceipt(dto, meta);
      // 5 cartons of 12 at 60.00 a carton: 60 pieces at 5.00; (12 × 4.00 + 60 × 5.00) / 72 = 4.83.
      expect(result.lines).toEqual([
        { stockItemId: item.id, batchId: expect.any(String), quantity: 60, newCostPrice: '4.83' },
      ]);
      expect(
        await query(`SELECT quantity, received_quantity FROM inventory.stock_batches WHERE id = $1`, [
          result.lines[0]!.batchId,
        ]),
      ).toEqual([{ quantity: '60.000', received_quantity: '60.000' }]);
      expect(await query(`SELECT quantity, cost_price FROM inventory.stock_items WHERE id = $1`, [item.id])).toEqual([
        { quantity: '72.000', cost_price: '4.83' },
      ]);
      expect(
        await query(`SELECT unit_price FROM inventory.price_history WHERE receipt_id = $1`, [dto.receiptId]),
      ).toEqual([{ unit_price: '5.00' }]);
      await outboxSent(environment.database, 'inventory');
      const job = await invoiceQueue.getJob(supplierInvoiceJobId(dto.receiptId));
      expect(job?.data.data.lines).toEqual([
        expect.objectContaining({ quantity: 5, unit: 'carton', unitPrice: '60.00', lineTotal: '300.00' }),
      ]);
    });

    it('refuses a line in a unit the item is neither counted nor sold in, naming its units, and changes nothing', async () => {
      const item = await createItem({ unit: 'piece', packs: [{ unit: 'carton', factor: 24 }] });
      const before = await snapshot();
      const refused = await failureOf(
        inventory.applyReceipt(receipt([line({ stockItemId: item.id, quantity: 2, unit: 'dozen' })]), meta),
      );
      expect(refused).toMatchObject({ code: 'INVENTORY_UNIT_NOT_SOLD', status: 400 });
      expect(refused.details).toMatchObject({ line: 0, units: ['piece', 'carton'] });
      expect(refused.message).toMatch(/counted in piece and sold in carton, not dozen/);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses to create an item counted in a pack unit', async () => {
      const refused = await failureOf(
        inventory.applyReceipt(
          receipt([line({ name: 'Tissues 10 packs', sku: `NEW-${serial}`, unit: 'pack' })], {
            createMissingItems: true,
          }),
          meta,
        ),
      );
      expect(refused).toMatchObject({ code: 'INVENTORY_UNIT_NOT_SOLD', status: 400 });
      expect(refused.message).toMatch(/would create an item counted in pack/);
    });
  });
});
