import { describe, expect, it } from 'vitest';
import { catalogIndex, loadCatalog, loadPackedCatalog, packedCatalogIndex } from '../../test/parser-fixtures.js';
import { parseOrderText, type CatalogItem } from '../parser/index.js';
import { applyMemory, itemsFromModel, modelLinesOf, toItemDto, UNSURE_READING } from './order-result.js';

const catalog = new Map<string, CatalogItem>(loadCatalog().map((item) => [item.id, item]));
const packedCatalog = new Map<string, CatalogItem>(loadPackedCatalog().map((item) => [item.id, item]));
const trust = { allNeedCheck: false };

describe('order results', () => {
  it('marks assumed quantities, and every quantity when the reading was OCR or offline speech', () => {
    const draft = parseOrderText('Afia oil 1.5L\n6 ctn almarai milk 2L', catalogIndex());
    expect(draft.items.map((item) => toItemDto(item, trust).quantityNeedsCheck)).toEqual([true, false]);
    expect(draft.items.map((item) => toItemDto(item, { allNeedCheck: true }).quantityNeedsCheck)).toEqual([true, true]);
  });

  it('never gives a line read from an offline transcript a certain match, its alternatives neither', () => {
    const draft = parseOrderText('6 ctn almarai milk 2L\n3 bags sugar', catalogIndex());
    expect(draft.items[0]!.confidence).toBeGreaterThan(UNSURE_READING);
    const heard = draft.items.map((item) => toItemDto(item, { allNeedCheck: true, wordsUncertain: true }));
    expect(heard.map((item) => item.confidence)).toEqual(draft.items.map((item) => Math.min(item.confidence, 0.75)));
    expect(heard.flatMap((item) => item.alternatives).every((alternative) => alternative.confidence <= 0.75)).toBe(
      true,
    );
    // A typed message keeps the parser's confidence.
    expect(toItemDto(draft.items[0]!, trust).confidence).toBe(draft.items[0]!.confidence);
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
    // Sold by the piece only in the eval catalogue: the carton is kept for the user to check.
    expect(items[0]).toMatchObject({
      sku: 'MILK-ALM-2L',
      unit: 'carton',
      unitPrice: null,
      unitNeedsCheck: true,
      phrase: 'almarai milk',
      quantityNeedsCheck: false,
    });
    expect(items[1]).toMatchObject({
      sku: 'CHEESE-KIRI-24',
      unit: 'box',
      unitPrice: '24.50',
      unitNeedsCheck: false,
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
    expect(remembered).toMatchObject({
      sku: 'MILK-NDC-1L',
      matchedBy: 'memory',
      confidence: 1,
      unit: 'carton',
      unitPrice: null,
      unitNeedsCheck: true,
    });
    expect(applyMemory(items, [{ phrase: 'fresh milk', stockItemId: 'GONE' }], catalog)).toEqual(items);
    // The remembered item sold by the carton: the line is in its carton, at the carton's price.
    const [packed] = applyMemory(items, [{ phrase: 'fresh milk', stockItemId: 'MILK-ALM-2L' }], packedCatalog);
    expect(packed).toMatchObject({ sku: 'MILK-ALM-2L', unit: 'carton', unitPrice: '65.00', unitNeedsCheck: false });
  });

  it("puts the offline line's unit on its item's pack, at the pack's price", () => {
    const [line] = parseOrderText('٣ كراتين حليب المراعي لتر', packedCatalogIndex()).items;
    expect(toItemDto(line!, trust)).toMatchObject({
      sku: 'MILK-ALM-1L',
      quantity: 3,
      unit: 'carton',
      unitPrice: '78.00',
      unitNeedsCheck: false,
    });
  });

  it("puts the model's units through the same mapping: packs, dozens and units the item lacks", () => {
    const draft = parseOrderText(
      '2 dozen pepsi cans\n3 صناديق ساديا 1000 جرام\n4 ctn almarai milk 1L',
      packedCatalogIndex(),
    );
    expect(draft.items.map((item) => [item.sku, item.quantity, item.unit])).toEqual([
      ['PEPSI-CAN-330ML', 2, 'dozen'],
      ['CHK-SADIA-1000G', 3, 'case'],
      ['MILK-ALM-1L', 4, 'carton'],
    ]);
    const items = itemsFromModel(
      {
        clientName: null,
        items: [
          // The model counts the dozens in pieces: the same quantity, so nothing to check.
          { line: 0, itemName: 'pepsi cans', quantity: 24, unit: 'piece', stockItemId: 'PEPSI-CAN-330ML' },
          // It reads صندوق as a box: the customer's own word (a case) is kept.
          { line: 1, itemName: 'ساديا', quantity: 3, unit: 'box', stockItemId: 'CHK-SADIA-1000G' },
          // Another item for the line, not sold by the carton: the carton is kept and flagged.
          { line: 2, itemName: 'almarai milk', quantity: 4, unit: 'carton', stockItemId: 'MILK-ALM-LF-1L' },
          { line: null, itemName: 'pepsi', quantity: 2, unit: 'pallet', stockItemId: null },
        ],
      },
      draft,
      packedCatalog,
      trust,
    );
    expect(items.map((item) => [item.sku, item.quantity, item.unit, item.unitPrice, item.unitNeedsCheck])).toEqual([
      ['PEPSI-CAN-330ML', 2, 'dozen', '28.00', false],
      ['CHK-SADIA-1000G', 3, 'case', '140.00', false],
      ['MILK-ALM-LF-1L', 4, 'carton', null, true],
      [null, 2, 'pallet', null, false],
    ]);
    expect(items.map((item) => item.quantityNeedsCheck)).toEqual([false, false, false, false]);
  });
});
