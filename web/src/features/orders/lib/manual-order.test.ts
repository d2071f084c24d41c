import { describe, expect, it } from 'vitest';
import { makeStockItem } from '../../../test/stock-fixtures';
import {
  changeLineUnit,
  checkManualOrder,
  emptyOrderLine,
  fillFromStockItem,
  grandTotalOf,
  lineTotalOf,
  linkLine,
  priceHintOf,
  setLineQuantity,
  toManualOrderRequest,
  unitsOfStockItem,
  type OrderLine,
  type QuoteBook,
} from './manual-order';

const line = (values: Partial<OrderLine>): OrderLine => ({ ...emptyOrderLine(), ...values });

describe('checkManualOrder', () => {
  const values = (lines: OrderLine[], clientName = 'Al Noor') => ({ clientName, clientId: null, notes: '', lines });

  it('refuses an order without items; untouched lines do not count as items', () => {
    expect(checkManualOrder(values([])).problem).toBe('noItems');
    expect(checkManualOrder(values([emptyOrderLine(), emptyOrderLine()])).problem).toBe('noItems');
  });

  it('refuses a line without a name, a quantity above 0, or a price of 0 or more', () => {
    const noName = line({ itemName: ' ', unitPrice: '5' });
    const zero = line({ itemName: 'Rice', quantity: '0', unitPrice: '5' });
    const negative = line({ itemName: 'Rice', quantity: '1', unitPrice: '-1' });
    const blankPrice = line({ itemName: 'Rice' });
    const threeDecimals = line({ itemName: 'Rice', unitPrice: '1.005' });
    const check = checkManualOrder(values([noName, zero, negative, blankPrice, threeDecimals]));
    expect(check.problem).toBe('invalidItems');
    expect(check.invalid).toEqual({
      [noName.key]: ['itemName'],
      [zero.key]: ['quantity'],
      [negative.key]: ['unitPrice'],
      [blankPrice.key]: ['unitPrice'],
      [threeDecimals.key]: ['unitPrice'],
    });
  });

  it('accepts a free price of 0 and a fractional quantity; flags a missing client', () => {
    const check = checkManualOrder(values([line({ itemName: 'Sample', quantity: '0.25', unitPrice: '0' })], ' '));
    expect(check.problem).toBeNull();
    expect(check.clientMissing).toBe(true);
  });
});

describe('totals', () => {
  it('computes each line and the grand total in exact cents', () => {
    const lines = [
      line({ itemName: 'A', quantity: '2.5', unitPrice: '3.33' }),
      line({ itemName: 'B', quantity: '3', unitPrice: '0.1' }),
      line({ itemName: 'C', quantity: 'x', unitPrice: '4' }),
    ];
    expect(lines.map((each) => lineTotalOf(each))).toEqual([833n, 30n, null]);
    expect(grandTotalOf(lines)).toBe(863n);
  });
});

describe('Arabic-Indic digits', () => {
  it('are read in quantities and prices, and sent as plain decimals', () => {
    const tea = line({ itemName: 'Tea', quantity: '٢٫٥', unitPrice: '٣٫٣٣' });
    expect(checkManualOrder({ clientName: 'Al Noor', clientId: null, notes: '', lines: [tea] }).problem).toBeNull();
    expect(lineTotalOf(tea)).toBe(833n);
    expect(toManualOrderRequest({ clientName: 'Al Noor', clientId: null, notes: '', lines: [tea] }).items).toEqual([
      { itemName: 'Tea', quantity: '2.5', unit: 'piece', unitPrice: '3.33' },
    ]);
  });

  it('still leave a line with only its default quantity out', () => {
    const check = checkManualOrder({
      clientName: 'Al Noor',
      clientId: null,
      notes: '',
      lines: [line({ quantity: '١' })],
    });
    expect(check.problem).toBe('noItems');
  });
});

describe('toManualOrderRequest', () => {
  it('sends trimmed names, exact decimal strings, the link to stock and the picked client; a linked line unpriced', () => {
    const rice = makeStockItem({ id: 'i-rice', name: 'Rice 10kg', nameAr: 'أرز', unit: 'bag', sellingPrice: '55.50' });
    const linked = { ...fillFromStockItem(emptyOrderLine(), rice), quantity: '02.50' };
    const free = line({ itemName: '  Cardamom ', quantity: '1', unit: ' ', unitPrice: '12.1' });
    const request = toManualOrderRequest({
      clientName: ' Al Noor Trading ',
      clientId: 'c-noor',
      notes: '  ',
      lines: [linked, emptyOrderLine(), free],
    });
    expect(request).toEqual({
      clientName: 'Al Noor Trading',
      clientId: 'c-noor',
      items: [
        {
          itemName: 'Rice 10kg',
          itemNameAr: 'أرز',
          quantity: '2.5',
          unit: 'bag',
          stockItemId: 'i-rice',
        },
        { itemName: 'Cardamom', quantity: '1', unit: 'piece', unitPrice: '12.10' },
      ],
    });
  });
});

/** Milk counted by the piece, sold by the carton of 12 at its own price and by the pallet of 960. */
const milk = makeStockItem({
  id: 'i-milk',
  name: 'Almarai Fresh Milk 1L',
  nameAr: 'حليب المراعي 1 لتر',
  unit: 'piece',
  sellingPrice: '6.00',
  packs: [
    { unit: 'carton', factor: 12, sellingPrice: '70.00', price: '70.00', barcode: null },
    { unit: 'pallet', factor: 960, sellingPrice: null, price: '5760.00', barcode: null },
  ],
});
const milkUnits = unitsOfStockItem(milk);

describe('changeLineUnit', () => {
  const pieces = { ...fillFromStockItem(emptyOrderLine(), milk), quantity: '24', unitPrice: '5.90' };

  it('converts the quantity to the new unit, says so, and drops a price typed for the old unit', () => {
    const cartons = changeLineUnit(pieces, 'carton', milkUnits);
    expect(cartons).toMatchObject({ unit: 'carton', quantity: '2', unitPrice: '' });
    expect(cartons.unitNote).toEqual({
      kind: 'converted',
      fromQuantity: '24',
      fromUnit: 'piece',
      toQuantity: '2',
      toUnit: 'carton',
      exact: true,
    });
    expect(changeLineUnit(cartons, 'piece', milkUnits)).toMatchObject({ unit: 'piece', quantity: '24' });
  });

  it('converts a quantity that is not a whole number of the new unit, rounded to 3 decimals, and says it is not exact', () => {
    expect(changeLineUnit({ ...pieces, quantity: '30' }, 'carton', milkUnits)).toMatchObject({
      quantity: '2.5',
      unitNote: { kind: 'converted', exact: true, toQuantity: '2.5' },
    });
    expect(changeLineUnit({ ...pieces, quantity: '10' }, 'carton', milkUnits)).toMatchObject({
      quantity: '0.833',
      unitNote: { kind: 'converted', exact: false },
    });
  });

  it("keeps the quantity for checking when the old unit is not one of the item's (an AI line in bags)", () => {
    const bags = { ...pieces, unit: 'bag', quantity: '3', unitNote: { kind: 'notSold' as const, unit: 'bag' } };
    expect(changeLineUnit(bags, 'carton', milkUnits)).toMatchObject({
      unit: 'carton',
      quantity: '3',
      unitNote: { kind: 'kept', fromUnit: 'bag', toUnit: 'carton' },
    });
  });

  it('forgets a conversion note once the quantity is typed again, but not a unit still to choose', () => {
    const converted = changeLineUnit(pieces, 'carton', milkUnits);
    expect(setLineQuantity(converted, '3').unitNote).toBeNull();
    const notSold = { ...pieces, unitNote: { kind: 'notSold' as const, unit: 'bag' } };
    expect(setLineQuantity(notSold, '3').unitNote).toEqual({ kind: 'notSold', unit: 'bag' });
  });
});

describe('linkLine', () => {
  const names = { name: 'Almarai Fresh Milk 1L', nameAr: '' };
  const link = { id: 'i-milk', sku: 'MILK', name: 'Almarai Fresh Milk 1L', units: milkUnits };

  it('keeps the unit when the new item is sold in it (5 cartons stay 5 cartons)', () => {
    const cartons = line({ itemName: 'milk', quantity: '5', unit: 'carton', unitPrice: '65' });
    expect(linkLine(cartons, link, names)).toMatchObject({
      unit: 'carton',
      quantity: '5',
      unitPrice: '',
      unitNote: null,
      stockItem: { id: 'i-milk' },
    });
  });

  it("switches to the base unit when the item is not sold in the line's, and says so with the quantity kept to check", () => {
    const bags = line({ itemName: 'milk', quantity: '5', unit: 'bag' });
    expect(linkLine(bags, link, names)).toMatchObject({
      unit: 'piece',
      quantity: '5',
      unitNote: { kind: 'switched', fromUnit: 'bag', toUnit: 'piece' },
    });
  });

  it('says nothing when a new line (1 piece) takes an item counted in another unit', () => {
    const rice = makeStockItem({ id: 'i-rice', unit: 'bag', packs: [] });
    expect(fillFromStockItem(emptyOrderLine(), rice)).toMatchObject({ unit: 'bag', quantity: '1', unitNote: null });
  });
});

describe('prices and discounts', () => {
  const book: QuoteBook = {
    items: new Map([
      [
        'i-milk',
        {
          units: [
            { unit: 'piece', factor: 1, price: '5.82', priceSource: 'price_list' },
            { unit: 'carton', factor: 12, price: '67.90', priceSource: 'price_list' },
            { unit: 'pallet', factor: 960, price: '5760.00', priceSource: 'pack' },
          ],
        },
      ],
    ]),
    priceListName: 'Wholesale',
  };
  const cartons = { ...fillFromStockItem(emptyOrderLine(), milk), quantity: '5', unit: 'carton' };

  it("prices a linked line without a typed price at the quote's price for its unit, naming the list", () => {
    expect(priceHintOf(cartons, book)).toEqual({ price: '67.90', source: 'price_list', listName: 'Wholesale' });
    expect(priceHintOf({ ...cartons, unit: 'pallet' }, book)).toEqual({
      price: '5760.00',
      source: 'pack',
      listName: null,
    });
    // Before the quote answers: the picked item's own pack price.
    expect(priceHintOf(cartons)).toEqual({ price: '70.00', source: 'pack', listName: null });
    expect(lineTotalOf(cartons, priceHintOf(cartons, book))).toBe(33_950n);
    expect(grandTotalOf([cartons], book)).toBe(33_950n);
  });

  it('takes the discount off the line total in decimal, and a typed price over the quote', () => {
    const discounted = { ...cartons, discountPercent: '12.5' };
    // 5 × 67.90 × 0.875 = 297.0625 -> 297.06
    expect(lineTotalOf(discounted, priceHintOf(discounted, book))).toBe(29_706n);
    const typed = { ...discounted, unitPrice: '60' };
    // 5 × 60 × 0.875 = 262.50
    expect(lineTotalOf(typed, priceHintOf(typed, book))).toBe(26_250n);
  });

  it('refuses a discount outside 0–100 or with more than 2 decimals, inline', () => {
    for (const discountPercent of ['101', '-1', '5.555', 'x']) {
      const check = checkManualOrder({
        clientName: 'Al Noor',
        clientId: null,
        notes: '',
        lines: [{ ...cartons, discountPercent }],
      });
      expect(check.invalid[cartons.key], discountPercent).toEqual(['discountPercent']);
      expect(lineTotalOf({ ...cartons, discountPercent }, priceHintOf(cartons, book))).toBeNull();
    }
  });

  it('sends the discount and no price for a linked line left to the server; a line in a unit not sold is refused', () => {
    const values = { clientName: 'Al Noor', clientId: null, notes: '', lines: [{ ...cartons, discountPercent: '5' }] };
    expect(checkManualOrder(values, book).problem).toBeNull();
    expect(toManualOrderRequest(values).items).toEqual([
      {
        itemName: 'Almarai Fresh Milk 1L',
        itemNameAr: 'حليب المراعي 1 لتر',
        quantity: '5',
        unit: 'carton',
        discountPercent: '5',
        stockItemId: 'i-milk',
      },
    ]);
    const bags = { ...cartons, unit: 'bag' };
    expect(checkManualOrder({ ...values, lines: [bags] }, book).invalid[bags.key]).toEqual(['unit']);
  });
});
