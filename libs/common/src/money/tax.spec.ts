import { describe, expect, it } from 'vitest';
import { withTax } from './tax.js';

describe('withTax', () => {
  it('adds VAT at the rate, rounded half away from zero to halalas', () => {
    expect(withTax('100.00', 15)).toEqual({
      subtotal: '100.00',
      taxRate: '15.00',
      taxAmount: '15.00',
      total: '115.00',
    });
    // 8.33 × 15 % = 1.2495 → 1.25
    expect(withTax('8.33', 15)).toMatchObject({ taxAmount: '1.25', total: '9.58' });
    // 0.10 × 15 % = 0.015 → 0.02 (a float would give 0.01)
    expect(withTax('0.10', 15)).toMatchObject({ taxAmount: '0.02', total: '0.12' });
    expect(withTax('1234567.89', 5)).toMatchObject({ taxAmount: '61728.39', total: '1296296.28' });
  });

  it('takes a zero rate and a fractional rate', () => {
    expect(withTax('50', 0)).toMatchObject({ taxAmount: '0.00', total: '50.00' });
    expect(withTax('200', 2.5)).toMatchObject({ taxRate: '2.50', taxAmount: '5.00', total: '205.00' });
  });
});
