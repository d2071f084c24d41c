import { describe, expect, it } from 'vitest';
import { largestAmount, shareOfTop } from './money';

describe('shareOfTop', () => {
  it('scales to the top revenue', () => {
    expect(shareOfTop('41230.00', '41230.00')).toBe(100);
    expect(shareOfTop('20615.00', '41230.00')).toBe(50);
  });

  it('caps the bar at 100%', () => {
    expect(shareOfTop('50000.00', '41230.00')).toBe(100);
  });

  it('is 0 without a positive top or amount', () => {
    expect(shareOfTop('10.00', '0.00')).toBe(0);
    expect(shareOfTop('-5.00', '10.00')).toBe(0);
  });
});

describe('largestAmount', () => {
  it('compares amounts as decimals, not as text', () => {
    expect(largestAmount(['999.99', '1000.00', '10.50'])).toBe('1000.00');
    expect(largestAmount([])).toBe('0.00');
  });
});
