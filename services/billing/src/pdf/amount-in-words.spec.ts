import { describe, expect, it } from 'vitest';
import { amountInWords, AmountInWordsError, arabicNumberWords, englishNumberWords } from './amount-in-words.js';

const sar = (amount: string): string => amountInWords(amount, 'SAR').ar;
const sarEn = (amount: string): string => amountInWords(amount, 'SAR').en;

describe('amountInWords', () => {
  it('writes the issue example in both languages', () => {
    expect(amountInWords('1235.50', 'SAR')).toEqual({
      en: 'One thousand two hundred thirty-five riyals and fifty halalas',
      ar: 'ألف ومئتان وخمسة وثلاثون ريالاً وخمسون هللة',
    });
  });

  describe('Arabic, riyals (a masculine noun)', () => {
    it.each([
      ['0', 'صفر ريال'],
      ['1', 'ريال واحد'],
      ['2', 'ريالان'],
      ['3', 'ثلاثة ريالات'],
      ['8', 'ثمانية ريالات'],
      ['10', 'عشرة ريالات'],
      ['11', 'أحد عشر ريالاً'],
      ['12', 'اثنا عشر ريالاً'],
      ['13', 'ثلاثة عشر ريالاً'],
      ['19', 'تسعة عشر ريالاً'],
      ['20', 'عشرون ريالاً'],
      ['21', 'واحد وعشرون ريالاً'],
      ['22', 'اثنان وعشرون ريالاً'],
      ['99', 'تسعة وتسعون ريالاً'],
    ])('%s → %s: one after the noun, the dual alone, plural for 3–10, accusative for 11–99', (amount, words) => {
      expect(sar(amount)).toBe(words);
    });

    it.each([
      ['100', 'مئة ريال'],
      ['101', 'مئة وريال واحد'],
      ['102', 'مئة وريالان'],
      ['103', 'مئة وثلاثة ريالات'],
      ['111', 'مئة وأحد عشر ريالاً'],
      ['200', 'مئتا ريال'],
      ['201', 'مئتان وريال واحد'],
      ['350', 'ثلاثمئة وخمسون ريالاً'],
      ['999', 'تسعمئة وتسعة وتسعون ريالاً'],
    ])('%s → %s: hundreds take the genitive singular, and مئتا before a noun', (amount, words) => {
      expect(sar(amount)).toBe(words);
    });

    it.each([
      ['1000', 'ألف ريال'],
      ['1001', 'ألف وريال واحد'],
      ['1002', 'ألف وريالان'],
      ['1003', 'ألف وثلاثة ريالات'],
      ['1100', 'ألف ومئة ريال'],
      ['1200', 'ألف ومئتا ريال'],
      ['2000', 'ألفا ريال'],
      ['2001', 'ألفان وريال واحد'],
      ['2500', 'ألفان وخمسمئة ريال'],
      ['3000', 'ثلاثة آلاف ريال'],
      ['10000', 'عشرة آلاف ريال'],
      ['11000', 'أحد عشر ألف ريال'],
      ['12500', 'اثنا عشر ألفاً وخمسمئة ريال'],
      ['21000', 'واحد وعشرون ألف ريال'],
      ['45678', 'خمسة وأربعون ألفاً وستمئة وثمانية وسبعون ريالاً'],
      ['100000', 'مئة ألف ريال'],
      ['101000', 'مئة ألف وألف ريال'],
      ['102000', 'مئة ألف وألفا ريال'],
      ['103000', 'مئة وثلاثة آلاف ريال'],
      ['200000', 'مئتا ألف ريال'],
      ['250000', 'مئتان وخمسون ألف ريال'],
      ['999999', 'تسعمئة وتسعة وتسعون ألفاً وتسعمئة وتسعة وتسعون ريالاً'],
    ])('%s → %s: thousands', (amount, words) => {
      expect(sar(amount)).toBe(words);
    });

    it.each([
      ['1000000', 'مليون ريال'],
      ['1000001', 'مليون وريال واحد'],
      ['1250000', 'مليون ومئتان وخمسون ألف ريال'],
      ['2000000', 'مليونا ريال'],
      ['2000500', 'مليونان وخمسمئة ريال'],
      ['3000000', 'ثلاثة ملايين ريال'],
      ['11000000', 'أحد عشر مليون ريال'],
      ['15000120', 'خمسة عشر مليوناً ومئة وعشرون ريالاً'],
      ['101000000', 'مئة مليون ومليون ريال'],
      [
        '999999999.99',
        'تسعمئة وتسعة وتسعون مليوناً وتسعمئة وتسعة وتسعون ألفاً وتسعمئة وتسعة وتسعون ريالاً وتسع وتسعون هللة',
      ],
    ])('%s → %s: millions', (amount, words) => {
      expect(sar(amount)).toBe(words);
    });
  });

  describe('Arabic, halalas (a feminine noun)', () => {
    it.each([
      ['0.01', 'هللة واحدة'],
      ['0.02', 'هللتان'],
      ['0.03', 'ثلاث هللات'],
      ['0.08', 'ثماني هللات'],
      ['0.10', 'عشر هللات'],
      ['0.11', 'إحدى عشرة هللة'],
      ['0.12', 'اثنتا عشرة هللة'],
      ['0.18', 'ثماني عشرة هللة'],
      ['0.21', 'إحدى وعشرون هللة'],
      ['0.22', 'اثنتان وعشرون هللة'],
      ['0.5', 'خمسون هللة'],
      ['0.99', 'تسع وتسعون هللة'],
    ])('%s → %s: the number takes the feminine agreement', (amount, words) => {
      expect(sar(amount)).toBe(words);
    });

    it('joins riyals and halalas with و and leaves out zero halalas', () => {
      expect(sar('1.01')).toBe('ريال واحد وهللة واحدة');
      expect(sar('2.02')).toBe('ريالان وهللتان');
      expect(sar('15.00')).toBe('خمسة عشر ريالاً');
    });
  });

  describe('English', () => {
    it.each([
      ['0', 'Zero riyals'],
      ['0.01', 'One halala'],
      ['0.99', 'Ninety-nine halalas'],
      ['1', 'One riyal'],
      ['1.01', 'One riyal and one halala'],
      ['2', 'Two riyals'],
      ['15', 'Fifteen riyals'],
      ['40.4', 'Forty riyals and forty halalas'],
      ['101', 'One hundred one riyals'],
      ['1000', 'One thousand riyals'],
      ['12500', 'Twelve thousand five hundred riyals'],
      ['1000001', 'One million one riyals'],
      [
        '999999999.99',
        'Nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine riyals and ninety-nine halalas',
      ],
    ])('%s → %s', (amount, words) => {
      expect(sarEn(amount)).toBe(words);
    });
  });

  it('names dirhams and fils for AED', () => {
    expect(amountInWords('1', 'AED')).toEqual({ en: 'One dirham', ar: 'درهم واحد' });
    expect(amountInWords('2.02', 'AED')).toEqual({ en: 'Two dirhams and two fils', ar: 'درهمان وفلسان' });
    expect(amountInWords('3.03', 'AED')).toEqual({ en: 'Three dirhams and three fils', ar: 'ثلاثة دراهم وثلاثة فلوس' });
    expect(amountInWords('2000.25', 'AED')).toEqual({
      en: 'Two thousand dirhams and twenty-five fils',
      ar: 'ألفا درهم وخمسة وعشرون فلساً',
    });
    expect(amountInWords('0.11', 'aed').ar).toBe('أحد عشر فلساً');
  });

  it('writes any other currency cheque-style with the code', () => {
    expect(amountInWords('1235.5', 'USD')).toEqual({
      en: 'One thousand two hundred thirty-five and 50/100 USD',
      ar: 'ألف ومئتان وخمسة وثلاثون و50/100 USD',
    });
    expect(amountInWords('2000', 'KWD')).toEqual({ en: 'Two thousand and 00/100 KWD', ar: 'ألفان و00/100 KWD' });
  });

  it.each(['-1', '1000000000', '12.345', '1e3', '', 'abc', '1,000'])('refuses %j', (amount) => {
    expect(() => amountInWords(amount, 'SAR')).toThrow(AmountInWordsError);
  });
});

describe('arabicNumberWords and englishNumberWords', () => {
  it('write a bare number without a counted noun', () => {
    expect(arabicNumberWords(0)).toBe('صفر');
    expect(arabicNumberWords(2)).toBe('اثنان');
    expect(arabicNumberWords(200)).toBe('مئتان');
    expect(arabicNumberWords(2000)).toBe('ألفان');
    expect(arabicNumberWords(11000)).toBe('أحد عشر ألفاً');
    expect(englishNumberWords(0)).toBe('zero');
    expect(englishNumberWords(1_001_010)).toBe('one million one thousand ten');
  });

  it('refuses fractions and numbers out of range', () => {
    expect(() => arabicNumberWords(1.5)).toThrow(AmountInWordsError);
    expect(() => englishNumberWords(1_000_000_000)).toThrow(AmountInWordsError);
  });
});
