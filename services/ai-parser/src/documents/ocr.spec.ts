/**
 * The word-level steps of the OCR pipeline on hand-made Tesseract words (no Tesseract here):
 * reading order, soft wraps, rows read twice, scraps, and the repairs of Tesseract's known
 * confusions. The whole pipeline on real images is in index.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import type { OcrWord } from './digits.js';
import {
  dropGarbage,
  orderLine,
  repairMixedWords,
  replaceBands,
  restoreArabicCommas,
  splitRowBands,
  wordsToText,
} from './ocr.js';

/** Words laid out left to right on one row: [text, width] pairs, 10 px apart. */
function row(
  line: string,
  y0: number,
  cells: Array<[string, number] | [string, number, Partial<OcrWord>]>,
  x = 10,
): OcrWord[] {
  let left = x;
  return cells.map(([text, width, extra]) => {
    const word: OcrWord = { text, confidence: 95, x0: left, x1: left + width - 1, y0, y1: y0 + 20, line, ...extra };
    left += width + 10;
    return word;
  });
}

const texts = (words: readonly OcrWord[]): string[] => words.map((word) => word.text);

describe('orderLine', () => {
  it('reads an Arabic line right to left', () => {
    const words = row('1/1/1', 0, [
      ['حبة', 40],
      ['24', 20],
      ['نور', 40],
      ['زيت', 40],
    ]);
    expect(texts(orderLine(words))).toEqual(['زيت', 'نور', '24', 'حبة']);
  });

  it('keeps a number read from Arabic-Indic digits with the Arabic words beside it in a left-to-right line', () => {
    // "need ٢ كرتون Nova 330" laid out left to right: need | كرتون | ٢ | Nova | 330
    const words = row('1/1/1', 0, [
      ['need', 50],
      ['كرتون', 50],
      ['2', 12, { arabicDigits: true }],
      ['Nova', 50],
      ['330', 40],
    ]);
    expect(texts(orderLine(words, false))).toEqual(['need', '2', 'كرتون', 'Nova', '330']);
  });
});

describe('wordsToText', () => {
  it('joins a wrapped line that ends in a quantity opening the next item ("and 2 cartons")', () => {
    const words = [
      ...row('1/1/1', 0, [
        ['Need', 40],
        ['4', 10],
        ['bags', 40],
        ['Abu', 30],
        ['Kass', 40],
        ['10kg', 40],
        ['and', 30],
        ['2', 10],
        ['cartons', 60],
      ]),
      ...row('1/1/2', 30, [
        ['Afia', 40],
        ['1.5L.', 40],
        ['Thanks', 60],
      ]),
    ];
    expect(wordsToText(words)).toBe('Need 4 bags Abu Kass 10kg and 2 cartons Afia 1.5L. Thanks');
  });

  it('keeps the lines of an item list apart, and leaves a chat time stamp out', () => {
    const words = [
      ...row('1/1/1', 0, [
        ['Almarai', 70],
        ['fresh', 50],
        ['milk', 40],
        ['2L', 20],
        ['-', 10],
        ['6', 10],
        ['ctn', 30],
      ]),
      ...row('1/1/2', 30, [
        ['Nadec', 60],
        ['laban', 50],
        ['1L', 20],
        ['-', 10],
        ['4', 10],
        ['ctn', 30],
      ]),
      { text: '10:42', confidence: 96, x0: 250, x1: 290, y0: 60, y1: 72, line: '1/1/3' },
    ];
    expect(wordsToText(words)).toBe('Almarai fresh milk 2L - 6 ctn\nNadec laban 1L - 4 ctn');
  });
});

describe('splitRowBands and replaceBands', () => {
  // One row of text that Tesseract split into two overlapping rows, each read with words missing.
  const first = row('1/1/1', 30, [
    ['أحمد', 40],
    ['شاي', 30],
    ['كراذ', 30],
    ['ليبتون', 60],
    ['شاي', 30],
    ['10', 20],
    ['نطلب', 40],
  ]);
  const second = row('1/1/2', 38, [
    ['أحمد', 40],
    ['شاي', 30],
    ['من', 20],
    ['كراتين', 50],
    ['ليبتون', 60],
  ]);
  const stamp: OcrWord = { text: '10:42', confidence: 96, x0: 300, x1: 340, y0: 90, y1: 102, line: '1/1/3' };

  it('finds two overlapping rows that share words', () => {
    expect(splitRowBands([...first, ...second, stamp])).toEqual([{ y0: 30, y1: 58 }]);
  });

  it('finds nothing in overlapping rows that share no words, nor in a single row', () => {
    const apart = row('1/1/2', 38, [
      ['Nova', 40],
      ['330', 30],
    ]);
    expect(splitRowBands([...first, ...apart, stamp])).toEqual([]);
    expect(splitRowBands([...first, stamp])).toEqual([]);
  });

  it('replaces the rows in the band by the other reading, keeping the rows outside', () => {
    const sparse = [
      ...row('2/1/1', 40, [
        ['أحمد', 40],
        ['شاي', 30],
        ['من', 20],
        ['كراتين', 50],
        ['و5', 20],
        ['ليبتون', 60],
        ['شاي', 30],
        ['كراتين', 50],
        ['10', 20],
        ['نطلب', 40],
      ]),
      { ...stamp, line: '3/1/1' },
    ];
    const words = replaceBands([...first, ...second, stamp], sparse, [{ y0: 30, y1: 58 }]);
    expect(wordsToText(words)).toBe('نطلب 10 كراتين شاي ليبتون و5 كراتين من شاي أحمد');
  });
});

describe('dropGarbage', () => {
  it('drops a reading made only of scraps (a picture with no text)', () => {
    const scraps = [
      ...row('1/1/1', 0, [
        ['"', 10, { confidence: 41 }],
        ['&', 10, { confidence: 63 }],
      ]),
      ...row('1/1/2', 40, [
        ['E>', 20, { confidence: 87 }],
        ['oN', 20, { confidence: 39 }],
        ['}', 10, { confidence: 68 }],
      ]),
      ...row('1/1/3', 80, [
        ['0', 10, { confidence: 90 }],
        ['oat', 30, { confidence: 36 }],
      ]),
    ];
    expect(dropGarbage(scraps)).toEqual([]);
  });

  it('keeps a page of text, without its lines of stray marks', () => {
    const text = row('1/1/1', 0, [
      ['Nadec', 60],
      ['laban', 50],
      ['4', 10],
      ['ctn', 30],
    ]);
    const marks = row('1/1/2', 40, [['`', 10, { confidence: 30 }]]);
    expect(dropGarbage([...text, ...marks])).toEqual(text);
  });
});

describe('restoreArabicCommas', () => {
  it('reads a » after an Arabic word as the Arabic comma', () => {
    const words = row('1/1/1', 0, [
      ['علماً', 40],
      ['ديتول»', 50],
      ['عبوة', 40],
    ]);
    expect(texts(restoreArabicCommas(words))).toEqual(['علماً', 'ديتول،', 'عبوة']);
  });

  it('leaves a closing guillemet that has its opening one', () => {
    const words = row('1/1/1', 0, [
      ['ديتول»', 50],
      ['«زيت', 40],
    ]);
    expect(texts(restoreArabicCommas(words))).toEqual(['ديتول»', '«زيت']);
  });
});

describe('repairMixedWords', () => {
  it('puts an unsure word of Latin and Arabic letters back in reading order', () => {
    const words = row('1/1/1', 0, [
      ['يبl', 30, { confidence: 34 }],
      ['jنوترک', 60, { confidence: 30 }],
      ['Heinz', 50],
    ]);
    expect(texts(repairMixedWords(words))).toEqual(['ابي', 'کرتون', 'Heinz']);
  });

  it('leaves words Tesseract was sure of', () => {
    const words = row('1/1/1', 0, [['Almaraiالمراعي', 90, { confidence: 88 }]]);
    expect(repairMixedWords(words)).toEqual(words);
  });
});
