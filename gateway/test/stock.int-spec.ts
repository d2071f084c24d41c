import type { ExpiringBatchDto, Permission, StockItemDto, StockMovementDto, UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@erp/common';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const today = businessDate('Asia/Riyadh');
let serial = 0;

function newItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return { name: `Chickpeas ${serial}`, sku: `CHK-${serial}`, unit: 'kg', ...overrides };
}

describe('stock through the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let ownerUser: UserDto;
  let users = 0;

  const query = <T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> =>
    stack.environment.database.query<T>(sql, params);

  /** A signed-in staff user created by the owner with exactly these permissions. */
  async function staff(permissions: Permission[]): Promise<{ http: HttpClient; user: UserDto }> {
    users += 1;
    const username = `storekeeper${users}`;
    const created = await owner.post('/api/users', {
      username,
      password: 'storekeeper-password',
      email: `${username}@alnoor.example`,
      fullName: `Storekeeper ${users}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, 'storekeeper-password')).status).toBe(200);
    return { http, user: await json<UserDto>(created) };
  }

  async function create(body: Record<string, unknown>, as: HttpClient = owner): Promise<StockItemDto> {
    const response = await as.post('/api/stock', body);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<StockItemDto>(response);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    const login = await owner.login('owner', TEST_OWNER_PASSWORD);
    expect(login.status).toBe(200);
    ownerUser = await json<UserDto>(login);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('creating items', () => {
    it('answers 201 with decimal prices as strings, fractional kg, and records the initial quantity', async () => {
      const item = await create({
        name: 'Basmati Rice',
        nameAr: 'أرز بسمتي',
        sku: 'RICE-BAS-5',
        quantity: 12.75,
        unit: 'kg',
        costPrice: 12.5,
        sellingPrice: '15.75',
        lowStockThreshold: '2.5',
      });
      expect(item).toMatchObject({
        name: 'Basmati Rice',
        nameAr: 'أرز بسمتي',
        sku: 'RICE-BAS-5',
        quantity: 12.75,
        unit: 'kg',
        costPrice: '12.50',
        sellingPrice: '15.75',
        lowStockThreshold: 2.5,
        status: 'in_stock',
        batchNumber: null,
        expiryDate: null,
      });
      const rows = await query(`SELECT quantity, cost_price, selling_price FROM inventory.stock_items WHERE id = $1`, [
        item.id,
      ]);
      expect(rows).toEqual([{ quantity: '12.750', cost_price: '12.50', selling_price: '15.75' }]);
      const ledger = await query(
        `SELECT batch_id, quantity_change, new_quantity, reason, created_by FROM inventory.stock_updates
          WHERE stock_item_id = $1`,
        [item.id],
      );
      expect(ledger).toEqual([
        {
          batch_id: null,
          quantity_change: '12.750',
          new_quantity: '12.750',
          reason: 'initial',
          created_by: ownerUser.id,
        },
      ]);
    });

    it('defaults the threshold to 10 and prices to 0, understands unit spellings, and records no empty initial stock', async () => {
      const item = await create(newItem({ unit: 'KG', nameAr: '' }));
      expect(item).toMatchObject({
        quantity: 0,
        unit: 'kg',
        nameAr: null,
        costPrice: '0.00',
        sellingPrice: '0.00',
        lowStockThreshold: 10,
        status: 'low',
      });
      expect((await create(newItem({ unit: 'liter' }))).unit).toBe('L');
      expect(await query('SELECT id FROM inventory.stock_updates WHERE stock_item_id = $1', [item.id])).toEqual([]);
    });

    it('makes the initial quantity the first batch when batch details are given', async () => {
      const item = await create(
        newItem({
          quantity: 40,
          batchNumber: 'LOT-2291',
          expiryDate: addDays(today, 60),
          manufactureDate: addDays(today, -30),
        }),
      );
      expect(item).toMatchObject({
        quantity: 40,
        batchNumber: 'LOT-2291',
        expiryDate: addDays(today, 60),
        manufactureDate: addDays(today, -30),
      });
      const batches = await query<{ id: string }>(
        `SELECT id, batch_number, quantity, received_quantity, expiry_date::text, manufacture_date::text
           FROM inventory.stock_batches WHERE stock_item_id = $1`,
        [item.id],
      );
      expect(batches).toEqual([
        {
          id: expect.any(String),
          batch_number: 'LOT-2291',
          quantity: '40.000',
          received_quantity: '40.000',
          expiry_date: addDays(today, 60),
          manufacture_date: addDays(today, -30),
        },
      ]);
      const ledger = await query('SELECT batch_id, reason FROM inventory.stock_updates WHERE stock_item_id = $1', [
        item.id,
      ]);
      expect(ledger).toEqual([{ batch_id: batches[0]!.id, reason: 'initial' }]);
    });

    it('applies the stock form rules with the spec’s messages, 400 naming the field, and stores nothing', async () => {
      const before = await query('SELECT count(*) FROM inventory.stock_items');
      const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
        [newItem({ name: undefined }), 'name', /^name /],
        [newItem({ name: '   ' }), 'name', 'name should not be empty'],
        [newItem({ sku: '' }), 'sku', 'sku should not be empty'],
        [newItem({ unit: undefined }), 'unit', /^unit /],
        [newItem({ unit: 'gallon' }), 'unit', /^unit must be one of the following values: kg, g, L, ml, piece/],
        [newItem({ quantity: -1 }), 'quantity', 'Quantity must be at least 0'],
        [newItem({ costPrice: -0.01 }), 'costPrice', 'Cost price must be at least 0'],
        [newItem({ sellingPrice: '-5' }), 'sellingPrice', 'Selling price must be at least 0'],
        [newItem({ lowStockThreshold: -1 }), 'lowStockThreshold', 'Threshold must be at least 0'],
        [newItem({ quantity: 'ten' }), 'quantity', 'quantity must be a number'],
        [newItem({ quantity: null }), 'quantity', 'quantity must be a number'],
        [newItem({ costPrice: 1.234 }), 'costPrice', 'costPrice must have at most 2 decimal places'],
        [newItem({ quantity: '1.2345' }), 'quantity', 'quantity must have at most 3 decimal places'],
        [newItem({ expiryDate: '2026-02-30' }), 'expiryDate', 'expiryDate must be a date (YYYY-MM-DD)'],
        [newItem({ colour: 'red' }), 'colour', 'property colour should not exist'],
        [
          newItem({ expiryDate: '2026-01-01', manufactureDate: '2026-02-01' }),
          'expiryDate',
          'expiryDate must not be before manufactureDate',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await owner.post('/api/stock', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const error = await json<{ code: string; message: string; details: { fields: Array<{ field: string }> } }>(
          response,
        );
        expect(error.code).toBe('VALIDATION_FAILED');
        if (typeof message === 'string') expect(error.message).toBe(message);
        else expect(error.message).toMatch(message);
        expect(error.details.fields[0]?.field).toBe(field);
      }
      expect(await query('SELECT count(*) FROM inventory.stock_items')).toEqual(before);
    });

    it('refuses a duplicate SKU with 409 whatever its case, on create and on edit', async () => {
      const first = await create(newItem({ sku: 'DUP-SKU-1' }));
      const again = await owner.post('/api/stock', newItem({ sku: 'dup-sku-1' }));
      expect(again.status).toBe(409);
      expect(await json(again)).toMatchObject({ code: 'INVENTORY_SKU_TAKEN', details: { field: 'sku' } });

      const other = await create(newItem({ sku: 'DUP-SKU-2' }));
      const edit = await owner.patch(`/api/stock/${other.id}`, { sku: ' Dup-Sku-1 ' });
      expect(edit.status).toBe(409);
      expect(await json(edit)).toMatchObject({ code: 'INVENTORY_SKU_TAKEN' });
      // Its own SKU in another case is not a duplicate.
      const own = await owner.patch(`/api/stock/${first.id}`, { sku: 'Dup-Sku-1' });
      expect(own.status).toBe(200);
      expect((await json<StockItemDto>(own)).sku).toBe('Dup-Sku-1');
    });
  });

  describe('status', () => {
    it('is Low Stock at or below the threshold and In Stock above it', async () => {
      expect((await create(newItem({ quantity: 10 }))).status).toBe('low');
      expect((await create(newItem({ quantity: '10.001' }))).status).toBe('in_stock');
      const item = await create(newItem({ quantity: 3, lowStockThreshold: 3 }));
      expect(item.status).toBe('low');
      const raised = await owner.patch(`/api/stock/${item.id}`, { lowStockThreshold: 2 });
      expect((await json<StockItemDto>(raised)).status).toBe('in_stock');
    });
  });

  describe('the list', () => {
    it('answers a bare array by name, searches name, Arabic name and SKU, and pages with X-Total-Count', async () => {
      const c = await create(newItem({ name: 'Zaatar Mix C', sku: 'ZTR-003' }));
      const a = await create(newItem({ name: 'zaatar mix A', sku: 'ZTR-001' }));
      const b = await create(newItem({ name: 'Zaatar Mix B', sku: 'ZTR-002', nameAr: 'زعتر بلدي' }));
      const oil = await create(newItem({ name: '100% Olive Oil', sku: 'OLV-9', nameAr: 'زيت زيتون' }));
      const rice = await create(newItem({ name: 'Basmati Rice', sku: 'RICE-7', nameAr: 'أرزّ بسمتي مُمتاز' }));

      const all = await owner.get('/api/stock');
      expect(all.status).toBe(200);
      expect(all.headers.get('x-total-count')).toBeNull();
      const everything = await json<StockItemDto[]>(all);
      expect(Array.isArray(everything)).toBe(true);
      const names = everything.map((item) => item.name.toLowerCase());
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

      const byName = await json<StockItemDto[]>(await owner.get('/api/stock?search=ZAATAR'));
      expect(byName.map((item) => item.id)).toEqual([a.id, b.id, c.id]);
      expect(
        (await json<StockItemDto[]>(await owner.get(`/api/stock?search=${encodeURIComponent('زعتر')}`))).map(
          (item) => item.id,
        ),
      ).toEqual([b.id]);
      expect((await json<StockItemDto[]>(await owner.get('/api/stock?search=ztr-00'))).map((item) => item.id)).toEqual([
        a.id,
        b.id,
        c.id,
      ]);
      // % and _ are literal characters, not wildcards.
      expect((await json<StockItemDto[]>(await owner.get('/api/stock?search=%25'))).map((item) => item.id)).toEqual([
        oil.id,
      ]);
      expect(await json(await owner.get('/api/stock?search=ZTR_00'))).toEqual([]);

      // Arabic letter variants and tashkeel do not stand between a search and the name.
      for (const term of ['ارز بسمتي ممتاز', 'أرز بسمتى مُمتاز', 'ممتاز', 'مُمْتـاز']) {
        const found = await json<StockItemDto[]>(await owner.get(`/api/stock?search=${encodeURIComponent(term)}`));
        expect(
          found.map((item) => item.id),
          term,
        ).toEqual([rice.id]);
      }

      const first = await owner.get('/api/stock?search=zaatar&limit=2');
      expect(first.headers.get('x-total-count')).toBe('3');
      expect((await json<StockItemDto[]>(first)).map((item) => item.id)).toEqual([a.id, b.id]);
      const second = await owner.get('/api/stock?search=zaatar&limit=2&offset=2');
      expect(second.headers.get('x-total-count')).toBe('3');
      expect((await json<StockItemDto[]>(second)).map((item) => item.id)).toEqual([c.id]);
      const total = await owner.get('/api/stock?limit=1');
      expect(Number(total.headers.get('x-total-count'))).toBe(everything.length);
    });

    it('refuses a limit outside 1–5000 and a negative offset with 400 naming it; ignores parameters it does not know', async () => {
      const cases: Array<[string, string]> = [
        ['limit=5001', 'limit must not be greater than 5000'],
        ['limit=0', 'limit must not be less than 1'],
        ['limit=ten', 'limit must be an integer number'],
        ['offset=-1', 'offset must not be less than 0'],
        ['limit=5001&_=1764230400000', 'limit must not be greater than 5000'],
      ];
      for (const [search, message] of cases) {
        const response = await owner.get(`/api/stock?${search}`);
        expect(response.status, search).toBe(400);
        expect((await json(response)).message).toBe(message);
      }
      expect((await owner.get('/api/stock?limit=5000')).status).toBe(200);
      // CONTRACT §9: cache busters and tracking tags change nothing.
      expect((await owner.get('/api/stock?limit=5000&_=1764230400000&utm_source=x')).status).toBe(200);
    });
  });

  describe('editing and deleting', () => {
    it('records a manual change of quantity with who made it: out of unbatched stock first, then earliest expiry', async () => {
      const { http, user } = await staff(['stock:read', 'stock:write']);
      const item = await create(
        newItem({ quantity: 10, batchNumber: 'LATE', expiryDate: addDays(today, 20), unit: 'kg' }),
        http,
      );
      // A second batch that expires sooner, as a goods receipt will write it.
      await query(
        `INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date)
         VALUES ($1, 'SOON', 4, 4, $2)`,
        [item.id, addDays(today, 5)],
      );
      await query('UPDATE inventory.stock_items SET quantity = quantity + 4 WHERE id = $1', [item.id]);
      const batches = async (): Promise<Record<string, string>> =>
        Object.fromEntries(
          (
            await query<{ batch_number: string; quantity: string }>(
              'SELECT batch_number, quantity FROM inventory.stock_batches WHERE stock_item_id = $1',
              [item.id],
            )
          ).map((row) => [row.batch_number, row.quantity]),
        );

      const patch = async (body: Record<string, unknown>): Promise<StockItemDto> => {
        const response = await http.patch(`/api/stock/${item.id}`, body);
        expect(response.status).toBe(200);
        return json<StockItemDto>(response);
      };
      expect((await patch({ quantity: 16 })).quantity).toBe(16); // +2 unbatched
      expect(await batches()).toEqual({ LATE: '10.000', SOON: '4.000' });
      expect((await patch({ quantity: '15' })).quantity).toBe(15); // -1 from unbatched
      expect(await batches()).toEqual({ LATE: '10.000', SOON: '4.000' });
      const edited = await patch({ quantity: 11.5, name: 'Chickpeas (Kabuli)', sellingPrice: 9 });
      expect(edited).toMatchObject({ quantity: 11.5, name: 'Chickpeas (Kabuli)', sellingPrice: '9.00' });
      expect(await batches()).toEqual({ LATE: '10.000', SOON: '1.500' }); // 1 unbatched, then 2.5 from SOON
      expect(edited).toMatchObject({ batchNumber: 'SOON', expiryDate: addDays(today, 5) });

      const ledger = await query(
        `SELECT quantity_change, new_quantity, reason, created_by FROM inventory.stock_updates
          WHERE stock_item_id = $1 ORDER BY created_at`,
        [item.id],
      );
      expect(ledger).toEqual([
        { quantity_change: '10.000', new_quantity: '10.000', reason: 'initial', created_by: user.id },
        { quantity_change: '2.000', new_quantity: '16.000', reason: 'adjustment', created_by: user.id },
        { quantity_change: '-1.000', new_quantity: '15.000', reason: 'adjustment', created_by: user.id },
        { quantity_change: '-3.500', new_quantity: '11.500', reason: 'adjustment', created_by: user.id },
      ]);

      // The same quantity again is no adjustment.
      await patch({ quantity: '11.500', costPrice: '7.25' });
      expect(await query('SELECT id FROM inventory.stock_updates WHERE stock_item_id = $1', [item.id])).toHaveLength(4);
    });

    it('applies the form rules on edit and answers 404 for an unknown item', async () => {
      const item = await create(newItem());
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ quantity: -1 }, 'Quantity must be at least 0'],
        [{ name: '' }, 'name should not be empty'],
        [{ name: null }, 'name should not be empty'],
        [{ unit: 'crate' }, 'unit must be one of the following values: kg, g, L, ml, piece, box, carton, bag'],
        [{ sellingPrice: -1 }, 'Selling price must be at least 0'],
      ];
      for (const [body, message] of cases) {
        const response = await owner.patch(`/api/stock/${item.id}`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((await json(response)).message).toBe(message);
      }
      const unknown = await owner.patch('/api/stock/00000000-0000-4000-8000-000000000000', { name: 'Nothing' });
      expect(unknown.status).toBe(404);
      expect(await json(unknown)).toMatchObject({ code: 'INVENTORY_STOCK_ITEM_NOT_FOUND' });
      expect((await owner.patch('/api/stock/not-an-id', { name: 'Nothing' })).status).toBe(404);
    });

    it('deletes an item with its batches and ledger: 204, then 404', async () => {
      const item = await create(newItem({ quantity: 5, batchNumber: 'DEL-1', expiryDate: addDays(today, 9) }));
      const deleted = await owner.delete(`/api/stock/${item.id}`);
      expect(deleted.status).toBe(204);
      for (const table of ['stock_items', 'stock_batches', 'stock_updates']) {
        const column = table === 'stock_items' ? 'id' : 'stock_item_id';
        expect(await query(`SELECT 1 FROM inventory.${table} WHERE ${column} = $1`, [item.id]), table).toEqual([]);
      }
      const again = await owner.delete(`/api/stock/${item.id}`);
      expect(again.status).toBe(404);
      expect(await json(again)).toMatchObject({ code: 'INVENTORY_STOCK_ITEM_NOT_FOUND' });
    });
  });

  describe('access', () => {
    it('lets staff with stock:read see stock but not change it, and staff without it see nothing', async () => {
      const item = await create(newItem({ quantity: 2 }));
      const { http: reader } = await staff(['stock:read', 'orders:read']);
      expect((await reader.get('/api/stock')).status).toBe(200);
      expect((await reader.get('/api/stock/expiring?days=60')).status).toBe(200);
      for (const response of [
        await reader.post('/api/stock', newItem()),
        await reader.patch(`/api/stock/${item.id}`, { quantity: 0 }),
        await reader.delete(`/api/stock/${item.id}`),
      ]) {
        expect(response.status).toBe(403);
        expect(await json(response)).toMatchObject({ code: 'FORBIDDEN', details: { permission: 'stock:write' } });
      }
      expect(await query('SELECT quantity FROM inventory.stock_items WHERE id = $1', [item.id])).toEqual([
        { quantity: '2.000' },
      ]);

      const { http: outsider } = await staff(['orders:read']);
      expect((await outsider.get('/api/stock')).status).toBe(403);
      expect((await outsider.get('/api/stock/expiring')).status).toBe(403);
      expect((await new HttpClient(stack.baseUrl).get('/api/stock')).status).toBe(401);
    });
  });

  describe('expiring batches', () => {
    it('lists batches with stock left within 30, 60 and 90 days, expired ones first with negative days', async () => {
      const made: Record<string, StockItemDto> = {};
      for (const [label, days] of [
        ['expired', -2],
        ['d10', 10],
        ['d45', 45],
        ['d80', 80],
        ['d120', 120],
        ['empty', 5],
      ] as const) {
        made[label] = await create(
          newItem({
            name: `Labneh ${label}`,
            nameAr: 'لبنة',
            unit: 'box',
            quantity: 6,
            batchNumber: `LB-${label}`,
            expiryDate: addDays(today, days),
          }),
        );
      }
      // A batch with nothing left is not listed.
      await owner.patch(`/api/stock/${made.empty!.id}`, { quantity: 0 });
      const ours = new Set(Object.values(made).map((item) => item.id));
      const window = async (path: string): Promise<ExpiringBatchDto[]> => {
        const response = await owner.get(path);
        expect(response.status, path).toBe(200);
        return (await json<ExpiringBatchDto[]>(response)).filter((batch) => ours.has(batch.stockItemId));
      };

      const thirty = await window('/api/stock/expiring?days=30');
      expect(thirty.map((batch) => [batch.batchNumber, batch.daysUntilExpiry])).toEqual([
        ['LB-expired', -2],
        ['LB-d10', 10],
      ]);
      expect(thirty[1]).toEqual({
        id: expect.any(String),
        stockItemId: made.d10!.id,
        name: 'Labneh d10',
        nameAr: 'لبنة',
        batchNumber: 'LB-d10',
        quantity: 6,
        unit: 'box',
        packs: [],
        expiryDate: addDays(today, 10),
        daysUntilExpiry: 10,
      });
      expect(await window('/api/stock/expiring')).toEqual(thirty);
      expect((await window('/api/stock/expiring?days=60')).map((batch) => batch.batchNumber)).toEqual([
        'LB-expired',
        'LB-d10',
        'LB-d45',
      ]);
      expect((await window('/api/stock/expiring?days=90')).map((batch) => batch.batchNumber)).toEqual([
        'LB-expired',
        'LB-d10',
        'LB-d45',
        'LB-d80',
      ]);
      expect((await window('/api/stock/expiring?days=3650')).map((batch) => batch.batchNumber)).toContain('LB-d120');
    });

    it('refuses a window outside 1–3650 days with 400 naming days', async () => {
      const cases: Array<[string, string]> = [
        ['0', 'days must not be less than 1'],
        ['3651', 'days must not be greater than 3650'],
        ['-30', 'days must not be less than 1'],
        ['thirty', 'days must be an integer number'],
        ['7.5', 'days must be an integer number'],
      ];
      for (const [days, message] of cases) {
        const response = await owner.get(`/api/stock/expiring?days=${days}`);
        expect(response.status, days).toBe(400);
        expect(await json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      expect((await owner.get('/api/stock/expiring?days=1')).status).toBe(200);
    });
  });

  it('lists the stock ledger newest first with who, why and the quantity before and after, and exports it', async () => {
    const item = await create({ name: 'Ledger Dates 1kg', sku: 'LEDGER-DATES', unit: 'box', quantity: 10 });
    expect((await owner.patch(`/api/stock/${item.id}`, { quantity: '7.5' })).status).toBe(200);
    const clerk = await staff(['stock:read']);
    const response = await clerk.http.get(`/api/stock/movements?stockItemId=${item.id}&limit=10`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('2');
    const movements = await json<StockMovementDto[]>(response);
    expect(movements).toMatchObject([
      {
        stockItemId: item.id,
        sku: 'LEDGER-DATES',
        reason: 'adjustment',
        quantityBefore: 10,
        quantityChange: -2.5,
        quantityAfter: 7.5,
        createdBy: ownerUser.id,
        createdByName: ownerUser.fullName,
      },
      { reason: 'initial', quantityBefore: 0, quantityChange: 10, quantityAfter: 10, unit: 'box' },
    ]);
    const adjustments = await json<StockMovementDto[]>(
      await owner.get(`/api/stock/movements?search=ledger-dates&reason=adjustment`),
    );
    expect(adjustments.map((movement) => movement.quantityAfter)).toEqual([7.5]);
    const exported = await owner.request('GET', `/api/stock/movements?stockItemId=${item.id}&format=csv`, undefined, {
      'accept-language': 'ar',
    });
    expect(exported.status).toBe(200);
    const lines = Buffer.from(await exported.arrayBuffer())
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('السبب');
    expect(lines[1]).toContain('تعديل يدوي');
    expect(lines).toHaveLength(3);
    expect((await owner.get('/api/stock/movements?stockItemId=nope')).status).toBe(400);
    expect((await owner.get('/api/stock/movements?reason=theft')).status).toBe(400);
  });
});
