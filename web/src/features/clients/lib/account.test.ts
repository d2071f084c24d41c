import { describe, expect, it } from 'vitest';
import { absoluteAmount, balanceStateOf, creditRoomOf, isPositiveAmount } from './account';

describe('balanceStateOf', () => {
  it('reads a positive balance as owed, a negative one as in credit, zero as settled', () => {
    expect(balanceStateOf('1200.50')).toBe('owed');
    expect(balanceStateOf('-0.01')).toBe('inCredit');
    expect(balanceStateOf('0.00')).toBe('settled');
  });
});

describe('absoluteAmount', () => {
  it('drops the sign and keeps two decimals', () => {
    expect(absoluteAmount('-300')).toBe('300.00');
    expect(absoluteAmount('45.5')).toBe('45.50');
  });
});

describe('isPositiveAmount', () => {
  it('is true only above zero', () => {
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('-5.00')).toBe(false);
  });
});

describe('creditRoomOf', () => {
  it('is the limit less the balance, in exact cents', () => {
    // 0.1 + 0.2 style float noise never reaches money: 5000.30 - 4999.10 is exactly 1.20.
    expect(creditRoomOf('5000.30', '4999.10')).toBe('1.20');
  });

  it('grows with money on account and goes negative over the limit', () => {
    expect(creditRoomOf('1000.00', '-250.00')).toBe('1250.00');
    expect(creditRoomOf('1000.00', '1200.00')).toBe('-200.00');
  });

  it('is null without a limit', () => {
    expect(creditRoomOf(null, '800.00')).toBeNull();
  });
});
