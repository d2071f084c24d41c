import type { InventoryClient, ListProductsDto, ProductDto, ProductPageDto } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { CatalogService } from './catalog.service.js';

function product(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 'milk',
    name: 'Almarai Fresh Milk Full Fat 1L',
    nameAr: null,
    sku: 'MILK-ALM-1L',
    quantity: 100,
    unit: 'piece',
    costPrice: '5.00',
    sellingPrice: '6.50',
    lowStockThreshold: 10,
    packs: [],
    updatedAt: '2026-11-27T08:00:00.000Z',
    ...overrides,
  };
}

/** The inventory service's list-products over one item that the test changes. */
function inventoryOf(state: { item: ProductDto }): InventoryClient {
  return {
    listProducts: (query: ListProductsDto): Promise<ProductPageDto> => {
      const items = !query.updatedSince || state.item.updatedAt >= query.updatedSince ? [state.item] : [];
      return Promise.resolve({ items: items.slice(0, query.limit), hasMore: false, total: query.withTotal ? 1 : null });
    },
  } as unknown as InventoryClient;
}

const meta = { requestId: 'test' };

describe('CatalogService', () => {
  it("carries each item's packs, and rebuilds when a pack changes but not when a quantity does", async () => {
    const state = { item: product() };
    const catalog = new CatalogService(inventoryOf(state));
    const first = await catalog.current(meta);
    expect(first.byId.get('milk')?.packs).toEqual([]);

    state.item = product({ quantity: 80, updatedAt: '2026-11-27T08:05:00.000Z' });
    expect((await catalog.current(meta)).version).toBe(first.version);

    const carton = { unit: 'carton' as const, factor: 12, sellingPrice: null, price: '78.00', barcode: null };
    state.item = product({ quantity: 80, packs: [carton], updatedAt: '2026-11-27T08:10:00.000Z' });
    const rebuilt = await catalog.current(meta);
    expect(rebuilt.version).toBe(first.version + 1);
    expect(rebuilt.byId.get('milk')?.packs).toEqual([{ unit: 'carton', factor: 12, price: '78.00' }]);

    // A new base price moves the price of a pack without its own.
    state.item = product({
      sellingPrice: '7.00',
      packs: [{ ...carton, price: '84.00' }],
      updatedAt: '2026-11-27T08:15:00.000Z',
    });
    expect((await catalog.current(meta)).byId.get('milk')?.packs?.[0]?.price).toBe('84.00');
  });
});
