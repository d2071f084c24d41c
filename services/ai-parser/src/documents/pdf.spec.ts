/**
 * Pages of scanned PDFs rendered for OCR by pdftoppm (real poppler, ImageMagick and Tesseract): at
 * 300 dpi for paper, at a lower resolution for a page so large that 300 dpi would make an image
 * of hundreds of megapixels (a 5000 × 5000 pt page once drove pdftoppm to 1.7 GB).
 */
import { readJpegSize } from '@erp/common';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { picturePdf, type PdfPicture } from '../../test/pdf-fixtures.js';
import { readDocument } from './index.js';
import { MAX_RENDER_SIDE, renderPdfPage, withTempDir } from './pdf.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/documents');

/** The rendered page's size in pixels. */
async function rendered(pdf: Buffer): Promise<{ width: number; height: number }> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const size = readJpegSize(await renderPdfPage(file, 1, dir, 60_000));
    if (!size) throw new Error('pdftoppm wrote no JPEG');
    return size;
  });
}

/**
 * The scanned Savola invoice (1204 × 893 px) cut into its top and bottom halves, drawn across a
 * page `width` points wide from its top: two pictures, so the page is rendered, not extracted.
 */
let halves: Buffer[] = [];
function scanAcross(pageWidth: number, pageHeight: number): Buffer {
  const scale = pageWidth / 1204;
  const pictures: PdfPicture[] = halves.map((jpeg, index) => {
    const height = (893 / 2) * scale;
    return { jpeg, x: 0, y: pageHeight - height * (index + 1), width: pageWidth, height };
  });
  return picturePdf(pageWidth, pageHeight, pictures);
}

describe('scanned PDF pages rendered for OCR', () => {
  beforeAll(() => {
    halves = [0, 1].map((index) =>
      execFileSync('convert', [
        path.join(fixtures, 'invoice-savola-scan.jpg'),
        '-crop',
        `1204x${893 / 2 + 0.5}+0+${index * 446}`,
        '+repage',
        '-quality',
        '92',
        'jpeg:-',
      ]),
    );
  });

  it('renders a page of 5000 × 5000 pt whole but within 4000 pixels a side (57 dpi, not 300)', async () => {
    const bomb = picturePdf(5000, 5000);
    expect(bomb.length).toBeLessThan(500);
    const size = await rendered(bomb);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(MAX_RENDER_SIDE);
    expect(size).toEqual({ width: Math.ceil((5000 * 57) / 72), height: Math.ceil((5000 * 57) / 72) });
  });

  it('renders paper (A4, US Letter) at 300 dpi as before', async () => {
    expect(await rendered(picturePdf(595, 842))).toEqual({ width: 2480, height: 3509 });
    expect(await rendered(picturePdf(612, 792))).toEqual({ width: 2550, height: 3300 });
  });

  it('reads a scan on an A4 page rendered at 300 dpi', { timeout: 90_000 }, async () => {
    const result = await readDocument(scanAcross(595, 842), 'pdf');
    expect(result).toMatchObject({ source: 'ocr', pages: 1 });
    expect(result.text).toContain('Savola Foods Company');
    expect(result.text).toMatch(/رقم الفاتورة: ?45671/);
  });

  it(
    'reads the same scan drawn across a 5000 × 5000 pt page from the smaller render',
    { timeout: 90_000 },
    async () => {
      const result = await readDocument(scanAcross(5000, 5000), 'pdf');
      expect(result.text).toContain('Savola Foods Company');
      expect(result.text).toMatch(/رقم الفاتورة: ?45671/);
    },
  );
});
