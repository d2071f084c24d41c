import { quantityJson, readEntities } from '@erp/common';
import { InventoryClient, ServiceName, type StockItemDto, type StockItemPageDto } from '@erp/contracts';
import { startTestService, testServiceClient, TestEnvironment } from '@erp/testing';
import type { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockBatchEntity } from '../src/batches/stock-batch.entity.js';
import { InventoryConfig } from '../src/inventory.config.js';
import { InventoryModule } from '../src/inventory.module.js';
import { StockPackEntity } from '../src/packs/stock-pack.entity.js';
import { StockItemEntity } from '../src/stock-items/stock-item.entity.js';

let environment: TestEnvironment;
let service: INestMicroservice;
let dataSource: DataSource;
let inventory: InventoryClient;
let closeClient: () => Promise<void>;

beforeAll(async () => {
  environment = await TestEnvironment.create([ServiceName.Inventory]);
  service = await startTestService(environment, ServiceName.Inventory, InventoryConfig, (config) =>
    InventoryModule.forRoot(config),
  );
  dataSource = service.get(DataSource);
  ({ client: inventory, close: closeClient } = testServiceClient(environment, ServiceName.Inventory, InventoryClient));
  await dataSource.query(`
    INSERT INTO inventory.stock_items (name, name_ar, sku, quantity, unit, cost_price, selling_price, low_stock_threshold)
    VALUES ('Nido Milk Powder 2.25kg', 'حليب نيدو ٢٫٢٥ كغ', 'NIDO-225', 12.5, 'piece', 61.25, 74.00, 6),
           ('Basmati Rice 5kg', NULL, 'RICE-5', -3.125, 'bag', 0, 0.05, 0)`);
  await dataSource.query(`
    INSERT INTO inventory.stock_item_packs (stock_item_id, unit, factor, selling_price, barcode)
    SELECT id, 'carton', 6, NULL, '6281234567890' FROM inventory.stock_items WHERE sku = 'NIDO-225'
    UNION ALL SELECT id, 'box', 2.5, 180.75, NULL FROM inventory.stock_items WHERE sku = 'NIDO-225'`);
  await dataSource.query(`
    INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date, manufacture_date)
    SELECT id, 'B-1', 10, 12, DATE '2027-01-31', DATE '2026-02-01' FROM inventory.stock_items WHERE sku = 'NIDO-225'
    UNION ALL SELECT id, NULL, 2.5, 2.5, NULL, NULL FROM inventory.stock_items WHERE sku = 'NIDO-225'`);
});

afterAll(async () => {
  await closeClient?.();
  await service?.close();
  await environment?.cleanup();
});

describe('readEntities', () => {
  it('gives what getMany gives: numerics as text, timestamps as dates, dates as YYYY-MM-DD, nulls kept', async () => {
    const items = () =>
      dataSource.getRepository(StockItemEntity).createQueryBuilder('item').orderBy('lower(item.name)').limit(10);
    const packs = () => dataSource.getRepository(StockPackEntity).createQueryBuilder('pack').orderBy('pack.factor');
    const batches = () =>
      dataSource.getRepository(StockBatchEntity).createQueryBuilder('batch').orderBy('batch.quantity', 'DESC');

    const read = await readEntities(items());
    expect(read).toEqual(await items().getMany());
    expect(read.map((item) => [item.sku, item.quantity, item.nameAr])).toEqual([
      ['RICE-5', '-3.125', null],
      ['NIDO-225', '12.500', 'حليب نيدو ٢٫٢٥ كغ'],
    ]);
    expect(read[0]).toBeInstanceOf(StockItemEntity);
    expect(read[0]!.updatedAt).toBeInstanceOf(Date);

    expect(await readEntities(packs())).toEqual(await packs().getMany());
    const readBatches = await readEntities(batches());
    expect(readBatches).toEqual(await batches().getMany());
    expect(readBatches.map((batch) => [batch.expiryDate, batch.manufactureDate])).toEqual([
      ['2027-01-31', '2026-02-01'],
      [null, null],
    ]);
  });

  it('refuses a builder with a join rather than read it wrongly', async () => {
    const joined = dataSource
      .getRepository(StockBatchEntity)
      .createQueryBuilder('batch')
      .innerJoin(StockItemEntity, 'item', 'item.id = batch.stock_item_id');
    await expect(readEntities(joined)).rejects.toThrow(/without joins/);
  });
});

describe('the stock list total', () => {
  const meta = { requestId: 'stock-list-total' };
  const total = async (search: string, status?: 'low' | 'in_stock') =>
    (await inventory.listStockItems({ search, limit: 1, offset: 0, ...(status ? { status } : {}) }, meta)).total;

  it('stays exact while counts are kept: items added, renamed, deleted, restocked', async () => {
    expect(await total('nido')).toBe(1);
    expect(await total('nido')).toBe(1);
    await dataSource.query(`
      INSERT INTO inventory.stock_items (name, sku, quantity, unit, cost_price, selling_price, low_stock_threshold)
      VALUES ('Nido Fortified 400g', 'NIDO-400', 3, 'piece', 10, 12, 5)`);
    expect(await total('nido')).toBe(2);
    expect(await total('nido', 'low')).toBe(1);

    await dataSource.query(
      `UPDATE inventory.stock_items SET name = 'Anchor Milk Powder 400g', sku = 'ANC-400' WHERE sku = 'NIDO-400'`,
    );
    expect(await total('nido')).toBe(1);
    expect(await total('anchor')).toBe(1);

    // A quantity is no part of a search's count, but it is of a status filter's.
    await dataSource.query(`UPDATE inventory.stock_items SET quantity = 50 WHERE sku = 'ANC-400'`);
    expect(await total('anchor', 'low')).toBe(0);
    expect(await total('anchor', 'in_stock')).toBe(1);

    await dataSource.query(`DELETE FROM inventory.stock_items WHERE sku = 'ANC-400'`);
    expect(await total('anchor')).toBe(0);
    expect(await total('')).toBe(2);
  });
});

/** The page's items as the JavaScript mappers write them (toStockItemDto, by id), in the page's order. */
async function asMapped(page: StockItemPageDto): Promise<StockItemDto[]> {
  const mapped = await inventory.getItems(
    page.items.map((item) => item.id),
    { requestId: 'mapped' },
  );
  return page.items.map((item) => mapped.find((other) => other.id === item.id)!);
}

describe('the stock list', () => {
  const meta = { requestId: 'stock-list' };

  it('answers each item as the JavaScript mappers do, in every order and filter', async () => {
    // A change time apart from the creation, with a part of a millisecond (a Date keeps the millisecond).
    await dataSource.query(
      `UPDATE inventory.stock_items SET updated_at = created_at + interval '1.2347 seconds' WHERE sku = 'NIDO-225'`,
    );
    const pages = await Promise.all([
      inventory.listStockItems({ limit: 10, offset: 0 }, meta),
      inventory.listStockItems({ limit: 10, offset: 0, sort: 'quantity:desc' }, meta),
      inventory.listStockItems({ search: 'نيدو', limit: 5, offset: 0 }, meta),
      inventory.listStockItems({ status: 'low', limit: 5, offset: 0 }, meta),
      inventory.listStockItems({ limit: 1, offset: 1 }, meta),
    ]);
    for (const page of pages) expect(page.items).toEqual(await asMapped(page));
    // The first batch to expire that holds stock (not the spent one, not the one without expiry),
    // the status, a negative quantity, an item without batches or packs.
    const [byName, byQuantity, searched, low, second] = pages;
    expect(
      byName!.items.map((item) => [item.sku, item.quantity, item.status, item.batchNumber, item.expiryDate]),
    ).toEqual([
      ['RICE-5', -3.125, 'low', null, null],
      ['NIDO-225', 12.5, 'in_stock', 'B-1', '2027-01-31'],
    ]);
    expect(byName!.items[1]!.packs.map((pack) => pack.unit)).toEqual(['box', 'carton']);
    expect(byQuantity!.items.map((item) => item.sku)).toEqual(['NIDO-225', 'RICE-5']);
    expect(searched!.items.map((item) => item.sku)).toEqual(['NIDO-225']);
    expect(low!.items.map((item) => item.sku)).toEqual(['RICE-5']);
    expect([second!.items.map((item) => item.sku), second!.total]).toEqual([['NIDO-225'], 2]);
    const empty = await inventory.listStockItems({ search: 'nothing like it', limit: 5, offset: 0 }, meta);
    expect(empty).toEqual({ items: [], total: 0 });
  });
});

describe('the partner product page', () => {
  const meta = { requestId: 'product-page' };

  it('is written by PostgreSQL byte for byte as the stock list and the batches read in JavaScript would write it', async () => {
    // A pack priced from the item (2.5 × 0.05 = 0.125: half away from zero gives 0.13, half-even 0.12),
    // and a spent batch, which a product leaves out.
    await dataSource.query(`
      INSERT INTO inventory.stock_item_packs (stock_item_id, unit, factor, selling_price, barcode)
      SELECT id, 'sack', 2.5, NULL, NULL FROM inventory.stock_items WHERE sku = 'RICE-5'`);
    await dataSource.query(`
      INSERT INTO inventory.stock_batches (stock_item_id, batch_number, quantity, received_quantity, expiry_date)
      SELECT id, 'B-0', 0, 4, DATE '2026-12-31' FROM inventory.stock_items WHERE sku = 'NIDO-225'`);

    const stock = { items: await asMapped(await inventory.listStockItems({ limit: 10, offset: 0 }, meta)) };
    const batches = await dataSource
      .getRepository(StockBatchEntity)
      .createQueryBuilder('batch')
      .where('batch.quantity > 0')
      .orderBy('batch.expiryDate', 'ASC', 'NULLS LAST')
      .addOrderBy('batch.createdAt')
      .addOrderBy('batch.id')
      .getMany();
    const expected = stock.items.map((item) => ({
      id: item.id,
      name: item.name,
      nameAr: item.nameAr,
      sku: item.sku,
      quantity: item.quantity,
      unit: item.unit,
      costPrice: item.costPrice,
      sellingPrice: item.sellingPrice,
      lowStockThreshold: item.lowStockThreshold,
      packs: item.packs,
      updatedAt: item.updatedAt,
      batches: batches
        .filter((batch) => batch.stockItemId === item.id)
        .map((batch) => ({
          batchNumber: batch.batchNumber,
          quantity: quantityJson(batch.quantity),
          expiryDate: batch.expiryDate,
        })),
    }));
    expect(expected.map((item) => [item.sku, item.quantity, item.packs.map((pack) => pack.price)])).toEqual([
      ['RICE-5', -3.125, ['0.13']],
      ['NIDO-225', 12.5, ['180.75', '444.00']],
    ]);
    expect(expected[1]!.batches.map((batch) => batch.batchNumber)).toEqual(['B-1', null]);

    const withBatches = await inventory.listSerializedProducts({ limit: 10, offset: 0, include: 'batches' }, meta);
    expect(withBatches.items).toBe(JSON.stringify(expected));
    const plain = await inventory.listSerializedProducts({ limit: 1, offset: 1 }, meta);
    expect(plain.items).toBe(JSON.stringify([expected[1]].map(({ batches: _batches, ...product }) => product)));
    expect([plain.count, plain.hasMore]).toEqual([1, false]);
    const first = await inventory.listSerializedProducts({ limit: 1, offset: 0 }, meta);
    expect([JSON.parse(first.items).length, first.count, first.hasMore]).toEqual([1, 1, true]);
    const beyond = await inventory.listSerializedProducts({ limit: 10, offset: 5, withTotal: true }, meta);
    expect(beyond).toEqual({ items: '[]', count: 0, hasMore: false, total: 2 });
  });
});
