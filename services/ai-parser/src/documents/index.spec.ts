/**
 * readDocument on real files with the real tools (ImageMagick, Tesseract with its `Arabic`, `ara`
 * and `eng` data, poppler's pdfimages/pdftoppm) and pdfjs-dist. The fixtures are made by
 * `node scripts/eval-ocr.mjs --fixtures`: two chat screenshots of dev messages d001 (English)
 * and d029 (Arabic, Arabic-Indic digits), a supplier invoice printed to PDF by Chromium (text
 * layer) and a "scan" of an Arabic invoice as a JPEG and as an image-only PDF.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { parseOrderText } from '../parser/index.js';
import { DocumentError, type ReadDocumentResult, readDocument } from './index.js';
import { type OcrResult, ocrImage } from './ocr.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/documents');
const fixture = (name: string): Buffer => fs.readFileSync(path.join(fixtures, name));

/** The lines of a text, each trimmed, blank ones dropped. */
const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** An image made by ImageMagick from its arguments (e.g. a blank page, noise), PNG bytes. */
const magick = (...args: string[]): Buffer =>
  execFileSync('convert', [...args, 'png:-'], { maxBuffer: 64 * 1024 * 1024 });

/**
 * A minimal PDF with one page per string, each written in Helvetica (a real text layer). The
 * cross-reference table has the right offsets so pdfjs reads it without repairs.
 */
function textPdf(pages: string[]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_text, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, index) => {
    const id = pageIds[index];
    const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function documentError(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('readDocument', () => {
  describe('an English order photographed from a chat (order-en.png)', () => {
    let result: ReadDocumentResult;
    beforeAll(async () => {
      result = await readDocument(fixture('order-en.png'), 'image');
    });

    it('reads every item line with its quantity and unit', () => {
      expect(linesOf(result.text)).toEqual([
        'Almarai fresh milk 2L - 6 ctn',
        'Nadec laban 1L - 4 ctn',
        'Puck triangles - 10 boxes',
      ]);
    });

    it('leaves the chat time stamp out', () => {
      expect(result.text).not.toContain('10:42');
    });

    it('says the text came from OCR, numbers included', () => {
      expect(result).toMatchObject({ source: 'ocr', pages: 1, numbersFromOcr: true });
    });
  });

  describe('an Arabic order written with Arabic-Indic digits (order-ar.png)', () => {
    let result: ReadDocumentResult;
    let ocr: OcrResult;
    beforeAll(async () => {
      result = await readDocument(fixture('order-ar.png'), 'image');
      ocr = await ocrImage(fixture('order-ar.png'), { deadline: Date.now() + 30_000 });
    });

    it('reads the sizes and quantities (١٫٥، ٢٤، ٣، ١٢) right, in Latin digits', () => {
      const lines = linesOf(result.text);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^طلبية شركة الرواد للتموين:?$/);
      expect(lines[1]).toBe('زيت نور 1.5 لتر: 24 حبة');
      expect(lines[2]).toBe('زيت عافية 3 لتر: 12 حبة');
    });

    it('finds those numbers with the digit reader, not by Tesseract alone', () => {
      expect(ocr.digitRuns.map((run) => run.text).sort()).toEqual(['1.5', '12', '24', '3']);
    });

    it('parses to the same items as the message itself', () => {
      const items = parseOrderText(result.text, catalogIndex()).items.map((item) => [
        item.sku,
        item.quantity,
        item.unit,
      ]);
      expect(items).toEqual([
        ['OIL-NOOR-1.5L', 24, 'piece'],
        ['OIL-AFIA-3L', 12, 'piece'],
      ]);
    });
  });

  describe('a PDF with a text layer (invoice-almarai.pdf)', () => {
    let result: ReadDocumentResult;
    beforeAll(async () => {
      result = await readDocument(fixture('invoice-almarai.pdf'), 'pdf');
    });

    it('reads the text layer, so no number came from OCR', () => {
      expect(result).toMatchObject({ source: 'text-layer', pages: 1, numbersFromOcr: false });
    });

    it('keeps table rows on one line with their cells in order, separated by tabs', () => {
      const lines = linesOf(result.text);
      expect(lines).toContain('Invoice No: INV-88213\tInvoice Date: 20/11/2026');
      expect(lines).toContain(
        '1\tAlmarai Fresh Milk Full Fat 1L\tB-2211\t01/11/2026\t05/12/2026\t24\tCTN\t5.55\t133.20',
      );
      expect(lines).toContain('5\tAlmarai Cheese Slices 200g\tC-1204\t02/11/2026\t02/05/2027\t10\tPCS\t9.75\t97.50');
    });

    it('puts Arabic back in reading order as plain letters', () => {
      expect(result.text).toContain('شركة المراعي');
      expect(result.text).toContain('فاتورة ضريبية');
      expect(result.text).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/);
    });

    it('reads a PDF sent as an image by its bytes', async () => {
      const asImage = await readDocument(fixture('invoice-almarai.pdf'), 'image');
      expect(asImage).toEqual(result);
    });
  });

  describe('a scanned PDF with no text layer (invoice-savola-scan.pdf)', () => {
    let result: ReadDocumentResult;
    beforeAll(async () => {
      result = await readDocument(fixture('invoice-savola-scan.pdf'), 'pdf');
    });

    it('reads the page by OCR and says so', () => {
      expect(result).toMatchObject({ source: 'ocr', pages: 1, numbersFromOcr: true });
    });

    it('reads the supplier, invoice number and the item rows', () => {
      expect(result.text).toContain('Savola Foods Company');
      expect(result.text).toMatch(/رقم الفاتورة: ?45671/);
      expect(result.text).toMatch(/زيت عافية ذرة 1\.5 لتر AF-5512 01\/10\/2026 01\/10\/2027 12 كرتون/);
      expect(result.text).toMatch(/زيت عافية ذرة 3 لتر AF-5530 05\/10\/2026 05\/10\/2027 6 كرتون 39\.50 237\.00/);
    });
  });

  describe('page limits', () => {
    it('reads at most maxPages pages of a PDF', async () => {
      const pages = [
        'Page one: Al Walimah rice 10kg - 10 bags',
        'Page two: Al Osra sugar 10kg - 5 bags',
        'Page three: Lipton yellow label tea - 2 boxes',
      ];
      const pdf = textPdf(pages);
      const all = await readDocument(pdf, 'pdf');
      expect(all).toEqual({ text: pages.join('\n\n'), source: 'text-layer', pages: 3, numbersFromOcr: false });
      const first = await readDocument(pdf, 'pdf', { maxPages: 1 });
      expect(first).toEqual({ text: pages[0], source: 'text-layer', pages: 1, numbersFromOcr: false });
    });
  });

  describe('failures', () => {
    it('refuses an empty file as UNREADABLE', async () => {
      expect((await documentError(readDocument(Buffer.alloc(0), 'image'))).code).toBe('UNREADABLE');
      expect((await documentError(readDocument(Buffer.alloc(0), 'pdf'))).code).toBe('UNREADABLE');
    });

    it('refuses bytes that are no image as UNREADABLE', async () => {
      const garbage = Buffer.from('this is not an image, only some text\n'.repeat(50));
      expect((await documentError(readDocument(garbage, 'image'))).code).toBe('UNREADABLE');
    });

    it('refuses an SVG or other vector and text formats ImageMagick would guess from the content', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="white"/>' +
          '<text x="10" y="60" font-size="40">Pepsi 6 ctn</text></svg>',
      );
      expect((await documentError(readDocument(svg, 'image'))).code).toBe('UNREADABLE');
    });

    it('refuses bytes that are no PDF, or a broken PDF, as UNREADABLE', async () => {
      const garbage = Buffer.from(Array.from({ length: 4096 }, (_value, index) => (index * 7919) % 256));
      expect((await documentError(readDocument(garbage, 'pdf'))).code).toBe('UNREADABLE');
      const truncated = fixture('invoice-almarai.pdf').subarray(0, 600);
      expect((await documentError(readDocument(truncated, 'pdf'))).code).toBe('UNREADABLE');
    });

    /**
     * Which settles first: a reading with a deadline, or the same reading run to its end beside
     * it. An order of events, not a wall-clock bound: a reading that waited for its tools before
     * saying TIMEOUT would settle after its untimed twin.
     */
    async function firstToSettle(bytes: Buffer, type: 'image' | 'pdf', timeoutMs: number): Promise<string> {
      const whole = readDocument(bytes, type).then(
        () => 'the whole reading',
        () => 'the whole reading',
      );
      const timed = documentError(readDocument(bytes, type, { timeoutMs })).then((error) => `timed: ${error.code}`);
      const first = await Promise.race([timed, whole]);
      await Promise.all([timed, whole]);
      return first;
    }

    it('gives up with TIMEOUT when the time is up, without waiting for the tools', async () => {
      expect(await firstToSettle(fixture('order-en.png'), 'image', 1)).toBe('timed: TIMEOUT');
      expect(await firstToSettle(fixture('invoice-savola-scan.pdf'), 'pdf', 1)).toBe('timed: TIMEOUT');
    });

    it('kills a tool that is still running when the time is up', async () => {
      // Long enough for ImageMagick to start on the page, far too short for OCR.
      expect(await firstToSettle(fixture('invoice-savola-scan.jpg'), 'image', 150)).toBe('timed: TIMEOUT');
    });
  });

  describe('images without text', () => {
    it.each([
      ['a blank page', ['-size', '900x700', 'xc:white']],
      ['grey noise', ['-seed', '7', '-size', '900x700', 'xc:gray70', '-attenuate', '0.8', '+noise', 'Gaussian']],
      ['a blotchy photo of a wall', ['-seed', '11', '-size', '900x700', 'plasma:tan-wheat', '-blur', '0x2']],
    ])('reads %s as empty text', async (_name, args) => {
      const result = await readDocument(magick(...args), 'image');
      expect(result).toEqual({ text: '', source: 'ocr', pages: 1, numbersFromOcr: true });
    });
  });
});
