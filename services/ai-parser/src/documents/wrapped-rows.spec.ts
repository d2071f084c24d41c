import { describe, expect, it } from 'vitest';
import type { OcrWord } from './digits.js';
import { wrappedTableText } from './ocr-table.js';
import { type PlacedLine, joinWrappedRows, placedLineText } from './wrapped-rows.js';

/** Columns of a small invoice table (x ranges, points), left to right. */
const COLUMNS = {
  no: [20, 30],
  name: [40, 120],
  batch: [130, 160],
  qty: [170, 190],
  price: [200, 230],
  total: [240, 280],
};
type Column = keyof typeof COLUMNS;

/** A line at `top` (font size 8) with the given cells, each filling its column from the left. */
function line(top: number, cells: Partial<Record<Column, string>>, rtl = false): PlacedLine {
  return {
    top,
    size: 8,
    rtl,
    cells: Object.entries(cells).map(([column, text]) => {
      const [x0, x1] = COLUMNS[column as Column];
      return { text: text!, x0, x1: Math.min(x1, x0 + text!.length * 4) };
    }),
  };
}

const texts = (lines: PlacedLine[]): string[] => joinWrappedRows(lines).map(placedLineText);

describe('joinWrappedRows', () => {
  it('joins a description centred around its row of figures, and a batch broken at its hyphen', () => {
    expect(
      texts([
        line(0, { name: 'Almarai Fresh' }),
        line(5, { batch: 'B-' }),
        line(10, { no: '1', name: 'Milk Full Fat', qty: '24', price: '5.55', total: '133.20' }),
        line(15, { batch: '2211' }),
        line(20, { name: '1L (12 x 1L)' }),
      ]),
    ).toEqual(['1\tAlmarai Fresh Milk Full Fat 1L (12 x 1L)\tB-2211\t24\t5.55\t133.20']);
  });

  it('joins a top-aligned continuation to the row above, not the next row below it', () => {
    expect(
      texts([
        line(0, { no: '1', name: 'Afia Corn Oil', qty: '12', price: '21.00', total: '252.00' }),
        line(10, { name: '1.5L x 12' }),
        line(22, { no: '2', name: 'Nido Milk Powder', qty: '6', price: '81.50', total: '489.00' }),
      ]),
    ).toEqual(['1\tAfia Corn Oil 1.5L x 12\t12\t21.00\t252.00', '2\tNido Milk Powder\t6\t81.50\t489.00']);
  });

  it('gives a line between two rows to the nearer one', () => {
    expect(
      texts([
        line(0, { no: '1', name: 'Tea', qty: '1', price: '2.00', total: '2.00' }),
        line(14, { name: 'Rabea Tea' }),
        line(19, { no: '2', name: '100 bags', qty: '3', price: '4.00', total: '12.00' }),
      ]),
    ).toEqual(['1\tTea\t1\t2.00\t2.00', '2\tRabea Tea 100 bags\t3\t4.00\t12.00']);
  });

  it('joins a header split over three lines, including titles in columns the middle line lacks', () => {
    expect(
      texts([
        line(0, { name: 'Item', batch: 'Batch', price: 'Unit', total: 'Line' }),
        line(5, { no: '#', qty: 'Qty' }),
        line(10, { name: 'Description', batch: 'No.', price: 'Price', total: 'Amount' }),
      ]),
    ).toEqual(['#\tItem Description\tBatch No.\tQty\tUnit Price\tLine Amount']);
  });

  it('reads joined rows in the direction of their header', () => {
    const joined = joinWrappedRows([
      line(0, { no: 'م', name: 'الصنف', batch: 'التشغيلة', qty: 'الكمية', price: 'السعر', total: 'الإجمالي' }, true),
      line(10, { no: '1', name: 'سكر', batch: 'SG-8801', qty: '10', price: '33.00', total: '330.00' }, false),
      line(18, { name: 'Sugar 10kg' }, false),
    ]);
    expect(joined.map((entry) => entry.rtl)).toEqual([true, true]);
    expect(placedLineText(joined[1]!)).toBe('330.00\t33.00\t10\tSG-8801\tسكر Sugar 10kg\t1');
  });

  it('leaves lines that are not part of a row as they are', () => {
    const lines = [
      line(0, { no: '1', name: 'Laban 1L', qty: '12', price: '4.65', total: '55.80' }),
      // Words over a column of figures: a note beside the amounts, not the row's.
      line(9, { total: 'paid' }),
      // One cell across two columns: a sentence under the table.
      { top: 18, size: 8, rtl: false, cells: [{ text: 'Thank you for your business', x0: 20, x1: 125 }] },
      // Too far below.
      line(40, { name: 'Notes' }),
    ];
    expect(texts(lines)).toEqual(['1\tLaban 1L\t12\t4.65\t55.80', 'paid', 'Thank you for your business', 'Notes']);
  });
});

describe('wrappedTableText (OCR word boxes)', () => {
  /** A word box `height` px high whose top is at `y`. */
  const word = (text: string, x0: number, x1: number, y: number, height = 16): OcrWord => ({
    text,
    confidence: 90,
    x0,
    x1,
    y0: y,
    y1: y + height,
    line: '1/1/1',
  });

  it('joins a centred description to its row of figures and drops the marks of the rules', () => {
    const text = wrappedTableText([
      word('Almarai', 60, 130, 100),
      word('|', 240, 241, 95, 40),
      word('1', 20, 30, 114),
      word('Fresh', 60, 110, 128),
      word('24', 300, 320, 114),
      word('5.55', 360, 400, 114),
      word('133.20', 440, 500, 114),
      word('2', 20, 30, 170),
      word('Laban', 60, 110, 170),
      word('12', 300, 320, 170),
      word('4.65', 360, 400, 170),
      word('55.80', 440, 500, 170),
    ]);
    expect(text).toBe('1\tAlmarai Fresh\t24\t5.55\t133.20\n2\tLaban\t12\t4.65\t55.80');
  });

  it('leaves a page without a wrapped table (a chat message) to Tesseract’s lines', () => {
    expect(
      wrappedTableText([
        word('5', 20, 30, 100),
        word('ctn', 40, 70, 100),
        word('pepsi', 80, 130, 100),
        word('2', 20, 30, 130),
        word('bags', 40, 80, 130),
        word('sugar', 90, 140, 130),
      ]),
    ).toBeNull();
  });
});
