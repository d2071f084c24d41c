import { describe, expect, it } from 'vitest';
import { prepareText } from './normalize.js';
import { readNumber } from './numbers.js';
import { splitPrefixes } from './segment.js';
import { tokenize } from './tokens.js';

function read(text: string): number | undefined {
  const tokens = splitPrefixes(
    tokenize(prepareText(text)),
    () => false,
    () => false,
  );
  return readNumber(tokens, 0)?.value;
}

describe('readNumber', () => {
  it('reads digits in every script', () => {
    expect(read('12')).toBe(12);
    expect(read('١٢')).toBe(12);
    expect(read('۱۲')).toBe(12);
    expect(read('0.75')).toBe(0.75);
  });

  it('reads thousands said after a figure ("٢٠ ألف")', () => {
    expect(read('٢٠ ألف')).toBe(20000);
    expect(read('3 آلاف')).toBe(3000);
  });

  it('reads English number words and compounds', () => {
    expect(read('three')).toBe(3);
    expect(read('twenty five')).toBe(25);
    expect(read('twenty-five')).toBe(25);
    expect(read('two hundred')).toBe(200);
    expect(read('one and a half')).toBe(1.5);
    expect(read('half')).toBe(0.5);
  });

  it('reads MSA and dialect Arabic number words', () => {
    expect(read('عشرة')).toBe(10);
    expect(read('ثلاث')).toBe(3);
    expect(read('تلاتة')).toBe(3);
    expect(read('اتنين')).toBe(2);
    expect(read('ثنين')).toBe(2);
    expect(read('زوج')).toBe(2);
    expect(read('واحدة')).toBe(1);
    expect(read('عشرين')).toBe(20);
    expect(read('خمسة وعشرين')).toBe(25);
    expect(read('خمسة عشر')).toBe(15);
    expect(read('نص')).toBe(0.5);
    expect(read('ربع')).toBe(0.25);
  });

  it('reads Gulf, Levantine and Egyptian teens', () => {
    expect(read('تنعش')).toBe(12);
    expect(read('اطنعش')).toBe(12);
    expect(read('اتناشر')).toBe(12);
    expect(read('خمسطعش')).toBe(15);
    expect(read('etnashar')).toBe(12);
    expect(read('arba3tashar')).toBe(14);
    expect(read('talatashar')).toBe(13);
  });

  it('reads Arabizi number words', () => {
    expect(read('khamsa')).toBe(5);
    expect(read('nos')).toBe(0.5);
    expect(read('3ashara')).toBe(10);
  });

  it('reads a decimal said aloud ("one point five")', () => {
    expect(read('one point five')).toBe(1.5);
    expect(read('two point two five')).toBe(2.25);
    expect(read('واحد فاصل خمسة')).toBe(1.5);
    expect(read('1 point 25')).toBe(1.25);
    expect(read('three point')).toBe(3);
  });

  it('reads a number word with the article before a weight or volume ("الخمسة كيلو": the 5 kg one)', () => {
    expect(read('الخمسة كيلو')).toBe(5);
    expect(read('الثلاث لتر')).toBe(3);
    // Alone or before a count unit it is no size: "الاثنين" is Monday.
    expect(read('الاثنين')).toBeUndefined();
    expect(read('الخمسة كراتين')).toBeUndefined();
  });

  it('finds no number in an ordinary word', () => {
    expect(read('Almarai')).toBeUndefined();
  });
});
