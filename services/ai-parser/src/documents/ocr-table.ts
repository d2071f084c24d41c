/**
 * A scanned table whose cells wrap, read from the OCR word boxes. Tesseract's row finder puts a
 * row's figures, the description lines above and below them and stray marks of the table's rules
 * into lines of its own making; here the words are laid out again by position: rules' remnants
 * dropped, lines by the words' vertical centres, cells where the gap between words is wide, and
 * the lines of one table row joined as the PDF text layer's are (wrapped-rows.ts).
 *
 * Used only when that joins something on a page with a table (two or more rows of figures):
 * any other page keeps Tesseract's lines (wordsToText), which also join a chat bubble's soft wraps.
 */
import type { OcrWord } from './digits.js';
import { orderLine } from './ocr.js';
import { type PlacedCell, type PlacedLine, joinWrappedRows, placedLineText } from './wrapped-rows.js';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]/;
/** What a table's rules leave behind: bars, quotes, dashes and underscores. */
const RULE_MARKS = /^[|¦‘’'`_\-—–=.:]+$/;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The words of a table's text: rules' remnants out, a bar stuck to a word taken off it. */
function textWords(words: readonly OcrWord[]): OcrWord[] {
  const height = median(words.map((word) => word.y1 - word.y0));
  return words
    .map((word) => ({ ...word, text: word.text.replace(/^[|¦‘’'`]+|[|¦‘’'`]+$/g, '') }))
    .filter(
      (word) =>
        word.text !== '' &&
        !RULE_MARKS.test(word.text) &&
        // A vertical rule read as "1" or "l", a horizontal one read as letters.
        word.x1 - word.x0 >= Math.max(2, height * 0.12) &&
        word.y1 - word.y0 >= height * 0.4 &&
        word.y1 - word.y0 <= height * 2.2,
    );
}

/** Visual lines: words whose vertical centres are close, top to bottom. */
function visualLines(words: readonly OcrWord[], height: number): OcrWord[][] {
  const centre = (word: OcrWord): number => (word.y0 + word.y1) / 2;
  const sorted = [...words].sort((a, b) => centre(a) - centre(b));
  const lines: OcrWord[][] = [];
  for (const word of sorted) {
    const line = lines[lines.length - 1];
    const lineCentre = line ? line.reduce((sum, other) => sum + centre(other), 0) / line.length : -Infinity;
    if (line && centre(word) - lineCentre <= height * 0.35) line.push(word);
    else lines.push([word]);
  }
  return lines;
}

function placeLine(words: OcrWord[], height: number, rtlPage: boolean): PlacedLine {
  const visual = [...words].sort((a, b) => a.x0 - b.x0);
  // Words of a cell are up to 1.1 word heights apart (of the line's own type), columns 1.3 and more.
  const cells = splitCells(visual, median(words.map((word) => word.y1 - word.y0)) * 1.2);
  const strong = visual.filter((word) => ARABIC.test(word.text) || LATIN.test(word.text));
  const rightmost = strong[strong.length - 1];
  const rtl = rightmost ? ARABIC.test(rightmost.text) : rtlPage;
  return {
    top: median(words.map((word) => (word.y0 + word.y1) / 2)),
    // Word boxes are about three quarters of the font size high.
    size: height * 1.3,
    rtl,
    cells: placeCells(cells, rtl),
  };
}

/** A line's words (left to right) split into cells where the gap between two is wider than `columnGap`. */
export function splitCells(visual: readonly OcrWord[], columnGap: number): OcrWord[][] {
  const cells: OcrWord[][] = [];
  visual.forEach((word, index) => {
    if (index > 0 && word.x0 - visual[index - 1].x1 <= columnGap) cells[cells.length - 1].push(word);
    else cells.push([word]);
  });
  return cells;
}

/** Cells of words as placed cells: each one's words in reading order, and its extent. */
export function placeCells(cells: readonly OcrWord[][], rtl: boolean): PlacedCell[] {
  return cells.map((cell) => ({
    text: orderLine(cell, rtl)
      .map((word) => word.text)
      .join(' '),
    x0: Math.min(...cell.map((word) => word.x0)),
    x1: Math.max(...cell.map((word) => word.x1)),
  }));
}

/** The page's text with its wrapped table rows joined, or null when it has none to join. */
export function wrappedTableText(words: readonly OcrWord[]): string | null {
  const kept = textWords(words);
  if (kept.length === 0) return null;
  const height = median(kept.map((word) => word.y1 - word.y0));
  const arabic = kept.filter((word) => ARABIC.test(word.text)).length;
  const lines = visualLines(kept, height).map((line) => placeLine(line, height, arabic * 2 >= kept.length));
  const joined = joinWrappedRows(lines);
  const rows = joined.filter((line) => line.cells.filter((cell) => /^[\p{N}.,٫/%-]+$/u.test(cell.text)).length >= 2);
  if (joined.length === lines.length || rows.length < 2) return null;
  return joined.map(placedLineText).join('\n');
}
