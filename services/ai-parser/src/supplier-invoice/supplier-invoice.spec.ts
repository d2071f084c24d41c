import { describe, expect, it } from 'vitest';
import { catalogIndex, packedCatalogIndex } from '../../test/parser-fixtures.js';
import { parseSupplierInvoice } from './index.js';

/**
 * Invoice texts as the documents module reads them. ALMARAI and SAVOLA_SCAN are what
 * readDocument returns for test/fixtures/documents/invoice-almarai.pdf (text layer: cells
 * separated by tabs) and invoice-savola-scan.jpg (Tesseract, with its misreadings: "21,00",
 * "40320" for 403.20, "330" for 33.00, "مكر" for سكر, "جبة" for حبة, "S6G" for SG, the 15% read
 * as "1"). The others are written as real Gulf invoices print: an Arabic one with Arabic-Indic
 * digits, a Hijri date, a discount column and VAT per line; a distributor's text layer with item
 * codes and barcodes, price before quantity, batch and expiry on the line under the item, a wrapped
 * description, labels above their values and a second page; and an English scan whose header row
 * OCR joined to the first item.
 */

const ALMARAI = [
  'شركة المراعي\tAlmarai Company',
  'P.O. Box 8524, Riyadh 11492, Saudi Arabia',
  'VAT No. 300055566600003 · CR 1010084223',
  'فاتورة ضريبية\tTAX INVOICE',
  'Invoice No: INV-88213\tInvoice Date: 20/11/2026',
  'Customer: Al Noor Supermarket, Riyadh\tDue Date: 20/12/2026',
  'PO No: PO-5512\tSalesman: Khalid',
  '#\tDescription\tBatch No.\tMFG Date\tExpiry\tQty\tUnit\tUnit Price\tAmount',
  '1\tAlmarai Fresh Milk Full Fat 1L\tB-2211\t01/11/2026\t05/12/2026\t24\tCTN\t5.55\t133.20',
  '2\tAlmarai Laban Full Fat 1L\tL-7781\t10/11/2026\t30/11/2026\t12\tCTN\t4.65\t55.80',
  '3\tAlmarai Orange Juice 1L\tJ-5520\t15/11/2026\t15/01/2027\t36\tPCS\t6.30\t226.80',
  '4\tAlmarai Yoghurt Full Fat 1kg\tY-0931\t18/11/2026\t08/12/2026\t20\tPCS\t7.40\t148.00',
  '5\tAlmarai Cheese Slices 200g\tC-1204\t02/11/2026\t02/05/2027\t10\tPCS\t9.75\t97.50',
  'Subtotal\t661.30',
  'VAT 15%\t99.20',
  'Total (SAR)\t760.50',
  'Thank you for your business. Goods received in good condition.',
].join('\n');

const SAVOLA_SCAN = [
  'شركة صافولا للأغذية',
  'Savola Foods Company',
  'جدة - المعلكة العريية السعودية - الرقم الضريبي 300011122200003',
  'فاتورة ضريبية',
  'رقم الفاتورة: 45671 التاريخ: 18/11/2026 م الموافق 27/05/1448 ه',
  'العميل: أسواق الور طريقة الدفع: آجل',
  'م الصف رقم التشغيلة تاريخ الإنتاج تاريخ الانتهاء الكمية الوحدة سعرالوحدة الإجمالي',
  '1 زيت عافية ذرة 1.5 لتر AF-5512 01/10/2026 01/10/2027 12 كرتون 21,00 252.00',
  '2 زيت عافية ذرة 3 لتر AF-5530 05/10/2026 05/10/2027 6 كرتون 39.50 237.00',
  '3 زيت نور دوار الشمس 1.5 لتر NR-2207 12/09/2026 12/09/2027 24 جبة 16.80 40320',
  '4 مكر الأسرة أبيض 10 كجم S6G-8801 20/10/2026 20/10/2028 10 كيس 330 330.00',
  'المجموع: 1222.20 ضريية القيمة المضافة 1: 183.33 الإجمالي شامل الضريبة: 1405.53',
].join('\n');

const GULF_STAR_ARABIC = [
  'مؤسسة نجمة الخليج للتجارة',
  'Gulf Star Trading Est.',
  'الرياض - حي السلي - ص.ب ١٢٣٤٥ - هاتف ٠١١٢٤٥٦٧٨٩',
  'الرقم الضريبي: ٣١٠١٢٣٤٥٦٧٠٠٠٠٣   س.ت: ١٠١٠٥٥٥٤٤٤',
  'فاتورة ضريبية   Tax Invoice',
  'رقم الفاتورة: GS-2026-0915',
  'التاريخ: ١٤٤٨/٠٥/٢٩هـ الموافق ٢٠٢٦/١١/٢٠م',
  'العميل: أسواق النور - الرياض   الرقم الضريبي للعميل: ٣٠٠٤٥٦٧٨٩٠٠٠٠٣',
  'تاريخ الاستحقاق: ٢٠٢٦/١٢/٢٠م',
  'م الصنف الكمية الوحدة السعر الخصم الصافي ضريبة ١٥٪ الإجمالي',
  '١ أرز الوليمة بسمتي ١٠ كجم ٢٠ كيس ٦٩٫٠٠ ٠٫٠٠ ١٣٨٠٫٠٠ ٢٠٧٫٠٠ ١٥٨٧٫٠٠',
  'رقم التشغيلة: ٢٦١٠١٥ - تاريخ الانتهاء: ١٠/٢٠٢٨',
  '٢ سكر الخليج أبيض ١٠ كجم ١٥ كيس ٣١٫٨٠ ٠٫٠٠ ٤٧٧٫٠٠ ٧١٫٥٥ ٥٤٨٫٥٥',
  '٣ شاي ربيع ١٠٠ كيس ١٠ كرتون ١٣٫٤٠ ٠٫٠٠ ١٣٤٫٠٠ ٢٠٫١٠ ١٥٤٫١٠',
  'تشغيلة RB-4471 انتهاء ٣١/٠٨/٢٠٢٨',
  '٤ حليب نيدو بودرة ٢٫٢٥ كجم ٦ حبة ٨١٫٥٠ ٩٫٠٠ ٤٨٠٫٠٠ ٧٢٫٠٠ ٥٥٢٫٠٠',
  '٥ معكرونة إيطالية بيني ٥٠٠ جم ٢٤ حبة ٤٫٢٥ ٠٫٠٠ ١٠٢٫٠٠ ١٥٫٣٠ ١١٧٫٣٠',
  '٦ Tang Orange Drink Powder 2kg تانج برتقال ٤ حبة ٣٢٫٥٠ ٠٫٠٠ ١٣٠٫٠٠ ١٩٫٥٠ ١٤٩٫٥٠',
  'المجموع قبل الضريبة: ٢٧٠٣٫٠٠',
  'ضريبة القيمة المضافة ١٥٪: ٤٠٥٫٤٥',
  'الإجمالي شامل الضريبة: ٣١٠٨٫٤٥',
  'فقط ثلاثة آلاف ومائة وثمانية ريالات وخمسة وأربعون هللة لا غير',
].join('\n');

const RAWABI = [
  'Al Rawabi Food Distribution Co.',
  'شركة الروابي لتوزيع الأغذية',
  'Dammam 31411, Kingdom of Saudi Arabia | Tel: +966 13 812 4400',
  'VAT Reg. No: 300123456700003',
  'TAX INVOICE',
  'Invoice Number\tInvoice Date\tDelivery Note\tCustomer PO',
  'SI-26-004512\t18-Nov-2026\tDN-77120\tPO-5512',
  'Bill To: Al Noor Supermarket, Riyadh\tCustomer VAT: 300987654300003',
  'Item Code\tBarcode\tDescription\tUnit Price\tQty\tUOM\tAmount excl. VAT\tVAT 15%\tAmount incl. VAT',
  '10234\t6281007030015\tNadec Fresh Milk Full Fat 1L\t5.30\t48\tPCS\t254.40\t38.16\t292.56',
  'Batch: 2611-08  Exp: 03/12/2026',
  '10551\t6281007035003\tNadec Laban Full Fat\t4.40\t24\tPCS\t105.60\t15.84\t121.44',
  '1 Litre bottle',
  'Batch: 2611-09  Exp: 01/12/2026',
  "20410\t6281036111119\tKellogg's Corn Flakes 500g\t15.60\t12\tPCS\t187.20\t28.08\t215.28",
  '30077\t6291003202210\tGreen Cardamom (per kg)\t118.00\t2.5\tKG\t295.00\t44.25\t339.25',
  'Page 1 of 2',
  'Item Code\tBarcode\tDescription\tUnit Price\tQty\tUOM\tAmount excl. VAT\tVAT 15%\tAmount incl. VAT',
  '40990\t6281100077124\tLipton Yellow Label Tea 100 Bags\t14.90\t1,000\tBOX\t14,900.00\t2,235.00\t17,135.00',
  'Total excl. VAT\t15,742.20',
  'VAT 15%\t2,361.33',
  'Total incl. VAT\t18,103.53',
  'Amount in words: Eighteen Thousand One Hundred Three Riyals and Fifty Three Halalas',
  'IBAN: SA03 8000 0000 6080 1016 7519',
].join('\n');

/** Tesseract's reading of a scanned NADEC invoice: the header row joined to the first item, "1L" read as "IL". */
const NADEC_SCAN = [
  'NADEC',
  'National Agricultural Development Co.',
  'Riyadh - Kingdom of Saudi Arabia - VAT No. 300001234500003',
  'TAX INVOICE Invoice No. 7700412 Date: 21/11/2026',
  'Sold To: Al Noor Supermarket, Riyadh Route: R-14',
  'Code Description Qty UOM Price Amount NFIL Nadec Fresh Milk Full Fat 1L 60 Pcs 5.30 318.00',
  'NLIL Nadec Laban Full Fat 1L 36 PCS 4.40 158.40',
  'NMIL Nadec Mango Juice IL 24 PCS 6.10 146.40',
  'Net Total 622.80',
  'VAT 15% 93.42',
  'Grand Total 716.22',
].join('\n');

const read = (text: string, numbersFromOcr = false) => parseSupplierInvoice(text, catalogIndex(), { numbersFromOcr });
const summary = (text: string, numbersFromOcr = false) =>
  read(text, numbersFromOcr).lines.map((line) => [line.sku, line.quantity, line.unit, line.unitPrice, line.lineTotal]);

describe('parseSupplierInvoice', () => {
  describe('the Almarai invoice (a PDF text layer, English)', () => {
    const draft = read(ALMARAI);

    it('reads the supplier, invoice number and invoice date, not the customer or the due date', () => {
      expect(draft).toMatchObject({
        supplierName: 'Almarai Company',
        invoiceNumber: 'INV-88213',
        invoiceDate: '2026-11-20',
        totals: { subtotal: '661.30', vat: '99.20', total: '760.50' },
      });
    });

    it('reads every item with its batch, production and expiry dates, and no totals line as an item', () => {
      expect(summary(ALMARAI)).toEqual([
        ['MILK-ALM-1L', 24, 'carton', '5.55', '133.20'],
        ['LABAN-ALM-1L', 12, 'carton', '4.65', '55.80'],
        ['JUICE-ALM-ORANGE-1L', 36, 'piece', '6.30', '226.80'],
        ['YOG-ALM-1KG', 20, 'piece', '7.40', '148.00'],
        [null, 10, 'piece', '9.75', '97.50'],
      ]);
      expect(draft.lines.map((line) => [line.batchNumber, line.manufactureDate, line.expiryDate])).toEqual([
        ['B-2211', '2026-11-01', '2026-12-05'],
        ['L-7781', '2026-11-10', '2026-11-30'],
        ['J-5520', '2026-11-15', '2027-01-15'],
        ['Y-0931', '2026-11-18', '2026-12-08'],
        ['C-1204', '2026-11-02', '2027-05-02'],
      ]);
      const sum = draft.lines.reduce((total, line) => total + Number(line.lineTotal), 0);
      expect(sum.toFixed(2)).toBe(draft.totals.subtotal);
    });

    it('gives a matched line the catalogue names and an unmatched one its printed text', () => {
      expect(draft.lines[0]).toMatchObject({
        name: 'Almarai Fresh Milk Full Fat 1L',
        nameAr: 'حليب المراعي طازج كامل الدسم 1 لتر',
        description: 'Almarai Fresh Milk Full Fat 1L',
        stockItemId: 'MILK-ALM-1L',
        confidence: 1,
      });
      // Almarai sells no cheese slices in this catalogue: the line comes back unmatched, with its text.
      expect(draft.lines[4]).toMatchObject({
        name: 'Almarai Cheese Slices 200g',
        nameAr: null,
        stockItemId: null,
        sku: null,
      });
      expect(draft.lines[4].confidence).toBeLessThan(0.6);
    });

    it('marks for checking only the units the items are not sold in, not their quantities', () => {
      // A text layer's numbers are exact and every row adds up; milk and laban are sold by the piece only.
      expect(draft.lines.map((line) => line.quantityNeedsCheck)).toEqual([false, false, false, false, false]);
      expect(draft.lines.map((line) => [line.unit, line.unitNeedsCheck])).toEqual([
        ['carton', true],
        ['carton', true],
        ['piece', false],
        ['piece', false],
        ['piece', false],
      ]);
    });

    it("keeps a printed unit that is one of the item's packs, as printed", () => {
      const packed = parseSupplierInvoice(ALMARAI, packedCatalogIndex());
      expect(packed.lines[0]).toMatchObject({
        sku: 'MILK-ALM-1L',
        quantity: 24,
        unit: 'carton',
        unitPrice: '5.55',
        unitNeedsCheck: false,
        quantityNeedsCheck: false,
      });
      expect(packed.lines[1]).toMatchObject({ sku: 'LABAN-ALM-1L', unit: 'carton', unitNeedsCheck: true });
    });
  });

  describe('the Savola invoice (a scan read by OCR, Arabic)', () => {
    const draft = read(SAVOLA_SCAN, true);

    it('reads the Arabic header, skipping the Hijri date', () => {
      expect(draft).toMatchObject({
        supplierName: 'شركة صافولا للأغذية',
        invoiceNumber: '45671',
        invoiceDate: '2026-11-18',
        totals: { subtotal: '1222.20', vat: '183.33', total: '1405.53' },
      });
    });

    it('repairs decimal points OCR lost when that makes the row add up, and reads misread units', () => {
      expect(summary(SAVOLA_SCAN, true)).toEqual([
        ['OIL-AFIA-1.5L', 12, 'carton', '21.00', '252.00'],
        ['OIL-AFIA-3L', 6, 'carton', '39.50', '237.00'],
        ['OIL-NOOR-1.5L', 24, 'piece', '16.80', '403.20'],
        ['SUGAR-OSRA-10KG', 10, 'bag', '33.00', '330.00'],
      ]);
      expect(draft.lines.map((line) => [line.batchNumber, line.manufactureDate, line.expiryDate])).toEqual([
        ['AF-5512', '2026-10-01', '2027-10-01'],
        ['AF-5530', '2026-10-05', '2027-10-05'],
        ['NR-2207', '2026-09-12', '2027-09-12'],
        ['S6G-8801', '2026-10-20', '2028-10-20'],
      ]);
      expect(draft.lines.every((line) => line.quantityNeedsCheck)).toBe(true);
      expect(draft.lines[3]).toMatchObject({ name: 'Al Osra White Sugar 10kg', nameAr: 'سكر الأسرة أبيض 10 كجم' });
    });

    it('does not repair figures of a text layer', () => {
      const lines = read(SAVOLA_SCAN, false).lines;
      expect(lines[2]).toMatchObject({ sku: 'OIL-NOOR-1.5L', quantityNeedsCheck: true });
      expect(lines[2].lineTotal).not.toBe('403.20');
    });
  });

  describe('an Arabic invoice with Arabic-Indic digits, a discount column and VAT per line', () => {
    const draft = read(GULF_STAR_ARABIC);

    it('reads the header in Arabic, the Gregorian date after the Hijri one, not the due date', () => {
      expect(draft).toMatchObject({
        supplierName: 'مؤسسة نجمة الخليج للتجارة',
        invoiceNumber: 'GS-2026-0915',
        invoiceDate: '2026-11-20',
        totals: { subtotal: '2703.00', vat: '405.45', total: '3108.45' },
      });
    });

    it('reads quantities, net prices after a discount, and pack sizes that are not quantities', () => {
      expect(summary(GULF_STAR_ARABIC)).toEqual([
        ['RICE-WLM-10KG', 20, 'bag', '69.00', '1380.00'],
        ['SUGAR-KHLJ-10KG', 15, 'bag', '31.80', '477.00'],
        ['TEA-RABEA-100', 10, 'carton', '13.40', '134.00'],
        ['MILK-NIDO-2.25KG', 6, 'piece', '80.00', '480.00'],
        [null, 24, 'piece', '4.25', '102.00'],
        ['TANG-ORANGE-2KG', 4, 'piece', '32.50', '130.00'],
      ]);
    });

    it('reads batch and expiry printed on the line under an item, a month-only expiry as its last day', () => {
      expect(draft.lines.map((line) => [line.batchNumber, line.expiryDate])).toEqual([
        ['261015', '2028-10-31'],
        [null, null],
        ['RB-4471', '2028-08-31'],
        [null, null],
        [null, null],
        [null, null],
      ]);
    });

    it('keeps an unmatched Arabic line as printed, and a bilingual description whole', () => {
      expect(draft.lines[4]).toMatchObject({
        name: 'معكرونة إيطالية بيني 500 جم',
        nameAr: 'معكرونة إيطالية بيني 500 جم',
        stockItemId: null,
      });
      expect(draft.lines[5].description).toBe('Tang Orange Drink Powder 2kg تانج برتقال');
    });
  });

  describe("a distributor's text layer: codes, barcodes, VAT columns, lines under items, two pages", () => {
    const draft = read(RAWABI);

    it('reads labels printed above their values', () => {
      expect(draft).toMatchObject({
        supplierName: 'Al Rawabi Food Distribution Co.',
        invoiceNumber: 'SI-26-004512',
        invoiceDate: '2026-11-18',
        totals: { subtotal: '15742.20', vat: '2361.33', total: '18103.53' },
      });
    });

    it('reads every item whatever the column order, a weight as the quantity, thousands separators', () => {
      expect(summary(RAWABI)).toEqual([
        ['MILK-NDC-1L', 48, 'piece', '5.30', '254.40'],
        ['LABAN-NDC-1L', 24, 'piece', '4.40', '105.60'],
        ['CEREAL-KELLOGGS-CF-500G', 12, 'piece', '15.60', '187.20'],
        ['SPICE-CARDAMOM-KG', 2.5, 'kg', '118.00', '295.00'],
        ['TEA-LIPTON-YL-100', 1000, 'box', '14.90', '14900.00'],
      ]);
      expect(draft.lines.map((line) => [line.batchNumber, line.expiryDate])).toEqual([
        ['2611-08', '2026-12-03'],
        ['2611-09', '2026-12-01'],
        [null, null],
        [null, null],
        [null, null],
      ]);
      expect(draft.lines[1].description).toBe('Nadec Laban Full Fat 1 Litre');
      expect(draft.lines.some((line) => line.quantityNeedsCheck)).toBe(false);
    });
  });

  describe('an English scan whose header row OCR joined to the first item', () => {
    const draft = read(NADEC_SCAN, true);

    it('reads the items without the column titles or item codes in their names', () => {
      expect(draft).toMatchObject({
        supplierName: 'National Agricultural Development Co.',
        invoiceNumber: '7700412',
        invoiceDate: '2026-11-21',
        totals: { subtotal: '622.80', vat: '93.42', total: '716.22' },
      });
      expect(summary(NADEC_SCAN, true)).toEqual([
        ['MILK-NDC-1L', 60, 'piece', '5.30', '318.00'],
        ['LABAN-NDC-1L', 36, 'piece', '4.40', '158.40'],
        [null, 24, 'piece', '6.10', '146.40'],
      ]);
      expect(draft.lines[0].description).toBe('Nadec Fresh Milk Full Fat 1L');
      expect(draft.lines[2]).toMatchObject({ name: 'Nadec Mango Juice IL', stockItemId: null });
    });
  });

  describe('the header', () => {
    const header = (text: string) => {
      const { supplierName, invoiceNumber, invoiceDate } = read(text);
      return { supplierName, invoiceNumber, invoiceDate };
    };

    it('reads the number and date labels Gulf invoices print, in both languages', () => {
      expect(header('مصنع الصافي للألبان\nفاتورة رقم 5521 بتاريخ 2026/11/15')).toEqual({
        supplierName: 'مصنع الصافي للألبان',
        invoiceNumber: '5521',
        invoiceDate: '2026-11-15',
      });
      expect(header('Tax Invoice No. TI/2026/00871   Dated: 12 Nov 2026')).toMatchObject({
        invoiceNumber: 'TI/2026/00871',
        invoiceDate: '2026-11-12',
      });
    });

    it('takes neither a PO number nor an order or due date for the invoice’s', () => {
      expect(
        header(
          'PO No: 4471   Order Date: 01/11/2026\nInvoice #: 88-120   Invoice Date: 03/11/2026   Due Date: 03/12/2026',
        ),
      ).toMatchObject({ invoiceNumber: '88-120', invoiceDate: '2026-11-03' });
    });

    it('prefers a labelled supplier to a company named elsewhere, and never takes the customer', () => {
      expect(header('Supplier: Al Watania Poultry\nCustomer: Al Noor Trading Company\nInvoice No: 1200')).toMatchObject(
        {
          supplierName: 'Al Watania Poultry',
        },
      );
      expect(header('Bill To: Al Noor Trading Company\nInvoice No: 1200')).toMatchObject({ supplierName: null });
    });
  });

  describe('rows and lines', () => {
    it('marks a row that does not add up for checking and still reads it by position', () => {
      const draft = read(
        ['Description\tQty\tUnit Price\tAmount', 'Afia Pure Corn Oil 1.5L\t12\t21.00\t250.00', 'Total\t250.00'].join(
          '\n',
        ),
      );
      expect(draft.lines).toEqual([
        expect.objectContaining({
          sku: 'OIL-AFIA-1.5L',
          quantity: 12,
          unitPrice: '21.00',
          lineTotal: '250.00',
          quantityNeedsCheck: true,
        }),
      ]);
    });

    it('reads a table without a header row from the first row that adds up', () => {
      const draft = read(
        [
          'Fresh Dairy Trading Est.',
          'Invoice # 2026/118   Date 19.11.2026',
          '1. Puck Cheese Triangles 16 Portions  8 box  10.80  86.40',
          '2. Kiri Cream Cheese 24 Portions  5 box  20.90  104.50',
          'Grand Total SR 219.54',
        ].join('\n'),
      );
      expect(draft).toMatchObject({
        supplierName: 'Fresh Dairy Trading Est.',
        invoiceNumber: '2026/118',
        invoiceDate: '2026-11-19',
      });
      expect(draft.lines.map((line) => [line.sku, line.quantity, line.unit, line.unitPrice])).toEqual([
        ['CHEESE-PUCK-TRI-16', 8, 'box', '10.80'],
        ['CHEESE-KIRI-24', 5, 'box', '20.90'],
      ]);
    });

    it('reads a total with VAT included when no net amount is printed', () => {
      const draft = read(['Item\tQty\tPrice\tTotal incl. VAT', 'Pepsi Can 330ml\t10 CTN\t22.80\t262.20'].join('\n'));
      expect(draft.lines[0]).toMatchObject({
        sku: 'PEPSI-CAN-330ML',
        quantity: 10,
        unit: 'carton',
        unitPrice: '22.80',
        lineTotal: '228.00',
      });
    });

    it('reads a discount and net amount printed after the gross amount', () => {
      const draft = read(
        [
          'Description\tQty\tUnit Price\tGross\tDiscount\tNet',
          'Rabea Tea 100 Bags\t24 CTN\t6.00\t144.00\t10.80\t133.20',
        ].join('\n'),
      );
      expect(draft.lines[0]).toMatchObject({
        sku: 'TEA-RABEA-100',
        quantity: 24,
        unitPrice: '5.55',
        lineTotal: '133.20',
      });
    });

    it('converts dozens to pieces', () => {
      const draft = read(
        ['Description\tQty\tUnit\tPrice\tAmount', 'Lux Bar Soap 120g\t3\tDOZ\t30.60\t91.80'].join('\n'),
      );
      expect(draft.lines[0]).toMatchObject({ sku: 'SOAP-LUX-120G', quantity: 36, unit: 'piece', unitPrice: '2.55' });
      expect(draft.lines[0].quantityNeedsCheck).toBe(true);
      expect(draft.lines[0].unitNeedsCheck).toBe(false);
    });

    it('keeps dozens, cases and sacks of items sold in them, and flags those of items that are not', () => {
      const text = [
        'Description\tQty\tUnit\tPrice\tAmount',
        'Pepsi Can 330ml\t10\tDOZ\t27.00\t270.00',
        'Sadia Frozen Whole Chicken 1000g\t8\tCASE\t138.00\t1104.00',
        'Green Cardamom\t2\tSACK\t3400.00\t6800.00',
        'Sadia Frozen Whole Chicken 1200g\t5\tCASE\t150.00\t750.00',
      ].join('\n');
      const lines = parseSupplierInvoice(text, packedCatalogIndex()).lines.map((line) => [
        line.sku,
        line.quantity,
        line.unit,
        line.unitPrice,
        line.quantityNeedsCheck,
        line.unitNeedsCheck,
      ]);
      expect(lines).toEqual([
        ['PEPSI-CAN-330ML', 10, 'dozen', '27.00', false, false],
        ['CHK-SADIA-1000G', 8, 'case', '138.00', false, false],
        ['SPICE-CARDAMOM-KG', 2, 'sack', '3400.00', false, false],
        ['CHK-SADIA-1200G', 5, 'carton', '150.00', false, true],
      ]);
    });

    it("reads شوال and كرتون printed on an Arabic invoice onto the items' packs", () => {
      const text = [
        'الصنف\tالكمية\tالوحدة\tالسعر\tالإجمالي',
        'هيل أخضر\t3\tشوال\t3400.00\t10200.00',
        'تمر خلاص\t10\tكرتون\t115.00\t1150.00',
        'حليب المراعي طازج كامل الدسم 1 لتر\t5\tكيس\t6.00\t30.00',
      ].join('\n');
      const lines = parseSupplierInvoice(text, packedCatalogIndex()).lines.map((line) => [
        line.sku,
        line.quantity,
        line.unit,
        line.unitNeedsCheck,
      ]);
      expect(lines).toEqual([
        ['SPICE-CARDAMOM-KG', 3, 'sack', false],
        ['DATES-KHL-KG', 10, 'carton', false],
        ['MILK-ALM-1L', 5, 'bag', true],
      ]);
    });

    it('matches a line by our own SKU printed on it', () => {
      const draft = read(
        ['Code\tDescription\tQty\tPrice\tAmount', 'FAIRY-LEMON-1L\tDishwash 1 ltr\t12\t11.20\t134.40'].join('\n'),
      );
      expect(draft.lines[0]).toMatchObject({ sku: 'FAIRY-LEMON-1L', confidence: 1 });
    });
  });

  describe('what is not an invoice', () => {
    it('answers an empty draft for empty text, a photo with no text, or a chat message', () => {
      for (const text of ['', '   \n\n', 'Hello, please send 5 cartons of milk tomorrow']) {
        expect(read(text)).toEqual({
          supplierName: null,
          invoiceNumber: null,
          invoiceDate: null,
          lines: [],
          totals: { subtotal: null, vat: null, total: null },
        });
      }
    });

    it('never throws on noise', () => {
      let seed = 7;
      const random = (): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const alphabet = 'abc XYZ 0123456789 .,:/-%\t\nكرتون حبة المجموع ١٢٣٫٤ هـ ()#';
      for (let k = 0; k < 200; k += 1) {
        const length = Math.floor(random() * 400);
        let text = '';
        for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(random() * alphabet.length)];
        expect(() => read(text, k % 2 === 0)).not.toThrow();
      }
    });

    // Its speed is measured by `npm run bench`, not here; this is the shape of a hundred rows.
    it('reads a long OCR text, row by row', () => {
      const page = SAVOLA_SCAN.split('\n');
      const rows = page.slice(7, 11);
      const long = [
        ...page.slice(0, 7),
        ...Array.from({ length: 100 }, (_, k) => rows[k % rows.length]),
        page[11],
      ].join('\n');
      const draft = read(long, true);
      expect(draft.lines).toHaveLength(100);
    });
  });
});
