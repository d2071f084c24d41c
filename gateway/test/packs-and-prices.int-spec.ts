import type {
  ClientDto,
  GeneratedInvoiceDto,
  OrderDto,
  OrderItemDto,
  OrderQuoteDto,
  PriceListDto,
  StockItemDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

function pdfText(pdf: Buffer): string {
  // pdftotext marks the direction of every run with bidi controls: gone, the text reads as laid out.
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u202a-\u202e]/g, '');
}

/**
 * CONTRACT §10 through the gateway on the real services and PostgreSQL: a carton sold as a
 * carton (issue 17). Stock stays in base units; lines name a unit the item has; prices come from
 * the client's price list, else the pack, else the item.
 */
describe('packs, units and price lists', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let serial = 0;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  /** Milk counted by the bottle, sold by the carton of 12 (at 75.00, below 12 × 6.50) and the pallet of 960. */
  async function milk(
    quantity = 0,
    batches: Array<{ quantity: number; expiryDate: string }> = [],
  ): Promise<StockItemDto> {
    serial += 1;
    const created = await owner.post('/api/stock', {
      name: `Almarai Fresh Milk 1L ${serial}`,
      nameAr: 'حليب المراعي طازج 1 لتر',
      sku: `MILK-${serial}`,
      unit: 'piece',
      quantity,
      costPrice: '5.00',
      sellingPrice: '6.50',
      packs: [
        { unit: 'carton', factor: 12, sellingPrice: '75.00', barcode: `6281007${serial}0012` },
        { unit: 'pallet', factor: 960 },
      ],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const item = await json<StockItemDto>(created);
    for (const [index, batch] of batches.entries()) {
      const receipt = await owner.post('/api/stock/receipts', {
        receiptId: randomUUID(),
        supplierName: 'Almarai Company',
        invoiceNumber: `ALM-${serial}-${index}`,
        invoiceDate: '2026-11-20',
        lines: [
          {
            stockItemId: item.id,
            name: item.name,
            quantity: batch.quantity,
            unit: 'piece',
            unitPrice: '5.00',
            batchNumber: `B${index}`,
            expiryDate: batch.expiryDate,
          },
        ],
      });
      expect(receipt.status, await receipt.clone().text()).toBe(201);
    }
    return json<StockItemDto>(await owner.get(`/api/stock/${item.id}`));
  }

  async function client(priceListId?: string): Promise<ClientDto> {
    serial += 1;
    const created = await owner.post('/api/clients', {
      name: `Tamimi Markets ${serial}`,
      ...(priceListId ? { priceListId } : {}),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    return json<ClientDto>(created);
  }

  async function order(clientId: string, items: Array<Record<string, unknown>>): Promise<OrderDto> {
    const created = await owner.post('/api/orders/manual', { clientName: 'ignored for an id', clientId, items });
    expect(created.status, await created.clone().text()).toBe(201);
    return json<OrderDto>(created);
  }

  const stockOf = async (id: string): Promise<number> =>
    Number(
      (await query<{ quantity: string }>('SELECT quantity FROM inventory.stock_items WHERE id = $1', [id]))[0]!
        .quantity,
    );

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('stock items with packs', () => {
    it('answers each pack with its factor and the price it sells at: its own, else factor × the item’s', async () => {
      const item = await milk();
      expect(item.packs).toEqual([
        {
          unit: 'carton',
          factor: 12,
          sellingPrice: '75.00',
          price: '75.00',
          barcode: expect.stringMatching(/^6281007/),
        },
        { unit: 'pallet', factor: 960, sellingPrice: null, price: '6240.00', barcode: null },
      ]);
      // A new base price moves the packs without a price of their own.
      const repriced = await json<StockItemDto>(await owner.patch(`/api/stock/${item.id}`, { sellingPrice: '7.00' }));
      expect(repriced.packs.map((pack) => pack.price)).toEqual(['75.00', '6720.00']);
      // PATCH with packs replaces them all; the partner API answers them too.
      const replaced = await owner.patch(`/api/stock/${item.id}`, { packs: [{ unit: 'ctn', factor: '24' }] });
      expect((await json<StockItemDto>(replaced)).packs).toEqual([
        { unit: 'carton', factor: 24, sellingPrice: null, price: '168.00', barcode: null },
      ]);
    });

    it('refuses a factor of 0 or less, a unit twice, a pack named like the base unit, an unknown pack unit, a barcode twice', async () => {
      const item = await milk();
      const cases: Array<[unknown, RegExp]> = [
        [[{ unit: 'carton', factor: 0 }], /factor must be greater than 0/],
        [[{ unit: 'carton', factor: -12 }], /factor must be greater than 0/],
        [
          [
            { unit: 'carton', factor: 12 },
            { unit: 'CTN', factor: 24 },
          ],
          /packs\.1\.unit carton is given twice/,
        ],
        [[{ unit: 'piece', factor: 1 }], /unit must be one of the pack units/],
        [[{ unit: 'drum', factor: 200 }], /unit must be one of the pack units/],
      ];
      for (const [packs, message] of cases) {
        const refused = await owner.patch(`/api/stock/${item.id}`, { packs });
        expect(refused.status, JSON.stringify(packs)).toBe(400);
        expect((await json(refused)).message).toMatch(message);
      }
      const box = await owner.post('/api/stock', {
        name: 'Tissues',
        sku: `TIS-${serial}`,
        unit: 'box',
        packs: [{ unit: 'box', factor: 1 }],
      });
      expect(box.status).toBe(400);
      expect((await json(box)).message).toMatch(/must differ from the item's unit \(box\)/);
      const taken = await owner.patch(`/api/stock/${(await milk()).id}`, {
        packs: [{ unit: 'carton', factor: 12, barcode: item.packs[0]!.barcode }],
      });
      expect(taken.status).toBe(409);
      expect(await json(taken)).toMatchObject({ code: 'INVENTORY_BARCODE_TAKEN' });
      // Nothing changed on the refused item.
      expect((await json<StockItemDto>(await owner.get(`/api/stock/${item.id}`))).packs).toHaveLength(2);
    });
  });

  describe('orders in packs', () => {
    it('takes 5 cartons of 12 as 60 base units, earliest expiry first across batches, and a cancel puts the 60 back', async () => {
      const item = await milk(0, [
        { quantity: 50, expiryDate: '2027-03-01' },
        { quantity: 40, expiryDate: '2027-01-15' },
      ]);
      expect(await stockOf(item.id)).toBe(90);
      const buyer = await client();
      const placed = await order(buyer.id, [
        { itemName: item.name, quantity: 5, unit: 'carton', stockItemId: item.id },
      ]);
      // The carton's own price: 5 × 75.00, not 5 × 6.50.
      expect(placed.totalAmount).toBe('375.00');
      const [line] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${placed.id}/items`));
      expect(line).toMatchObject({
        unit: 'carton',
        quantity: 5,
        unitFactor: 12,
        baseQuantity: 60,
        baseUnit: 'piece',
        unitPrice: '75.00',
      });

      expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
      expect(await stockOf(item.id)).toBe(30);
      const batches = await query<{ batch_number: string; quantity: string }>(
        'SELECT batch_number, quantity FROM inventory.stock_batches WHERE stock_item_id = $1 ORDER BY expiry_date',
        [item.id],
      );
      // FEFO: the January batch (40) first, then 20 of the March one.
      expect(batches.map((batch) => [batch.batch_number, Number(batch.quantity)])).toEqual([
        ['B1', 0],
        ['B0', 30],
      ]);
      const moved = await query<{ quantity_change: string }>(
        `SELECT quantity_change FROM inventory.stock_updates WHERE stock_item_id = $1 AND reason = 'order' ORDER BY created_at`,
        [item.id],
      );
      expect(moved.map((row) => Number(row.quantity_change))).toEqual([-60]);

      expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'cancelled' })).status).toBe(200);
      expect(await stockOf(item.id)).toBe(90);
    });

    it('prices a line without a price from the client’s list, else the pack, and applies a line discount', async () => {
      const item = await milk();
      const listed = await owner.post('/api/price-lists', {
        name: `Wholesale ${serial}`,
        items: [
          { stockItemId: item.id, unit: 'carton', price: '70.00' },
          { stockItemId: item.id, unit: 'piece', price: '6.10' },
        ],
      });
      expect(listed.status, await listed.clone().text()).toBe(201);
      const list = await json<PriceListDto>(listed);
      const wholesale = await client(list.id);
      const retail = await client();

      const atList = await order(wholesale.id, [
        { itemName: item.name, quantity: 5, unit: 'carton', stockItemId: item.id, discountPercent: 10 },
        { itemName: item.name, quantity: 3, stockItemId: item.id },
        { itemName: item.name, quantity: 1, unit: 'pallet', stockItemId: item.id },
      ]);
      // 5 × 70.00 × 0.9 = 315.00; 3 × 6.10 = 18.30; a pallet is not on the list: 960 × 6.50 = 6240.00.
      expect(atList.totalAmount).toBe('6573.30');
      const lines = await json<OrderItemDto[]>(await owner.get(`/api/orders/${atList.id}/items`));
      expect(lines.map((line) => [line.unit, line.unitPrice, line.discountPercent, line.totalPrice])).toEqual([
        ['carton', '70.00', 10, '315.00'],
        ['piece', '6.10', 0, '18.30'],
        ['pallet', '6240.00', 0, '6240.00'],
      ]);
      const atPack = await order(retail.id, [
        { itemName: item.name, quantity: 5, unit: 'carton', stockItemId: item.id },
      ]);
      expect(atPack.totalAmount).toBe('375.00');
      // A price sent is the price.
      const sent = await order(wholesale.id, [
        { itemName: item.name, quantity: 2, unit: 'carton', unitPrice: '72.50', stockItemId: item.id },
      ]);
      expect(sent.totalAmount).toBe('145.00');

      // The quote says the same, with where each price comes from, before any order exists.
      const quote = await json<OrderQuoteDto>(
        await owner.post('/api/orders/quote', {
          clientId: wholesale.id,
          lines: [{ stockItemId: item.id, unit: 'ctn', quantity: 5 }],
        }),
      );
      expect(quote).toMatchObject({ priceListId: list.id, priceListName: list.name });
      expect(quote.lines[0]).toMatchObject({
        unit: 'carton',
        unitFactor: 12,
        baseQuantity: 60,
        unitPrice: '70.00',
        priceSource: 'price_list',
      });
      expect(quote.lines[0]!.units).toEqual([
        { unit: 'piece', factor: 1, price: '6.10', priceSource: 'price_list' },
        { unit: 'carton', factor: 12, price: '70.00', priceSource: 'price_list' },
        { unit: 'pallet', factor: 960, price: '6240.00', priceSource: 'pack' },
      ]);
    });

    it('prints the unit as sold with its base quantity on the invoice', async () => {
      const item = await milk(0, [{ quantity: 120, expiryDate: '2027-06-01' }]);
      const placed = await order((await client()).id, [
        { itemName: item.name, quantity: 5, unit: 'carton', stockItemId: item.id },
      ]);
      expect((await owner.patch(`/api/orders/${placed.id}/status`, { status: 'confirmed' })).status).toBe(200);
      const invoice = await json<GeneratedInvoiceDto>(await owner.post(`/api/orders/${placed.id}/generate-invoice`));
      const download = await owner.get(invoice.pdfUrl);
      const body = Buffer.from(await download.arrayBuffer());
      expect({ status: download.status, start: body.subarray(0, 200).toString() }).toMatchObject({ status: 200 });
      const text = pdfText(body);
      expect(text).toMatch(/5\s+carton\s+75\.00\s+375\.00/);
      expect(text).toMatch(/= 60\s+كرتون/);
      expect(text).toMatch(/حبة piece/);
      expect(text).toContain('431.25'); // 375.00 + 15 % VAT
    });

    it('refuses a unit the item has not with 400 naming its units, a discount outside 0–100, and a new unit without its quantity', async () => {
      const item = await milk();
      const buyer = await client();
      const dozen = await owner.post('/api/orders/manual', {
        clientName: 'x',
        clientId: buyer.id,
        items: [{ itemName: item.name, quantity: 2, unit: 'dozen', stockItemId: item.id }],
      });
      expect(dozen.status).toBe(400);
      expect(await json(dozen)).toMatchObject({
        code: 'INVENTORY_UNIT_NOT_SOLD',
        message: expect.stringMatching(/sold in piece, carton, pallet, not dozen/),
        details: { units: ['piece', 'carton', 'pallet'] },
      });
      for (const discountPercent of [-1, 100.5, '101', 'ten']) {
        const refused = await owner.post('/api/orders/manual', {
          clientName: 'x',
          items: [{ itemName: item.name, quantity: 1, stockItemId: item.id, discountPercent }],
        });
        expect(refused.status, String(discountPercent)).toBe(400);
        expect((await json(refused)).message).toMatch(/discountPercent/);
      }
      const unlinkedWithoutPrice = await owner.post('/api/orders/manual', {
        clientName: 'x',
        items: [{ itemName: 'Loose dates', quantity: 1 }],
      });
      expect(unlinkedWithoutPrice.status).toBe(400);
      expect((await json(unlinkedWithoutPrice)).message).toMatch(/unitPrice is needed for a line not linked/);

      const placed = await order(buyer.id, [
        { itemName: item.name, quantity: 2, unit: 'carton', stockItemId: item.id },
      ]);
      const [line] = await json<OrderItemDto[]>(await owner.get(`/api/orders/${placed.id}/items`));
      const silent = await owner.patch(`/api/orders/${placed.id}/items/${line!.id}`, { unit: 'piece' });
      expect(silent.status).toBe(400);
      expect((await json(silent)).message).toMatch(/quantity is needed with a new unit: the line holds 2 carton/);
      // With its quantity, a new unit is priced again: 24 pieces at 6.50.
      const converted = await owner.patch(`/api/orders/${placed.id}/items/${line!.id}`, {
        unit: 'piece',
        quantity: 24,
      });
      expect(converted.status).toBe(200);
      expect(await json(converted)).toMatchObject({
        unit: 'piece',
        quantity: 24,
        baseQuantity: 24,
        unitPrice: '6.50',
        totalPrice: '156.00',
      });
      expect((await json<OrderDto>(await owner.get(`/api/orders/${placed.id}`))).totalAmount).toBe('156.00');
    });
  });

  describe('the partner API', () => {
    it('answers products with their packs and takes order lines in a pack, priced as the screens price them', async () => {
      const item = await milk();
      const created = await owner.post('/api/api-keys', {
        name: `POS ${serial}`,
        permissions: ['products:read', 'orders:write'],
      });
      const { key } = await json<{ key: string }>(created);
      const call = (method: string, path: string, body?: unknown): Promise<Response> =>
        stack.fetch(path, {
          method,
          headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const products = await json<{ data: unknown[] }>(
        await call('GET', `/api/v1/products?search=${encodeURIComponent(item.sku)}`),
      );
      // The product page is read its own way (one statement, no entities): the same values as the item.
      const { id, name, nameAr, sku, quantity, unit, costPrice, sellingPrice, lowStockThreshold, packs, updatedAt } =
        item;
      expect(products.data).toEqual([
        { id, name, nameAr, sku, quantity, unit, costPrice, sellingPrice, lowStockThreshold, packs, updatedAt },
      ]);
      const ordered = await call('POST', '/api/v1/orders', {
        clientName: 'Web shop',
        items: [{ name: item.name, quantity: 2, unit: 'ctn', stockItemId: item.id }],
      });
      expect(ordered.status, await ordered.clone().text()).toBe(201);
      expect(await json(ordered)).toMatchObject({ success: true, data: { totalAmount: '150.00' } });
      const refused = await call('POST', '/api/v1/orders', {
        clientName: 'Web shop',
        items: [{ name: item.name, quantity: 2, unit: 'dozen', stockItemId: item.id }],
      });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({
        success: false,
        code: 'INVENTORY_UNIT_NOT_SOLD',
        error: expect.stringMatching(/sold in piece, carton, pallet, not dozen/),
      });
    });
  });

  describe('price lists', () => {
    it('refuses a price for a missing item, naming it, a unit the item is not sold in, a name twice, and deleting a list in use', async () => {
      const item = await milk();
      const missing = randomUUID();
      const refused = await owner.post('/api/price-lists', {
        name: `Retail ${serial}`,
        items: [
          { stockItemId: missing, unit: 'piece', price: '1.00' },
          { stockItemId: item.id, unit: 'dozen', price: '70.00' },
        ],
      });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({
        message: `items.0: no stock item ${missing}`,
        details: { missingStockItemIds: [missing] },
      });
      expect(
        JSON.stringify(
          await json(
            await owner.post('/api/price-lists', {
              name: `Retail ${serial}`,
              items: [{ stockItemId: item.id, unit: 'dozen', price: '1' }],
            }),
          ),
        ),
      ).toMatch(/sold in piece, carton, pallet, not dozen/);
      const list = await json<PriceListDto>(
        await owner.post('/api/price-lists', { name: `HORECA ${serial}`, items: [] }),
      );
      const twice = await owner.post('/api/price-lists', { name: `horeca ${serial}`, items: [] });
      expect(twice.status).toBe(409);
      expect(await json(twice)).toMatchObject({ code: 'INVENTORY_PRICE_LIST_NAME_TAKEN' });

      const buyer = await client(list.id);
      const inUse = await owner.delete(`/api/price-lists/${list.id}`);
      expect(inUse.status).toBe(409);
      expect(await json(inUse)).toMatchObject({ code: 'INVENTORY_PRICE_LIST_IN_USE', details: { clients: 1 } });
      expect((await owner.patch(`/api/clients/${buyer.id}`, { priceListId: null })).status).toBe(200);
      expect((await owner.delete(`/api/price-lists/${list.id}`)).status).toBe(204);
      expect((await owner.get(`/api/price-lists/${list.id}`)).status).toBe(404);
      const stale = await owner.patch(`/api/clients/${buyer.id}`, { priceListId: list.id });
      expect(stale.status).toBe(400);
      expect((await json(stale)).message).toMatch(/priceListId names no price list/);
    });

    it('drops a list’s prices in a unit its item stops being sold in', async () => {
      const item = await milk();
      const list = await json<PriceListDto>(
        await owner.post('/api/price-lists', {
          name: `Catering ${serial}`,
          items: [
            { stockItemId: item.id, unit: 'carton', price: '71.00' },
            { stockItemId: item.id, unit: 'pallet', price: '5900.00' },
          ],
        }),
      );
      expect(list.itemCount).toBe(2);
      await owner.patch(`/api/stock/${item.id}`, { packs: [{ unit: 'carton', factor: 12 }] });
      const after = await json<PriceListDto>(await owner.get(`/api/price-lists/${list.id}`));
      expect(after.items!.map((price) => [price.unit, price.price, price.itemName])).toEqual([
        ['carton', '71.00', item.name],
      ]);
      const lists = await json<PriceListDto[]>(await owner.get('/api/price-lists'));
      expect(lists.find((entry) => entry.id === list.id)).toMatchObject({ itemCount: 1 });
    });
  });
});
