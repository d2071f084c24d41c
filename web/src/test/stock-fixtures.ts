import type { ExpiringBatchDto, StockItemDto } from '@erp/contracts';
import type { ReorderSuggestionEntry } from '../features/stock/api/stock-api';

export function makeStockItem(overrides: Partial<StockItemDto> = {}): StockItemDto {
  return {
    id: 'i-milk',
    name: 'Almarai Fresh Milk 1L',
    nameAr: 'حليب المراعي طازج 1 لتر',
    sku: 'MILK-ALM-1L',
    quantity: 48,
    unit: 'carton',
    costPrice: '5.55',
    sellingPrice: '7.25',
    lowStockThreshold: 10,
    status: 'in_stock',
    batchNumber: null,
    expiryDate: null,
    manufactureDate: null,
    packs: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** `count` items named "Item 01", "Item 02", ... (ids i-1, i-2, ...). */
export function makeStockItems(count: number, from = 1): StockItemDto[] {
  return Array.from({ length: count }, (_value, index) => {
    const number = from + index;
    const label = String(number).padStart(2, '0');
    return makeStockItem({ id: `i-${number}`, name: `Item ${label}`, nameAr: null, sku: `SKU-${label}` });
  });
}

export function makeExpiringBatch(overrides: Partial<ExpiringBatchDto> = {}): ExpiringBatchDto {
  return {
    id: 'b-1',
    stockItemId: 'i-milk',
    name: 'Almarai Fresh Milk 1L',
    nameAr: 'حليب المراعي طازج 1 لتر',
    batchNumber: 'B-2211',
    quantity: 12,
    unit: 'carton',
    packs: [],
    expiryDate: '2026-12-05',
    daysUntilExpiry: 5,
    ...overrides,
  };
}

export function makeReorderEntry(
  overrides: Partial<ReorderSuggestionEntry['suggestion']> = {},
  item: Partial<ReorderSuggestionEntry['stockItem']> = {},
): ReorderSuggestionEntry {
  return {
    suggestion: {
      id: 's-1',
      stockItemId: 'i-rice',
      suggestedQuantity: 120,
      reason: 'Sells 4.2 a day; about 9 days left, lead time 7 days.',
      reasonAr: 'يُباع 4.2 يوميًا؛ يكفي المخزون نحو 9 أيام، ومدة التوريد 7 أيام.',
      urgency: 'high',
      estimatedStockoutDate: '2026-12-01',
      averageDailyConsumption: 4.2,
      daysOfStockRemaining: 9,
      status: 'pending',
      createdAt: '2026-11-22T06:00:00.000Z',
      approvedQuantity: null,
      purchaseOrder: null,
      ...overrides,
    },
    stockItem: {
      id: 'i-rice',
      name: 'Abu Kas Basmati Rice 10kg',
      nameAr: 'أرز أبو كاس بسمتي 10 كغ',
      sku: 'RICE-ABK-10',
      quantity: 38,
      unit: 'bag',
      packs: [],
      ...item,
    },
  };
}

/** GET /api/stock's answer: the page, with X-Total-Count. */
export function stockPageResponse(items: StockItemDto[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

export const noContent = () => new Response(null, { status: 204 });
