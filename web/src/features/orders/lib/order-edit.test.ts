import { describe, expect, it } from 'vitest';
import { makeOrderItem } from '../test/order-fixtures';
import {
  draftOf,
  editQuantityInputMode,
  relinkDraft,
  isMeasuredUnit,
  itemChanges,
  linkChanged,
  normaliseEditQuantity,
} from './order-edit';

describe('normaliseEditQuantity', () => {
  it('keeps whole numbers of at least 1 for counted units (and a new line, a piece) and turns anything else into 1', () => {
    expect(normaliseEditQuantity('7')).toBe('7');
    expect(normaliseEditQuantity(' 12 ')).toBe('12');
    expect(normaliseEditQuantity('١٢')).toBe('12');
    for (const unit of ['piece', 'box', 'carton', 'bag', 'pcs', 'dozen']) {
      expect(normaliseEditQuantity('3', unit), unit).toBe('3');
      for (const text of ['', '0', '-3', '2.5', 'abc', '1e2'])
        expect(normaliseEditQuantity(text, unit), text).toBe('1');
    }
  });

  it('keeps up to 3 decimals above 0 for weights and volumes, in its shortest form, and turns anything else into 1', () => {
    expect(normaliseEditQuantity('2.5', 'kg')).toBe('2.5');
    expect(normaliseEditQuantity(' 0.750 ', 'L')).toBe('0.75');
    expect(normaliseEditQuantity('0.001', 'g')).toBe('0.001');
    expect(normaliseEditQuantity('250', 'ml')).toBe('250');
    expect(normaliseEditQuantity('1.25', 'Liter')).toBe('1.25');
    expect(normaliseEditQuantity('٢٫٥', 'kg')).toBe('2.5');
    for (const text of ['', '0', '0.000', '-2.5', '1.2345', 'abc', '1e2']) {
      expect(normaliseEditQuantity(text, 'kg'), text).toBe('1');
    }
  });
});

describe('isMeasuredUnit and editQuantityInputMode', () => {
  it('treats kg, g, L, ml and liter (any case) as measured and every other unit as counted', () => {
    for (const unit of ['kg', 'KG', 'g', 'L', 'l', 'ml', 'liter', 'litre', ' Kg '])
      expect(isMeasuredUnit(unit), unit).toBe(true);
    for (const unit of ['piece', 'box', 'carton', 'bag', 'pcs', '', 'sack'])
      expect(isMeasuredUnit(unit), unit).toBe(false);
  });

  it('asks for digits only for counted units and for a decimal point for measured ones', () => {
    expect(editQuantityInputMode('carton')).toBe('numeric');
    expect(editQuantityInputMode('kg')).toBe('decimal');
  });
});

describe('itemChanges', () => {
  const item = makeOrderItem({ quantity: 2.5, unitPrice: '55.50' });
  const link = draftOf(item).stockItem;

  it('starts from the saved link: the SKU, with the line name standing in for the stock name', () => {
    expect(link).toEqual({ id: 'i-rice', sku: 'RICE-ABK-10', name: 'Abu Kas Basmati Rice 10kg' });
    expect(draftOf(makeOrderItem({ stockItemId: null, sku: null })).stockItem).toBeNull();
  });

  it('is null when nothing changed, even for a fractional quantity of a counted unit the table cannot type', () => {
    expect(itemChanges('o-1', item, draftOf(item))).toBeNull();
    expect(
      itemChanges('o-1', item, { ...draftOf(item), quantity: '2.5', unitPrice: '55.5', stockItem: link }),
    ).toBeNull();
    // Picking the same stock item again is not a change.
    expect(
      itemChanges('o-1', item, { ...draftOf(item), stockItem: { id: 'i-rice', sku: 'RICE-ABK-10', name: 'Rice' } }),
    ).toBeNull();
  });

  it('sends only what changed, the quantity of a counted unit made whole', () => {
    expect(itemChanges('o-1', item, { ...draftOf(item), quantity: '3', unitPrice: '55.50', stockItem: link })).toEqual({
      orderId: 'o-1',
      itemId: item.id,
      quantity: '3',
    });
    expect(itemChanges('o-1', item, { ...draftOf(item), quantity: '0', unitPrice: '60', stockItem: link })).toEqual({
      orderId: 'o-1',
      itemId: item.id,
      quantity: '1',
      unitPrice: '60.00',
    });
  });

  it('sends a fractional quantity for a weight, and 1 for one that is not above 0', () => {
    const sugar = makeOrderItem({ id: 'oi-sugar', quantity: 2, unit: 'kg' });
    expect(itemChanges('o-1', sugar, { ...draftOf(sugar), quantity: '2.75' })).toEqual({
      orderId: 'o-1',
      itemId: 'oi-sugar',
      quantity: '2.75',
    });
    expect(itemChanges('o-1', sugar, { ...draftOf(sugar), quantity: '2.000' })).toBeNull();
    expect(itemChanges('o-1', sugar, { ...draftOf(sugar), quantity: '-1' })).toEqual({
      orderId: 'o-1',
      itemId: 'oi-sugar',
      quantity: '1',
    });
  });

  it('sends the new stock link, or null to unlink', () => {
    const dates = { id: 'i-dates', sku: 'DATES-SKR-1', name: 'Sukkari Dates 1kg' };
    const relinked = { ...draftOf(item), stockItem: dates };
    expect(linkChanged(item, relinked)).toBe(true);
    expect(itemChanges('o-1', item, relinked)).toEqual({ orderId: 'o-1', itemId: item.id, stockItemId: 'i-dates' });
    expect(itemChanges('o-1', item, { ...draftOf(item), stockItem: null })).toEqual({
      orderId: 'o-1',
      itemId: item.id,
      stockItemId: null,
    });

    const loose = makeOrderItem({ id: 'oi-loose', stockItemId: null, sku: null });
    expect(linkChanged(loose, draftOf(loose))).toBe(false);
    expect(itemChanges('o-1', loose, { ...draftOf(loose), stockItem: dates, unitPrice: '12' })).toEqual({
      orderId: 'o-1',
      itemId: 'oi-loose',
      unitPrice: '12.00',
      stockItemId: 'i-dates',
    });
  });

  it('sends a new unit with its quantity as converted, a discount, and no price so the server prices it again', () => {
    const milk = makeOrderItem({ id: 'oi-milk', quantity: 24, unit: 'piece', unitPrice: '6.00', discountPercent: 0 });
    const cartons = { ...draftOf(milk), unit: 'carton', quantity: '2.5', unitPrice: '', discountPercent: '5' };
    expect(itemChanges('o-1', milk, cartons)).toEqual({
      orderId: 'o-1',
      itemId: 'oi-milk',
      unit: 'carton',
      quantity: '2.5',
      discountPercent: '5',
    });
    // A discount left as it was is not sent; an emptied discount is 0.
    const discounted = makeOrderItem({ discountPercent: 12.5 });
    expect(draftOf(discounted).discountPercent).toBe('12.5');
    expect(itemChanges('o-1', discounted, draftOf(discounted))).toBeNull();
    expect(itemChanges('o-1', discounted, { ...draftOf(discounted), discountPercent: '' })).toMatchObject({
      discountPercent: '0',
    });
  });

  it('keeps the unit on a relink when the new item is sold in it, else switches to its base unit to check', () => {
    const milk = makeOrderItem({ id: 'oi-milk', quantity: 5, unit: 'carton', stockItemId: 'i-milk' });
    const units = [
      { unit: 'piece', factor: 1, price: '6.00', priceSource: 'item' as const },
      { unit: 'carton', factor: 12, price: '70.00', priceSource: 'pack' as const },
    ];
    const kept = relinkDraft(draftOf(milk), { id: 'i-laban', sku: 'LABAN', name: 'Laban', units });
    expect(kept).toMatchObject({ unit: 'carton', quantity: '5', unitPrice: '', unitNote: null });
    expect(itemChanges('o-1', milk, kept)).toEqual({ orderId: 'o-1', itemId: 'oi-milk', stockItemId: 'i-laban' });
    const switched = relinkDraft(draftOf(milk), {
      id: 'i-water',
      sku: 'WATER',
      name: 'Water',
      units: units.slice(0, 1),
    });
    expect(switched).toMatchObject({
      unit: 'piece',
      quantity: '5',
      unitNote: { kind: 'switched', fromUnit: 'carton' },
    });
    expect(itemChanges('o-1', milk, switched)).toEqual({
      orderId: 'o-1',
      itemId: 'oi-milk',
      unit: 'piece',
      quantity: '5',
      stockItemId: 'i-water',
    });
  });
});
