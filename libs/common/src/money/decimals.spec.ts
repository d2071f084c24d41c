import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { lineTotal, moneyJson, quantityJson } from './decimals.js';
import { baseQuantity, packPrice, sellableUnits } from './unit-prices.js';

describe('lineTotal', () => {
  it('is quantity × unit price rounded half away from zero', () => {
    expect(lineTotal('24', '5.55').toFixed(2)).toBe('133.20');
    expect(lineTotal('0.125', '0.20').toFixed(2)).toBe('0.03');
    expect(lineTotal('-0.125', '0.20').toFixed(2)).toBe('-0.03');
  });

  it('takes a line discount off before rounding, once (CONTRACT §10)', () => {
    expect(lineTotal('5', '130.00', '10').toFixed(2)).toBe('585.00');
    // 3 × 9.99 × 0.875 = 26.22375: rounded once, not after each step.
    expect(lineTotal('3', '9.99', '12.5').toFixed(2)).toBe('26.22');
    expect(lineTotal('1', '0.05', '50').toFixed(2)).toBe('0.03');
    expect(lineTotal('2', '10', '100').toFixed(2)).toBe('0.00');
  });
});

describe('pack prices and base quantities', () => {
  it('prices a pack at its own price, else factor × the base price to the cent', () => {
    expect(packPrice('12', null, '6.50').toFixed(2)).toBe('78.00');
    expect(packPrice('12', '75.00', '6.50').toFixed(2)).toBe('75.00');
    expect(packPrice('0.333', null, '10.05').toFixed(2)).toBe('3.35');
  });

  it('lists the base unit first at factor 1, then each pack', () => {
    const units = sellableUnits({
      unit: 'piece',
      sellingPrice: '6.50',
      packs: [{ unit: 'carton', factor: 12, price: '75.00' }],
    });
    expect(units.map((unit) => [unit.unit, unit.factor.toString(), unit.price.toFixed(2)])).toEqual([
      ['piece', '1', '6.50'],
      ['carton', '12', '75.00'],
    ]);
  });

  it('counts base units of a quantity in a pack to 3 decimals', () => {
    expect(baseQuantity('5', '12').toString()).toBe('60');
    expect(baseQuantity('2.5', '0.333').toString()).toBe('0.833');
  });
});

describe('quantityJson and moneyJson', () => {
  it("answer a column's text as decimal.js would, without it", () => {
    const quantities = ['0.000', '100.000', '12.500', '-3.250', '99999999999.999', '0.001', '7', '1.5'];
    for (const text of quantities) expect(quantityJson(text)).toBe(Number(new Decimal(text).toFixed(3)));
    for (const text of ['0.00', '12.00', '-5.10', '9999999999.99']) expect(moneyJson(text)).toBe(text);
  });

  it('round what is not already a column value', () => {
    expect(quantityJson('1.23456')).toBe(1.235);
    expect(moneyJson('1.005')).toBe('1.01');
    expect(moneyJson('7')).toBe('7.00');
    expect(moneyJson('1e3')).toBe('1000.00');
    expect(moneyJson(new Decimal('2.345'))).toBe('2.35');
  });
});
