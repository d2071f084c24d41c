import { describe, expect, it } from 'vitest';
import { judgeDecimalInput } from './decimal-input.js';

const quantity = { scale: 3, integerDigits: 11 };

describe('judgeDecimalInput', () => {
  it('accepts JSON numbers and numeric strings within the column', () => {
    for (const value of [0, 12, 12.5, '12.5', ' 7 ', '0.125', '.5', '5.', '99999999999.999', '1.5000']) {
      expect(judgeDecimalInput(value, quantity), String(value)).toBe('ok');
    }
  });

  it('refuses what is not a number', () => {
    for (const value of ['abc', '', '1e3', '1,5', null, true, [], {}, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(judgeDecimalInput(value, quantity), String(value)).toBe('not-a-number');
    }
  });

  it('refuses values below zero, and zero when it must be positive', () => {
    expect(judgeDecimalInput(-1, quantity)).toBe('below-minimum');
    expect(judgeDecimalInput('-0.001', quantity)).toBe('below-minimum');
    expect(judgeDecimalInput('-0', quantity)).toBe('ok');
    expect(judgeDecimalInput(0, { ...quantity, positive: true })).toBe('below-minimum');
    expect(judgeDecimalInput('0.000', { ...quantity, positive: true })).toBe('below-minimum');
    expect(judgeDecimalInput('0.001', { ...quantity, positive: true })).toBe('ok');
  });

  it('refuses more decimals or digits than the column holds', () => {
    expect(judgeDecimalInput('1.0001', quantity)).toBe('too-precise');
    expect(judgeDecimalInput(0.1 + 0.2, quantity)).toBe('too-precise');
    expect(judgeDecimalInput(1e-7, quantity)).toBe('too-precise');
    expect(judgeDecimalInput('12.345', { scale: 2, integerDigits: 10 })).toBe('too-precise');
    expect(judgeDecimalInput('100000000000', quantity)).toBe('too-large');
    expect(judgeDecimalInput(1e21, quantity)).toBe('too-large');
    expect(judgeDecimalInput('00000000000000001', quantity)).toBe('ok');
  });

  it('refuses a value above the maximum, exactly, without a float', () => {
    const percent = { scale: 2, integerDigits: 3, max: 100 };
    for (const value of ['0', '0.5', 12.5, '99.99', '100', '100.00', 100]) {
      expect(judgeDecimalInput(value, percent), String(value)).toBe('ok');
    }
    for (const value of ['100.01', 100.5, '101', '999', '0100.1']) {
      expect(judgeDecimalInput(value, percent), String(value)).toBe('above-maximum');
    }
    expect(judgeDecimalInput('-1', percent)).toBe('below-minimum');
  });
});
