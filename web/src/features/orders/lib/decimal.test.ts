import { describe, expect, it } from 'vitest';
import { centsToString, lineTotalCents, parseScaled, scaledToString } from './decimal';

describe('parseScaled', () => {
  it('reads plain decimals as integers of the smallest unit', () => {
    expect(parseScaled('12.5', 2)).toBe(1250n);
    expect(parseScaled(' 0.10 ', 2)).toBe(10n);
    expect(parseScaled('.5', 3)).toBe(500n);
    expect(parseScaled('7.', 2)).toBe(700n);
    expect(parseScaled('-1', 2)).toBe(-100n);
    expect(parseScaled('1.2300', 2)).toBe(123n);
  });

  it('refuses what is not a plain decimal, or has more decimals than the scale', () => {
    for (const text of ['', ' ', '.', 'abc', '1e3', '1,5', '١٢', '1.234', '--1', '1.2.3']) {
      expect(parseScaled(text, 2), text).toBeNull();
    }
    expect(parseScaled('1.2345', 3)).toBeNull();
  });
});

describe('lineTotalCents', () => {
  it('rounds quantity × price to cents half away from zero, as the server does', () => {
    // 2.5 × 3.33 = 8.325 -> 8.33 (a float would give 8.324999…)
    expect(centsToString(lineTotalCents(parseScaled('2.5', 3)!, parseScaled('3.33', 2)!))).toBe('8.33');
    // 1.005 kg × 1.00 = 1.005 -> 1.01
    expect(centsToString(lineTotalCents(parseScaled('1.005', 3)!, 100n))).toBe('1.01');
    // 0.1 × 3 = 0.30 exactly
    expect(centsToString(lineTotalCents(parseScaled('3', 3)!, parseScaled('0.1', 2)!))).toBe('0.30');
    expect(centsToString(lineTotalCents(-1005n, 100n))).toBe('-1.01');
  });

  it('stays exact far beyond what a float can hold', () => {
    expect(centsToString(lineTotalCents(parseScaled('99999999.999', 3)!, parseScaled('9999999999.99', 2)!))).toBe(
      '999999999989000000.00',
    );
  });
});

describe('scaledToString', () => {
  it('gives the shortest text', () => {
    expect(scaledToString(2500n, 3)).toBe('2.5');
    expect(scaledToString(2000n, 3)).toBe('2');
    expect(scaledToString(5n, 2)).toBe('0.05');
    expect(centsToString(5n)).toBe('0.05');
  });
});
