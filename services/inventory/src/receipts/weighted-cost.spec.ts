import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { weightedAverageCost } from './weighted-cost.js';

const d = (value: string): Decimal => new Decimal(value);

describe('weightedAverageCost', () => {
  it('weighs the stock on hand at its cost against the received quantity at its price', () => {
    // (10 × 4.00 + 30 × 5.00) / 40 = 4.75
    expect(weightedAverageCost(d('10'), d('4.00'), d('30'), d('5.00')).toFixed(2)).toBe('4.75');
  });

  it('rounds half away from zero to 2 decimals', () => {
    // (1 × 1.00 + 7 × 1.01) / 8 = 1.00875 → 1.01
    expect(weightedAverageCost(d('1'), d('1.00'), d('7'), d('1.01')).toFixed(2)).toBe('1.01');
    // (7 × 0 + 1 × 0.05) / 8 = 0.00625 → 0.01
    expect(weightedAverageCost(d('7'), d('0'), d('1'), d('0.05')).toFixed(2)).toBe('0.01');
    // (1 × 0.00 + 1 × 0.01) / 2 = 0.005 → 0.01 (half away from zero, not to even)
    expect(weightedAverageCost(d('1'), d('0'), d('1'), d('0.01')).toFixed(2)).toBe('0.01');
  });

  it('gives stock below zero no weight: the new price is the cost', () => {
    expect(weightedAverageCost(d('-5'), d('9.99'), d('10'), d('3.30')).toFixed(2)).toBe('3.30');
  });

  it('takes the price as the cost of an item with nothing on hand', () => {
    expect(weightedAverageCost(d('0'), d('0'), d('2.5'), d('12.40')).toFixed(2)).toBe('12.40');
  });
});
