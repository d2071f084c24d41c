import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { readDocument } from '../documents/index.js';
import { type SupplierInvoiceReading, parseSupplierInvoice } from './index.js';

/**
 * Supplier invoices whose table cells wrap onto several lines, read from real PDFs (made in
 * Chromium by `node scripts/eval-ocr.mjs --wrapped-fixtures`) through the text layer's positions:
 * every row is one line with its whole description, batch and figures. Read line by line, as
 * before the rows were joined by position, the English one (cells centred) gave three rows for
 * four items (two items run together, a batch number read as a quantity of 1204); the Arabic one
 * with the cells at the top took the header's second line into the first name and lost the "10"
 * of "10 كجم" (the 5 kg rice matched); centred, it gave two rows, both wrong and without prices.
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/documents');

async function readInvoice(file: string): Promise<{ text: string; draft: SupplierInvoiceReading }> {
  const scan = file.endsWith('.jpg');
  const document = await readDocument(fs.readFileSync(path.join(fixtures, file)), scan ? 'image' : 'pdf');
  expect(document.source).toBe(scan ? 'ocr' : 'text-layer');
  const draft = parseSupplierInvoice(document.text, catalogIndex(), { numbersFromOcr: document.numbersFromOcr });
  return { text: document.text, draft };
}

const rows = (draft: SupplierInvoiceReading) =>
  draft.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.lineTotal, line.batchNumber]);

describe('supplier invoices whose table cells wrap', () => {
  describe('English, narrow columns, cells centred vertically (invoice-wrapped-en.pdf)', () => {
    let text: string;
    let draft: SupplierInvoiceReading;
    beforeAll(async () => ({ text, draft } = await readInvoice('invoice-wrapped-en.pdf')));

    it('joins the header split over three lines into one row of column titles', () => {
      expect(text.split('\n')).toContain(
        '#\tItem Description\tBatch No.\tExpiry Date\tQty\tUnit\tUnit Price\tLine Amount',
      );
    });

    it('reads every item with its whole description, its batch joined at the hyphen, and its figures', () => {
      expect(rows(draft)).toEqual([
        ['Almarai Fresh Milk Full Fat 1L (12 x 1L)', 24, '5.55', '133.20', 'B-2211'],
        ['Almarai Laban Full Fat 1L', 12, '4.65', '55.80', 'L-7781'],
        ['Almarai Orange Juice 1L No Added Sugar', 36, '6.30', '226.80', 'J-5520'],
        ['Almarai Cheese Slices 200g', 10, '9.75', '97.50', 'C-1204'],
      ]);
      expect(draft.lines.map((line) => line.expiryDate)).toEqual([
        '2026-12-05',
        '2026-11-30',
        '2027-01-15',
        '2027-05-02',
      ]);
      expect(draft.lines.slice(0, 2).map((line) => line.sku)).toEqual(['MILK-ALM-1L', 'LABAN-ALM-1L']);
    });

    it('reads the header and the totals under the table as before', () => {
      expect(draft).toMatchObject({
        supplierName: 'Al Rawdah Dairy Distribution',
        invoiceNumber: 'RD-4410',
        invoiceDate: '2026-11-21',
        totals: { subtotal: '513.30', vat: '77.00', total: '590.30' },
      });
    });
  });

  for (const align of ['top', 'middle']) {
    describe(`Arabic, the English name under the Arabic one, cells at the ${align} (invoice-wrapped-ar-${align}.pdf)`, () => {
      let text: string;
      let draft: SupplierInvoiceReading;
      beforeAll(async () => ({ text, draft } = await readInvoice(`invoice-wrapped-ar-${align}.pdf`)));

      it('keeps the rows in the header’s direction, right to left', () => {
        const lines = text.split('\n');
        expect(lines).toContain('م\tاسم الصنف\tرقم التشغيلة\tتاريخ الانتهاء\tالكمية\tالوحدة\tسعر الوحدة\tالإجمالي');
        expect(lines.filter((line) => line.startsWith('1\t') || line.startsWith('2\t'))).toEqual([
          '1\tزيت عافية ذرة 1.5 لتر Afia Corn Oil 1.5L\tAF-5512\t01/10/2027\t12\tكرتون\t21.00\t252.00',
          '2\tسكر الأسرة أبيض ناعم 10 كجم Al Osra White Sugar 10kg\tSG-8801\t20/10/2028\t10\tكيس\t33.00\t330.00',
        ]);
      });

      it('reads three items, each matched in both languages, with its quantity, price and batch', () => {
        expect(
          draft.lines.map((line) => [line.sku, line.quantity, line.unit, line.unitPrice, line.batchNumber]),
        ).toEqual([
          ['OIL-AFIA-1.5L', 12, 'carton', '21.00', 'AF-5512'],
          ['SUGAR-OSRA-10KG', 10, 'bag', '33.00', 'SG-8801'],
          ['RICE-WLM-10KG', 20, 'bag', '69.00', 'RB-4471'],
        ]);
        expect(draft).toMatchObject({ invoiceNumber: 'FJ-2207', invoiceDate: '2026-11-22' });
      });
    });
  }

  /*
   * The same invoices scanned (JPEG, 200 dpi, turned half a degree, noisy), read from the OCR
   * word boxes. Tesseract's own lines gave the English one's names cut across rows ("Juice 1LNo
   * Almarai Cheese", "Slices 200g" matched to a loaf of bread) and the Arabic rice without its
   * "10 كجم" (the 5 kg bag, at 3.00). What OCR misreads in the figures stays misread and marked.
   */
  describe('the English one scanned (invoice-wrapped-en-scan.jpg)', () => {
    let draft: SupplierInvoiceReading;
    beforeAll(async () => ({ draft } = await readInvoice('invoice-wrapped-en-scan.jpg')));

    it('reads four items, each with the whole of its name, and its quantity', () => {
      expect(draft.lines.map((line) => line.quantity)).toEqual([24, 12, 36, 10]);
      const names = draft.lines.map((line) => line.description);
      expect(names[0]).toMatch(/^Almarai Fresh .*Milk.* 1L \(12 ?x 1L\)$/);
      expect(names[2]).toMatch(/^Almarai Orange Juice .*Sugar$/);
      expect(names[3]).toMatch(/^Almarai Cheese .*200g$/);
      expect(draft.lines[0]).toMatchObject({ sku: 'MILK-ALM-1L', batchNumber: 'B-2211', lineTotal: '133.20' });
      expect(draft.lines.map((line) => line.expiryDate)).toEqual([
        '2026-12-05',
        '2026-11-30',
        '2027-01-15',
        '2027-05-02',
      ]);
      expect(draft.lines.every((line) => line.quantityNeedsCheck)).toBe(true);
    });
  });

  describe('the top-aligned Arabic one scanned (invoice-wrapped-ar-scan.jpg)', () => {
    let draft: SupplierInvoiceReading;
    beforeAll(async () => ({ draft } = await readInvoice('invoice-wrapped-ar-scan.jpg')));

    it('reads three items matched to the right sizes, with their quantities and prices', () => {
      expect(draft.lines.map((line) => [line.sku, line.quantity, line.unit, line.unitPrice])).toEqual([
        ['OIL-AFIA-1.5L', 12, 'carton', '21.00'],
        ['SUGAR-OSRA-10KG', 10, 'bag', '33.00'],
        ['RICE-WLM-10KG', 20, 'bag', '69.00'],
      ]);
    });
  });
});
