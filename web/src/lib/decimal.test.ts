import { describe, expect, it } from 'vitest';
import {
  baseQuantityThousandths,
  packPriceCents,
  perBaseUnitCents,
  centsToString,
  checkDecimal,
  convertScaledQuantity,
  discountedLineTotalCents,
  latinDigits,
  lineTotalCents,
  moneyText,
  parseScaled,
  quantityText,
  quantityTextOfNumber,
  scaledToString,
  toCents,
} from './decimal';

describe('latinDigits', () => {
  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator, and drops its thousands separator', () => {
    expect(latinDigits('٢٤٫٥')).toBe('24.5');
    expect(latinDigits('۱۲٬۵۰۰')).toBe('12500');
    expect(latinDigits('12 kg')).toBe('12 kg');
  });
});

describe('parseScaled', () => {
  it('reads plain decimals as integers of the smallest unit', () => {
    expect(parseScaled('12.5', 2)).toBe(1250n);
    expect(parseScaled(' 0.10 ', 2)).toBe(10n);
    expect(parseScaled('.5', 3)).toBe(500n);
    expect(parseScaled('7.', 2)).toBe(700n);
    expect(parseScaled('-1', 2)).toBe(-100n);
    expect(parseScaled('1.2300', 2)).toBe(123n);
  });

  it('reads Arabic-Indic and Persian digits as the same numbers', () => {
    expect(parseScaled('١٢', 2)).toBe(1200n);
    expect(parseScaled('٢٫٥', 3)).toBe(2500n);
    expect(parseScaled('۱٬۲۵۰٫۷۵', 2)).toBe(125075n);
  });

  it('refuses what is not a plain decimal, or has more decimals than the scale', () => {
    for (const text of ['', ' ', '.', '-', 'abc', '1e3', '1,5', '+1', '- 1', '1.234', '--1', '1.2.3', '١٫٢٣٤']) {
      expect(parseScaled(text, 2), text).toBeNull();
    }
    expect(parseScaled('1.2345', 3)).toBeNull();
  });
});

describe('checkDecimal', () => {
  it('judges typed amounts without floats', () => {
    expect(checkDecimal('0', { scale: 3, positive: true })).toBe('min');
    expect(checkDecimal('0', { scale: 3 })).toBeNull();
    expect(checkDecimal('-1', { scale: 2 })).toBe('min');
    expect(checkDecimal('1.2345', { scale: 3 })).toBe('scale');
    expect(checkDecimal('1.2300', { scale: 2 })).toBeNull();
    expect(checkDecimal('12,5', { scale: 2 })).toBe('number');
    expect(checkDecimal('٢٤٫٥', { scale: 3, positive: true })).toBeNull();
  });
});

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
    expect(toCents('1.0049')).toBe(100n);
    expect(toCents('abc')).toBe(0n);
    expect(toCents('')).toBe(0n);
  });

  it('sums without float error', () => {
    expect(centsToString(toCents('0.10') + toCents('0.20'))).toBe('0.30');
  });
});

describe('discountedLineTotalCents', () => {
  it('takes the discount off before rounding once, as the server does', () => {
    // 5 × 67.90 × (1 − 0.125) = 297.0625 -> 297.06
    expect(centsToString(discountedLineTotalCents(5_000n, 6_790n, 1_250n))).toBe('297.06');
    // 3 × 3.33 × 0.95 = 9.4905 -> 9.49; 1 × 0.05 × 0.9 = 0.045 -> 0.05 (half away from zero)
    expect(centsToString(discountedLineTotalCents(3_000n, 333n, 500n))).toBe('9.49');
    expect(centsToString(discountedLineTotalCents(1_000n, 5n, 1_000n))).toBe('0.05');
    // No discount is the plain line total; 100% is nothing.
    expect(discountedLineTotalCents(2_500n, 333n, 0n)).toBe(lineTotalCents(2_500n, 333n));
    expect(discountedLineTotalCents(2_500n, 333n, 10_000n)).toBe(0n);
  });
});

describe('convertScaledQuantity', () => {
  it('converts between units by their factors, saying whether it was exact', () => {
    // 24 pieces -> 2 cartons of 12; 2 cartons -> 24 pieces.
    expect(convertScaledQuantity(24_000n, 1_000n, 12_000n)).toEqual({ thousandths: 2_000n, exact: true });
    expect(convertScaledQuantity(2_000n, 12_000n, 1_000n)).toEqual({ thousandths: 24_000n, exact: true });
    // 30 pieces are 2.5 cartons; 10 pieces are 0.833… cartons, rounded to 0.833.
    expect(convertScaledQuantity(30_000n, 1_000n, 12_000n)).toEqual({ thousandths: 2_500n, exact: true });
    expect(convertScaledQuantity(10_000n, 1_000n, 12_000n)).toEqual({ thousandths: 833n, exact: false });
    // A bag of 25 kg in kilograms.
    expect(convertScaledQuantity(1_500n, 25_000n, 1_000n)).toEqual({ thousandths: 37_500n, exact: true });
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
    // 0.005 × 1.00 = 0.005 -> 0.01
    expect(lineTotalCents(5n, 100n)).toBe(1n);
    expect(lineTotalCents(24_000n, 555n)).toBe(13_320n);
    expect(centsToString(lineTotalCents(-1005n, 100n))).toBe('-1.01');
  });

  it('stays exact far beyond what a float can hold', () => {
    expect(centsToString(lineTotalCents(parseScaled('99999999.999', 3)!, parseScaled('9999999999.99', 2)!))).toBe(
      '999999999989000000.00',
    );
  });
});

describe('scaledToString and centsToString', () => {
  it('give the shortest text, and money always with 2 decimals', () => {
    expect(scaledToString(2500n, 3)).toBe('2.5');
    expect(scaledToString(2000n, 3)).toBe('2');
    expect(scaledToString(5n, 2)).toBe('0.05');
    expect(scaledToString(-2500n, 3)).toBe('-2.5');
    expect(centsToString(5n)).toBe('0.05');
    expect(centsToString(-5n)).toBe('-0.05');
    expect(centsToString(123450n)).toBe('1234.50');
  });
});

describe('moneyText and quantityText', () => {
  it('write typed amounts as the API takes them, or null', () => {
    expect(moneyText('5.5')).toBe('5.50');
    expect(moneyText('٣٫٢٥')).toBe('3.25');
    expect(moneyText('1.005')).toBeNull();
    expect(quantityText('1.500')).toBe('1.5');
    expect(quantityText('٢٤')).toBe('24');
    expect(quantityText('x')).toBeNull();
  });
});

describe('quantityTextOfNumber', () => {
  it('keeps a JSON quantity as written, rounding only float noise', () => {
    expect(quantityTextOfNumber(24)).toBe('24');
    expect(quantityTextOfNumber(1.25)).toBe('1.25');
    expect(quantityTextOfNumber(0.1 + 0.2)).toBe('0.3');
    expect(quantityTextOfNumber(1e-7)).toBe('0');
    expect(quantityTextOfNumber(Number.NaN)).toBe('');
  });
});

describe('packs', () => {
  it('counts a quantity in packs in base units, to 3 decimals', () => {
    expect(baseQuantityThousandths(2_000n, 12_000n)).toBe(24_000n);
    expect(baseQuantityThousandths(2_500n, 12_000n)).toBe(30_000n);
    expect(baseQuantityThousandths(1_333n, 1_500n)).toBe(2_000n);
  });

  it('prices one base unit of a pack to the cent, half away from zero', () => {
    expect(perBaseUnitCents(7_000n, 12_000n)).toBe(583n);
    expect(perBaseUnitCents(6_000n, 12_000n)).toBe(500n);
    expect(perBaseUnitCents(100n, 8_000n)).toBe(13n);
    expect(perBaseUnitCents(100n, 0n)).toBeNull();
  });

  it('prices a pack without its own price at factor × the base price', () => {
    expect(packPriceCents(12_000n, 600n)).toBe(7_200n);
    expect(packPriceCents(1_500n, 333n)).toBe(500n);
  });
});
