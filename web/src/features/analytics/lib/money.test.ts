import { describe, expect, it } from 'vitest';
import { centsToDecimal, largestAmount, shareOfTop, toCents } from './money';

describe('toCents', () => {
  it('reads the server decimal strings exactly', () => {
    expect(toCents('845210.75')).toBe(84521075n);
    expect(toCents('0.10')).toBe(10n);
    expect(toCents('12004.5')).toBe(1200450n);
    expect(toCents('7')).toBe(700n);
    expect(toCents('-3.20')).toBe(-320n);
    expect(toCents('90071992547409.93')).toBe(9007199254740993n);
  });

  it('rounds a third decimal half away from zero and reads nonsense as zero', () => {
    expect(toCents('1.005')).toBe(101n);
    expect(toCents('-1.005')).toBe(-101n);
    expect(toCents('abc')).toBe(0n);
  });

  it('sums without float error', () => {
    expect(centsToDecimal(toCents('0.10') + toCents('0.20'))).toBe('0.30');
    expect(centsToDecimal(-5n)).toBe('-0.05');
  });
});

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
