import { describe, expect, it } from 'vitest';
import { catalogIndex, loadCatalog } from '../../test/parser-fixtures.js';
import { parseOrderText, type CatalogItem } from '../parser/index.js';
import { applyMemory, itemsFromModel, modelLinesOf, toItemDto } from './order-result.js';

const catalog = new Map<string, CatalogItem>(loadCatalog().map((item) => [item.id, item]));
const trust = { allNeedCheck: false };

describe('order results', () => {
  it('marks assumed quantities, and every quantity when the reading was OCR or offline speech', () => {
    const draft = parseOrderText('Afia oil 1.5L\n6 ctn almarai milk 2L', catalogIndex());
    expect(draft.items.map((item) => toItemDto(item, trust).quantityNeedsCheck)).toEqual([true, false]);
    expect(draft.items.map((item) => toItemDto(item, { allNeedCheck: true }).quantityNeedsCheck)).toEqual([true, true]);
  });

  it('shows the model each line with the offline choice first among its candidates', () => {
    const draft = parseOrderText('6 ctn almarai milk', catalogIndex());
    const [line] = modelLinesOf(draft, catalog);
    expect(line!.candidates[0]!.stockItemId).toBe(draft.items[0]!.stockItemId);
    expect(line!.candidates.length).toBeGreaterThan(1);
  });

  it("writes the model's items with catalogue names and prices, and flags a quantity the engines read differently", () => {
    const draft = parseOrderText('6 ctn almarai milk\n4 boxes kiri', catalogIndex());
    const items = itemsFromModel(
      {
        clientName: null,
        items: [
          { line: 0, itemName: 'almarai milk', quantity: 6, unit: 'carton', stockItemId: 'MILK-ALM-2L' },
          { line: 1, itemName: 'kiri', quantity: 5, unit: null, stockItemId: 'CHEESE-KIRI-24' },
          { line: null, itemName: 'حليب نيدو', quantity: 2, unit: null, stockItemId: null },
        ],
      },
      draft,
      catalog,
      trust,
    );
    expect(items[0]).toMatchObject({
      sku: 'MILK-ALM-2L',
      unitPrice: '11.50',
      phrase: 'almarai milk',
      quantityNeedsCheck: false,
    });
    expect(items[1]).toMatchObject({
      sku: 'CHEESE-KIRI-24',
      unit: 'box',
      quantity: 5,
      quantityNeedsCheck: true,
      matchedBy: 'catalogue',
    });
    expect(items[2]).toMatchObject({ stockItemId: null, itemNameAr: 'حليب نيدو', matchedBy: null, confidence: 0 });
  });

  it("lets the client's remembered wording win over any engine", () => {
    const draft = parseOrderText('5 ctn fresh milk', catalogIndex());
    const items = draft.items.map((item) => toItemDto(item, trust));
    const [remembered] = applyMemory(items, [{ phrase: 'Fresh  Milk', stockItemId: 'MILK-NDC-1L' }], catalog);
    expect(remembered).toMatchObject({ sku: 'MILK-NDC-1L', matchedBy: 'memory', confidence: 1, unitPrice: '6.25' });
    expect(applyMemory(items, [{ phrase: 'fresh milk', stockItemId: 'GONE' }], catalog)).toEqual(items);
  });
});
