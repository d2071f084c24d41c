/**
 * PDFs: the text layer read with pdfjs-dist when a page has one, else the page's scanned image
 * (poppler's pdfimages when the page is one picture, else the page rendered by pdftoppm, JPEG,
 * 300 dpi, less for a page larger than paper: at most MAX_RENDER_SIDE pixels a side) read by OCR.
 *
 * pdfjs gives Arabic as presentation-form glyphs in visual order (often one item per glyph):
 * items are grouped into lines by their baseline, into words by the gaps between them, a word of
 * Arabic glyphs is read right to left, and the words of a line are put in reading order with the
 * same bidi rules as OCR lines (ocr.ts `orderLine`); NFKC (text.ts) turns the presentation forms
 * back into letters. Wide gaps between words (table columns) become a tab, and the lines of a table
 * row whose cells wrap are joined into one (wrapped-rows.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../common/run-process.js';
import type { OcrWord } from './digits.js';
import { placeCells, splitCells } from './ocr-table.js';
import { type PlacedLine, joinWrappedRows, placedLineText } from './wrapped-rows.js';

/** The parts of pdfjs's text item used here. */
interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export interface PdfPageText {
  text: string;
  /** Letters and digits on the page's text layer. */
  characters: number;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

interface Glyph {
  str: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** One line of text items (visual order) → its cells, each in reading order, and its direction. */
function placeLine(glyphs: Glyph[], rtlPage: boolean): PlacedLine {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const size = Math.max(1, ...sorted.map((glyph) => glyph.size));
  // Visual words: split at spaces and at gaps.
  const words: Array<{ glyphs: Glyph[]; x0: number; x1: number }> = [];
  let current: Glyph[] = [];
  let lastEnd = -Infinity;
  const flush = (): void => {
    if (current.length > 0)
      words.push({ glyphs: current, x0: current[0].x0, x1: Math.max(...current.map((glyph) => glyph.x1)) });
    current = [];
  };
  for (const glyph of sorted) {
    if (glyph.str.trim() === '') {
      // A space of no width is no gap: Chromium writes one inside the lam-alef ligature ("الإ جمالي").
      if (glyph.x1 - glyph.x0 > size * 0.05) flush();
      continue;
    }
    if (glyph.x0 - lastEnd > size * 0.2) flush();
    current.push(glyph);
    lastEnd = glyph.x1;
  }
  flush();
  // Within a word, Arabic glyphs run right to left; each item's own string is already logical.
  const ocrWords: OcrWord[] = words.map((word) => {
    const arabic = word.glyphs.some((glyph) => ARABIC.test(glyph.str));
    const latin = word.glyphs.some((glyph) => LATIN_OR_DIGIT.test(glyph.str) && !ARABIC.test(glyph.str));
    let text: string;
    if (arabic && latin) {
      // Mixed word (e.g. "رة:" next to digits): runs of Arabic items reversed, others kept.
      const runs: Glyph[][] = [];
      for (const glyph of word.glyphs) {
        const isArabic = ARABIC.test(glyph.str);
        const last = runs[runs.length - 1];
        if (last && ARABIC.test(last[0].str) === isArabic) last.push(glyph);
        else runs.push([glyph]);
      }
      text = runs
        .reverse()
        .map((run) => (ARABIC.test(run[0].str) ? [...run].reverse() : run).map((glyph) => glyph.str).join(''))
        .join('');
    } else if (arabic)
      text = [...word.glyphs]
        .reverse()
        .map((glyph) => glyph.str)
        .join('');
    else text = word.glyphs.map((glyph) => glyph.str).join('');
    return { text, confidence: 100, x0: word.x0, x1: word.x1, y0: 0, y1: size, line: '1/1/1' };
  });
  // Table cells: words split where the gap is wide; cells run in the line's direction.
  const cells = splitCells(ocrWords, size * 0.6);
  const strong = ocrWords.filter((word) => ARABIC.test(word.text) || /[A-Za-z]/.test(word.text));
  const rightmost = strong[strong.length - 1];
  const rtl = rightmost
    ? ARABIC.test(rightmost.text) || (rtlPage && !strong.some((word) => ARABIC.test(word.text)) && cells.length > 1)
    : rtlPage;
  return {
    top: -Math.max(...sorted.map((glyph) => glyph.y)),
    size,
    rtl,
    cells: placeCells(cells, rtl),
  };
}

/**
 * The text layer of every page (up to maxPages), lines in reading order. Pages are read one by
 * one until `deadline` (epoch ms) has passed: the pages read by then are returned.
 */
export async function readPdfTextLayer(
  bytes: Buffer,
  maxPages: number,
  deadline = Infinity,
): Promise<{ pages: PdfPageText[]; pageCount: number }> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pageCount = document.numPages;
    const pages: PdfPageText[] = [];
    for (let number = 1; number <= Math.min(pageCount, maxPages); number += 1) {
      if (Date.now() >= deadline) break;
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const glyphs: Glyph[] = [];
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        const item = raw as TextItem;
        if (!item.str) continue;
        const size = Math.hypot(item.transform[2], item.transform[3]) || item.height || 10;
        glyphs.push({
          str: item.str,
          x0: item.transform[4],
          x1: item.transform[4] + item.width,
          y: item.transform[5],
          size,
        });
      }
      // Lines: items whose baselines are within a third of the font size, top to bottom.
      glyphs.sort((a, b) => b.y - a.y);
      const lines: Glyph[][] = [];
      for (const glyph of glyphs) {
        const line = lines.find((candidate) => Math.abs(candidate[0].y - glyph.y) <= Math.max(2, glyph.size * 0.35));
        if (line) line.push(glyph);
        else lines.push([glyph]);
      }
      lines.sort((a, b) => b[0].y - a[0].y);
      const arabicLetters = glyphs.reduce(
        (sum, glyph) => sum + (glyph.str.match(/[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff]/g)?.length ?? 0),
        0,
      );
      const latinLetters = glyphs.reduce((sum, glyph) => sum + (glyph.str.match(/[A-Za-z]/g)?.length ?? 0), 0);
      const placed = lines.map((line) => placeLine(line, arabicLetters >= latinLetters));
      const text = joinWrappedRows(placed).map(placedLineText).join('\n');
      pages.push({ text, characters: (text.match(/[\p{L}\p{N}]/gu) ?? []).length });
      page.cleanup();
    }
    return { pages, pageCount };
  } finally {
    await document.destroy();
  }
}

/** Pages are rendered at 300 dpi (what OCR reads best), less only for a page larger than paper. */
const RENDER_DPI = 300;
/**
 * The most pixels a rendered page has a side: A4 and US Letter at 300 dpi fit (2480 × 3509,
 * 2550 × 3300), and OCR scales every image to at most 4000 px anyway (ocr.ts). A page of
 * 5000 × 5000 pt is rendered at 57 dpi (3959 px) instead of 20,833 px a side (1.7 GB in pdftoppm).
 */
export const MAX_RENDER_SIDE = 4000;
/** A page's one picture larger than an upload may be (the gateway's pixel limits) is rendered instead. */
const MAX_EXTRACTED_SIDE = 16_384;
const MAX_EXTRACTED_PIXELS = 100_000_000;

interface PageSize {
  /** Points (1/72 inch). */
  width: number;
  height: number;
}

/** The size of a page's MediaBox, the area pdftoppm renders, from pdfinfo. */
async function pageSize(file: string, page: number, timeoutMs: number): Promise<PageSize> {
  const { stdout } = await runProcess('pdfinfo', ['-f', String(page), '-l', String(page), '-box', file], {
    timeoutMs,
  });
  const box = /^Page\s+\d+\s+MediaBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(stdout.toString('latin1'));
  if (!box) throw new Error(`pdfinfo gave no MediaBox for page ${page}`);
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  return { width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
}

/** 300 dpi, or the resolution at which the page's longest side is MAX_RENDER_SIDE pixels. */
function renderDpi(size: PageSize): number {
  const inches = Math.max(size.width, size.height) / 72;
  if (!(inches > 0) || !Number.isFinite(inches)) return RENDER_DPI;
  return Math.max(1, Math.min(RENDER_DPI, Math.floor(MAX_RENDER_SIDE / inches)));
}

/**
 * A scanned page is usually one picture: when the page holds exactly one image of a readable
 * size (and no larger than an uploaded image may be) it is extracted as stored (pdfimages,
 * milliseconds, no resampling); else the page is rendered (renderPdfPage).
 */
export async function scannedPageImage(file: string, page: number, dir: string, timeoutMs: number): Promise<Buffer> {
  const started = Date.now();
  const listing = (
    await runProcess('pdfimages', ['-list', '-f', String(page), '-l', String(page), file], { timeoutMs })
  ).stdout.toString('utf8');
  const images = listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 5 && cells[2] === 'image')
    .map((cells) => ({ width: Number(cells[3]), height: Number(cells[4]) }));
  const [image] = images;
  if (
    images.length === 1 &&
    image.width >= 600 &&
    image.height >= 400 &&
    Math.max(image.width, image.height) <= MAX_EXTRACTED_SIDE &&
    image.width * image.height <= MAX_EXTRACTED_PIXELS
  ) {
    const prefix = path.join(dir, `image-${page}`);
    await runProcess('pdfimages', ['-all', '-f', String(page), '-l', String(page), file, prefix], {
      timeoutMs: timeoutMs - (Date.now() - started),
    });
    const written = (await fs.readdir(dir)).filter((name) => name.startsWith(`image-${page}-`));
    const usable = written.find((name) => /\.(jpg|png|tif|pbm|pgm|ppm)$/.test(name));
    if (usable) return fs.readFile(path.join(dir, usable));
  }
  return renderPdfPage(file, page, dir, timeoutMs - (Date.now() - started));
}

/**
 * One page rendered by pdftoppm as JPEG (PNG at 300 dpi takes tens of seconds), at renderDpi of
 * its size. The crop to MAX_RENDER_SIDE pixels a side (`-W`, `-H`) holds whatever pdfinfo said:
 * pdftoppm never allocates a larger page.
 */
export async function renderPdfPage(file: string, page: number, dir: string, timeoutMs: number): Promise<Buffer> {
  const started = Date.now();
  const prefix = path.join(dir, `page-${page}`);
  const dpi = renderDpi(await pageSize(file, page, timeoutMs));
  await runProcess(
    'pdftoppm',
    [
      '-r',
      String(dpi),
      '-x',
      '0',
      '-y',
      '0',
      '-W',
      String(MAX_RENDER_SIDE),
      '-H',
      String(MAX_RENDER_SIDE),
      '-jpeg',
      '-jpegopt',
      'quality=90',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      prefix,
    ],
    { timeoutMs: timeoutMs - (Date.now() - started) },
  );
  return fs.readFile(`${prefix}.jpg`);
}

/** A temp directory removed after `use`, whatever happens. */
export async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'erp-documents-'));
  try {
    return await use(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
