import { describe, expect, it } from 'vitest';
import { digitsForNumberWords, sayNumber, transcriptToOrderText } from './spoken-numbers.js';

describe('spoken numbers', () => {
  it('says the numbers of catalogue names', () => {
    expect(sayNumber(2)).toBe('two');
    expect(sayNumber(16)).toBe('sixteen');
    expect(sayNumber(40)).toBe('forty');
    expect(sayNumber(330)).toBe('three hundred thirty');
    expect(sayNumber(1200)).toBe('one thousand two hundred');
    expect(sayNumber(1.5)).toBe('one point five');
    expect(sayNumber(2.25)).toBe('two point two five');
  });

  it('writes number words as digits, joining tens and units, hundreds, points and halves', () => {
    expect(digitsForNumberWords('twenty two cartons')).toBe('22 cartons');
    expect(digitsForNumberWords('two hundred and fifty gram')).toBe('250 gram');
    expect(digitsForNumberWords('twelve hundred gram')).toBe('1200 gram');
    expect(digitsForNumberWords('one thousand two hundred gram')).toBe('1200 gram');
    expect(digitsForNumberWords('one point five liter')).toBe('1.5 liter');
    expect(digitsForNumberWords('two and a half kilo')).toBe('2.5 kilo');
    expect(digitsForNumberWords('six seven up')).toBe('6 7 up');
    expect(digitsForNumberWords('a dozen eggs and half a kilo')).toBe('a dozen eggs and half a kilo');
  });

  it('starts a new line where a second quantity with a container begins', () => {
    expect(
      transcriptToOrderText('three bags of al walimah basmati rice ten kilo and two boxes of lipton yellow label tea'),
    ).toBe('3 bags of al walimah basmati rice 10 kilo\n2 boxes of lipton yellow label tea');
    expect(transcriptToOrderText('six cartons almarai fresh milk two liter')).toBe(
      '6 cartons almarai fresh milk 2 liter',
    );
    expect(transcriptToOrderText('five cartons of nova water\nfour boxes of kiri')).toBe(
      '5 cartons of nova water\n4 boxes of kiri',
    );
  });
});
