import { describe, expect, it } from 'vitest';
import { makeStockItem } from '../../../test/stock-fixtures';
import {
  checkManualOrder,
  emptyOrderLine,
  fillFromStockItem,
  grandTotalOf,
  lineTotalOf,
  toManualOrderRequest,
  type OrderLine,
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
    expect(lines.map(lineTotalOf)).toEqual([833n, 30n, null]);
    expect(grandTotalOf(lines)).toBe(863n);
  });
});

describe('toManualOrderRequest', () => {
  it('sends trimmed names, exact decimal strings, the link to stock and the picked client', () => {
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
          unitPrice: '55.50',
          stockItemId: 'i-rice',
        },
        { itemName: 'Cardamom', quantity: '1', unit: 'piece', unitPrice: '12.10' },
      ],
    });
  });
});
