import { describe, expect, it } from 'vitest';
import { makeStockItem } from '../../../test/stock-fixtures';
import { emptyStockForm, stockFormOf, toUpdateRequest, validateStockForm } from './stock-form';

describe('validateStockForm', () => {
  it('requires name, SKU and a unit of the form', () => {
    expect(validateStockForm({ ...emptyStockForm, unit: '' }, 'create')).toEqual({
      name: 'form.errors.nameRequired',
      sku: 'form.errors.skuRequired',
      unit: 'form.errors.unitRequired',
    });
    expect(validateStockForm({ ...emptyStockForm, name: 'Rice', sku: 'R', unit: 'litre' }, 'create').unit).toBe(
      'form.errors.unitRequired',
    );
  });

  it('accepts 0 and blank optional numbers when adding', () => {
    expect(
      validateStockForm({ ...emptyStockForm, name: 'Rice', sku: 'R', quantity: '0', costPrice: '0' }, 'create'),
    ).toEqual({});
  });
});

describe('toUpdateRequest', () => {
  it('answers null when nothing changed, money compared by value', () => {
    const item = makeStockItem({ costPrice: '5.50' });
    expect(toUpdateRequest(item, { ...stockFormOf(item), costPrice: '5.5' })).toBeNull();
  });

  it('sends the default threshold for a cleared one and null for a cleared Arabic name', () => {
    const item = makeStockItem({ lowStockThreshold: 4 });
    expect(toUpdateRequest(item, { ...stockFormOf(item), lowStockThreshold: '', nameAr: ' ' })).toEqual({
      id: item.id,
      lowStockThreshold: '10',
      nameAr: null,
    });
  });
});
