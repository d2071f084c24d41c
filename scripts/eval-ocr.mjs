// `npm run eval:ocr [-- --no-write --no-held-out --cases d001,d029 --keep]`: the OCR evaluation of issue #7.
// Renders every message of ../shared/eval/dev.jsonl as a WhatsApp-like chat screenshot in
// headless Chromium (Noto fonts), makes a slightly rotated (1–3°), blurred, noisy JPEG of each
// with ImageMagick, reads every image with readDocument (services/ai-parser/src/documents) and
// parses the text with the offline order parser; an image counts when it parses to the same
// items (SKU, quantity, unit) as the message's own text. Reported per kind: messages written
// with Latin digits, with Arabic-Indic digits, with no digits; clean and noisy; the clean
// screenshots read with the Noto Naskh digit outlines left out of the digit reader (a font it
// has not seen); and the parser's held-out message sets (services/ai-parser/test/fixtures/
// holdout*.jsonl; skip them with --no-held-out), clean and noisy. Also reads the supplier-invoice
// fixtures and writes docs/eval-ocr.md.
// Images are generated into a temp directory and removed afterwards (--keep keeps them).
//
// Other modes:
//   --glyphs    regenerates services/ai-parser/src/documents/glyph-data.ts (digit outlines);
//   --fixtures  regenerates services/ai-parser/test/fixtures/documents/* (test images, PDFs);
//   --wrapped-fixtures  regenerates only its invoice-wrapped-*.pdf (tables whose cells wrap).
//
// The TypeScript is transpiled on the fly (typescript.transpileModule) into a temp directory,
// so the numbers are always those of the current source.
/* global document -- only inside page.evaluate callbacks, which run in Chromium */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serviceSrc = path.join(root, 'services', 'ai-parser', 'src');
const fixturesDir = path.join(root, 'services', 'ai-parser', 'test', 'fixtures', 'documents');
const sharedEval = path.resolve(root, '..', 'shared', 'eval');
/** A file of shared/eval when the repository sits next to it, else its copy in the parser's fixtures. */
const evalFile = (name) =>
  fs.existsSync(path.join(sharedEval, name))
    ? path.join(sharedEval, name)
    : path.join(root, 'services', 'ai-parser', 'test', 'fixtures', name);
const devPath = evalFile('dev.jsonl');
const catalogPath = evalFile('catalog.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-zygote'];
const HELD_OUT_FONT = 'Noto Naskh Arabic';
const HELD_OUT_CLEAN = 'held-out messages, clean';
const HELD_OUT_NOISY = 'held-out messages, noisy';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};

// ---------------------------------------------------------------------------------------------
// Transpiled sources
// ---------------------------------------------------------------------------------------------

/**
 * Transpiles src/{common,parser,documents,supplier-invoice} into a fresh temp directory (node_modules
 * linked, so pdfjs-dist resolves; removed by `removeModules`) and imports their indexes; the
 * supplier-invoice parser is optional (`invoices` is null while it does not exist). `withoutFont`
 * drops that font's outlines from the digit reader's data.
 */
async function loadModules({ withoutFont } = {}) {
  // `common` holds the subprocess runner the documents module runs its tools with.
  const dirs = ['common', 'parser', 'documents', 'supplier-invoice'].filter((dir) =>
    fs.existsSync(path.join(serviceSrc, dir)),
  );
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ocr-eval-build-'));
  for (const dir of dirs) {
    fs.mkdirSync(path.join(outDir, dir), { recursive: true });
    for (const file of fs.readdirSync(path.join(serviceSrc, dir))) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
      let source = fs.readFileSync(path.join(serviceSrc, dir, file), 'utf8');
      if (withoutFont && dir === 'documents' && file === 'glyph-data.ts') {
        source = source
          .split('\n')
          .filter((line) => !line.includes(`|${withoutFont} `))
          .join('\n');
      }
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
        fileName: file,
      });
      fs.writeFileSync(path.join(outDir, dir, file.replace(/\.ts$/, '.js')), outputText);
    }
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(outDir, 'node_modules'), 'dir');
  const load = (dir) =>
    fs.existsSync(path.join(outDir, dir, 'index.js'))
      ? import(pathToFileURL(path.join(outDir, dir, 'index.js')).href)
      : Promise.resolve(null);
  return {
    outDir,
    parser: await load('parser'),
    documents: await load('documents'),
    invoices: await load('supplier-invoice'),
  };
}

function removeModules(modules) {
  fs.rmSync(modules.outDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

async function withBrowser(use) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A WhatsApp-like chat: one outgoing bubble (max 300 CSS px wide) with the time, 2× scale. */
function chatHtml(text) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body{margin:0;background:#efe7dd;font-family:'Noto Sans','Noto Naskh Arabic',sans-serif}
  .chat{padding:14px 10px;width:380px}
  .b{background:#dcf8c6;border-radius:8px;padding:6px 9px 18px;font-size:15px;line-height:1.45;white-space:pre-wrap;
     max-width:300px;width:fit-content;margin-left:auto;position:relative;box-shadow:0 1px .5px rgba(0,0,0,.13);color:#111}
  .t{position:absolute;right:8px;bottom:3px;font-size:11px;color:#667781}
  </style></head><body><div class="chat"><div class="b" dir="auto">${escapeHtml(text)}<span class="t">10:42</span></div></div></body></html>`;
}

async function screenshotChat(page, text, file) {
  await page.setContent(chatHtml(text));
  await page.evaluate(() => document.fonts.ready);
  await (await page.$('.chat')).screenshot({ path: file });
}

/** The noisy variant: rotated ±1–3°, blurred a little, Gaussian noise (seeded), JPEG quality 70. */
function degrade(source, target, index) {
  const angle = (1 + (index % 5) * 0.5) * (index % 2 ? -1 : 1);
  execFileSync('convert', [
    // A fixed seed per image: the same noise on every run, so runs compare.
    '-seed',
    String(index + 1),
    source,
    '-background',
    '#efe7dd',
    '-rotate',
    String(angle),
    '-blur',
    '0x0.6',
    '-attenuate',
    '0.6',
    '+noise',
    'Gaussian',
    '-quality',
    '70',
    target,
  ]);
  return angle;
}

// ---------------------------------------------------------------------------------------------
// --glyphs: digit outlines for the digit reader
// ---------------------------------------------------------------------------------------------

const TEMPLATE_FONTS = [
  ['Noto Naskh Arabic', 400],
  ['Noto Naskh Arabic', 700],
  ['Noto Sans Arabic', 400],
  ['Noto Sans Arabic', 700],
  ['Noto Kufi Arabic', 400],
  ['Noto Kufi Arabic', 700],
  ['DejaVu Sans', 400],
  ['DejaVu Sans', 700],
  ['Amiri', 400],
  ['Amiri', 700],
  ['KacstOne', 400],
  ['KacstBook', 400],
  ['KacstScreen', 400],
];
const COMPETITOR_LATIN_FONTS = [
  ['Noto Sans', 400],
  ['Noto Sans', 700],
  ['DejaVu Sans', 400],
  ['Noto Serif', 400],
];
const COMPETITOR_ARABIC_FONTS = [
  ['Noto Naskh Arabic', 400],
  ['Noto Sans Arabic', 400],
  ['Noto Kufi Arabic', 400],
  ['Amiri', 400],
];
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩۴۵۶٫';
const OTHER_LATIN = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ%/-+()&@';
const OTHER_ARABIC = 'ابحدرسصطعفقكلمنهوىةلاءـ';

/** Each character drawn alone on a canvas at 48 px; the ink's box and bits (MSB first, base64). */
function renderGlyphs(page, fonts, chars, size) {
  return page.evaluate(
    ({ fonts, chars, size }) => {
      const side = size * 3;
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const out = [];
      for (const [family, weight] of fonts) {
        for (const char of chars) {
          context.fillStyle = '#fff';
          context.fillRect(0, 0, side, side);
          context.fillStyle = '#000';
          context.font = `${weight} ${size}px "${family}"`;
          const base = Math.round(side * 0.66);
          context.fillText(char, size / 2, base);
          const data = context.getImageData(0, 0, side, side).data;
          let x0 = side;
          let y0 = side;
          let x1 = -1;
          let y1 = -1;
          for (let y = 0; y < side; y += 1) {
            for (let x = 0; x < side; x += 1) {
              if (data[(y * side + x) * 4] < 128) {
                x0 = Math.min(x0, x);
                x1 = Math.max(x1, x);
                y0 = Math.min(y0, y);
                y1 = Math.max(y1, y);
              }
            }
          }
          if (x1 < 0) continue;
          const width = x1 - x0 + 1;
          const height = y1 - y0 + 1;
          const bytes = new Uint8Array(Math.ceil((width * height) / 8));
          let i = 0;
          for (let y = y0; y <= y1; y += 1) {
            for (let x = x0; x <= x1; x += 1, i += 1)
              if (data[(y * side + x) * 4] < 128) bytes[i >> 3] |= 128 >> (i & 7);
          }
          let binary = '';
          for (const byte of bytes) binary += String.fromCharCode(byte);
          out.push({ char, font: `${family} ${weight}`, width, height, top: y0 - base, em: size, bits: btoa(binary) });
        }
      }
      return out;
    },
    { fonts, chars, size },
  );
}

async function writeGlyphs() {
  const unique = (glyphs) => {
    const seen = new Set();
    return glyphs.filter((glyph) => {
      const key = `${glyph.char}|${glyph.bits}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const { digits, others } = await withBrowser(async (browser) => {
    const page = await browser.newPage();
    const all = [...TEMPLATE_FONTS, ...COMPETITOR_LATIN_FONTS, ...COMPETITOR_ARABIC_FONTS];
    await page.setContent(
      `<html><body>${all.map(([family, weight]) => `<span style="font-family:'${family}';font-weight:${weight}">${ARABIC_DIGITS}${OTHER_LATIN}${OTHER_ARABIC}</span>`).join('')}</body></html>`,
    );
    await page.evaluate(() => document.fonts.ready);
    return {
      digits: unique(await renderGlyphs(page, TEMPLATE_FONTS, ARABIC_DIGITS, 48)),
      others: unique([
        ...(await renderGlyphs(page, COMPETITOR_LATIN_FONTS, OTHER_LATIN, 48)),
        ...(await renderGlyphs(page, COMPETITOR_ARABIC_FONTS, OTHER_ARABIC, 48)),
      ]),
    };
  });
  // One string per outline ("char|font|width|height|top|em|bits"): compact, and prettier leaves it be.
  const format = (glyph) =>
    `  '${[glyph.char, glyph.font, glyph.width, glyph.height, glyph.top, glyph.em, glyph.bits].join('|')}',`;
  const lines = [
    '// Generated by `node scripts/eval-ocr.mjs --glyphs`: do not edit by hand.',
    '// Outlines rendered by Chromium at 48 px, one string each: "char|font|width|height|top|em|bits" with',
    '// the bits packed MSB first in base64. Arabic-Indic digits (and the Persian 4, 5, 6) from common',
    '// Arabic fonts, and competitors the digit reader must not take for digits (Latin letters and',
    '// digits, Arabic letter bodies).',
    '',
    'export const ARABIC_DIGIT_GLYPHS: readonly string[] = [',
    ...digits.map(format),
    '];',
    '',
    'export const OTHER_GLYPHS: readonly string[] = [',
    ...others.map(format),
    '];',
    '',
  ];
  const file = path.join(serviceSrc, 'documents', 'glyph-data.ts');
  fs.writeFileSync(
    file,
    await prettier.format(lines.join('\n'), { ...(await prettier.resolveConfig(file)), filepath: file }),
  );
  console.log(`wrote ${path.relative(root, file)}: ${digits.length} digit outlines, ${others.length} competitors`);
}

// ---------------------------------------------------------------------------------------------
// --fixtures: test images and PDFs
// ---------------------------------------------------------------------------------------------

/** The two supplier invoices of the tests (their expected drafts are in supplier-invoice.spec.ts). */
const ALMARAI_INVOICE = {
  rows: [
    ['1', 'Almarai Fresh Milk Full Fat 1L', 'B-2211', '01/11/2026', '05/12/2026', '24', 'CTN', '5.55', '133.20'],
    ['2', 'Almarai Laban Full Fat 1L', 'L-7781', '10/11/2026', '30/11/2026', '12', 'CTN', '4.65', '55.80'],
    ['3', 'Almarai Orange Juice 1L', 'J-5520', '15/11/2026', '15/01/2027', '36', 'PCS', '6.30', '226.80'],
    ['4', 'Almarai Yoghurt Full Fat 1kg', 'Y-0931', '18/11/2026', '08/12/2026', '20', 'PCS', '7.40', '148.00'],
    ['5', 'Almarai Cheese Slices 200g', 'C-1204', '02/11/2026', '02/05/2027', '10', 'PCS', '9.75', '97.50'],
  ],
};

function almaraiInvoiceHtml() {
  const rows = ALMARAI_INVOICE.rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  body{font-family:'Noto Sans','Noto Naskh Arabic';font-size:11px;margin:28px;color:#111}
  .head{display:flex;justify-content:space-between;border-bottom:2px solid #0a5;padding-bottom:8px}
  .brand{font-size:22px;font-weight:700;color:#0a5}.ar{font-family:'Noto Naskh Arabic';font-size:18px;direction:rtl}
  h1{font-size:16px;margin:14px 0 8px} table{border-collapse:collapse;width:100%} td,th{border:1px solid #999;padding:4px 6px;text-align:left}
  th{background:#eef} .meta td{border:none;padding:2px 8px 2px 0} .sum{margin-top:10px;margin-left:auto;width:40%}
  </style></head><body>
  <div class="head"><div><div class="brand">Almarai Company</div><div>P.O. Box 8524, Riyadh 11492, Saudi Arabia</div><div>VAT No. 300055566600003 · CR 1010084223</div></div>
  <div class="ar">شركة المراعي</div></div>
  <h1>TAX INVOICE &nbsp; <span class="ar">فاتورة ضريبية</span></h1>
  <table class="meta"><tr><td>Invoice No: INV-88213</td><td>Invoice Date: 20/11/2026</td></tr>
  <tr><td>Customer: Al Noor Supermarket, Riyadh</td><td>Due Date: 20/12/2026</td></tr><tr><td>PO No: PO-5512</td><td>Salesman: Khalid</td></tr></table>
  <br><table><tr><th>#</th><th>Description</th><th>Batch No.</th><th>MFG Date</th><th>Expiry</th><th>Qty</th><th>Unit</th><th>Unit Price</th><th>Amount</th></tr>${rows}</table>
  <table class="sum"><tr><td>Subtotal</td><td>661.30</td></tr><tr><td>VAT 15%</td><td>99.20</td></tr><tr><td><b>Total (SAR)</b></td><td><b>760.50</b></td></tr></table>
  <p>Thank you for your business. Goods received in good condition.</p></body></html>`;
}

const SAVOLA_INVOICE = {
  rows: [
    ['1', 'زيت عافية ذرة 1.5 لتر', 'AF-5512', '01/10/2026', '01/10/2027', '12', 'كرتون', '21.00', '252.00'],
    ['2', 'زيت عافية ذرة 3 لتر', 'AF-5530', '05/10/2026', '05/10/2027', '6', 'كرتون', '39.50', '237.00'],
    ['3', 'زيت نور دوار الشمس 1.5 لتر', 'NR-2207', '12/09/2026', '12/09/2027', '24', 'حبة', '16.80', '403.20'],
    ['4', 'سكر الأسرة أبيض 10 كجم', 'SG-8801', '20/10/2026', '20/10/2028', '10', 'كيس', '33.00', '330.00'],
  ],
};

function savolaInvoiceHtml() {
  const rows = SAVOLA_INVOICE.rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><style>
  body{font-family:'Noto Naskh Arabic','Noto Sans';font-size:15px;margin:0;padding:26px;width:900px;background:#fff;color:#111}
  .brand{font-size:26px;font-weight:700} .en{font-family:'Noto Sans';direction:ltr;font-size:15px}
  h1{font-size:20px;margin:12px 0} table{border-collapse:collapse;width:100%} td,th{border:1px solid #555;padding:5px 7px;text-align:right}
  .meta td{border:none;padding:2px 0 2px 30px}
  </style></head><body>
  <div class="brand">شركة صافولا للأغذية</div><div class="en">Savola Foods Company</div><div>جدة - المملكة العربية السعودية - الرقم الضريبي 300011122200003</div>
  <h1>فاتورة ضريبية</h1>
  <table class="meta"><tr><td>رقم الفاتورة: 45671</td><td>التاريخ: 18/11/2026م الموافق 27/05/1448هـ</td></tr><tr><td>العميل: أسواق النور</td><td>طريقة الدفع: آجل</td></tr></table><br>
  <table><tr><th>م</th><th>الصنف</th><th>رقم التشغيلة</th><th>تاريخ الإنتاج</th><th>تاريخ الانتهاء</th><th>الكمية</th><th>الوحدة</th><th>سعر الوحدة</th><th>الإجمالي</th></tr>${rows}</table>
  <br><div>المجموع: 1222.20 &nbsp; ضريبة القيمة المضافة 15%: 183.33 &nbsp; الإجمالي شامل الضريبة: 1405.53</div></body></html>`;
}

/**
 * Supplier invoices whose table cells wrap (issue #21), as three generators lay them out: an
 * English one in narrow columns with the cells centred vertically (HTML's default: the figures
 * on a line of their own between the description's lines, the header's "Unit / Price" split the
 * same way, batch numbers broken at their hyphen); an Arabic one with the cells at the top and
 * the English name under the Arabic one; the same Arabic invoice centred; and scans (JPEG) of the
 * English one and the top-aligned Arabic one, for the OCR path. Their expected drafts
 * are in services/ai-parser/src/supplier-invoice/wrapped-cells.spec.ts.
 */
const WRAPPED_INVOICES = [
  {
    file: 'invoice-wrapped-en.pdf',
    dir: 'ltr',
    align: 'middle',
    supplier: 'Al Rawdah Dairy Distribution',
    heading: 'TAX INVOICE',
    meta: 'Invoice No: RD-4410 &nbsp; Date: 21/11/2026',
    columns: ['#', 'Item Description', 'Batch No.', 'Expiry Date', 'Qty', 'Unit', 'Unit Price', 'Line Amount'],
    rows: [
      ['1', 'Almarai Fresh Milk Full Fat 1L (12 x 1L)', 'B-2211', '05/12/2026', '24', 'CTN', '5.55', '133.20'],
      ['2', 'Almarai Laban Full Fat 1L', 'L-7781', '30/11/2026', '12', 'CTN', '4.65', '55.80'],
      ['3', 'Almarai Orange Juice 1L No Added Sugar', 'J-5520', '15/01/2027', '36', 'PCS', '6.30', '226.80'],
      ['4', 'Almarai Cheese Slices 200g', 'C-1204', '02/05/2027', '10', 'PCS', '9.75', '97.50'],
    ],
    totals: ['Subtotal 513.30', 'VAT 15% 77.00', 'Total 590.30'],
  },
  ...['top', 'middle'].map((align) => ({
    file: `invoice-wrapped-ar-${align}.pdf`,
    dir: 'rtl',
    align,
    supplier: 'مؤسسة الفجر للتموين',
    heading: 'فاتورة ضريبية',
    meta: 'رقم الفاتورة: FJ-2207 &nbsp; التاريخ: 22/11/2026',
    columns: ['م', 'اسم الصنف', 'رقم التشغيلة', 'تاريخ الانتهاء', 'الكمية', 'الوحدة', 'سعر الوحدة', 'الإجمالي'],
    rows: [
      ['1', 'زيت عافية ذرة 1.5 لتر<br>Afia Corn Oil 1.5L', 'AF-5512', '01/10/2027', '12', 'كرتون', '21.00', '252.00'],
      [
        '2',
        'سكر الأسرة أبيض ناعم 10 كجم<br>Al Osra White Sugar 10kg',
        'SG-8801',
        '20/10/2028',
        '10',
        'كيس',
        '33.00',
        '330.00',
      ],
      ['3', 'أرز بسمتي الوليمة 10 كجم', 'RB-4471', '31/08/2028', '20', 'كيس', '69.00', '1380.00'],
    ],
    totals: ['المجموع: 1962.00', 'ضريبة القيمة المضافة 15%: 294.30', 'الإجمالي شامل الضريبة: 2256.30'],
  })),
];

function wrappedInvoiceHtml(invoice) {
  const rtl = invoice.dir === 'rtl';
  const cells = (row, tag) => row.map((cell) => `<${tag}>${cell}</${tag}>`).join('');
  return `<!doctype html><html lang="${rtl ? 'ar' : 'en'}" dir="${invoice.dir}"><head><meta charset="utf-8"><style>
  body{font-family:${rtl ? "'Noto Naskh Arabic','Noto Sans'" : "'Noto Sans'"};font-size:${rtl ? 12 : 11}px;margin:28px}
  table{border-collapse:collapse;width:${rtl ? 470 : 420}px}
  td,th{border:1px solid #888;padding:${rtl ? '3px 5px' : '4px 6px'};text-align:${rtl ? 'right' : 'left'};vertical-align:${invoice.align}}
  </style></head><body><h2>${invoice.supplier}</h2><div>${invoice.heading}</div><div>${invoice.meta}</div><br>
  <table><tr>${cells(invoice.columns, 'th')}</tr>${invoice.rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</table>
  <p>${invoice.totals.join('<br>')}</p></body></html>`;
}

async function writeWrappedFixtures() {
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    for (const invoice of WRAPPED_INVOICES) {
      await page.setContent(wrappedInvoiceHtml(invoice));
      await page.evaluate(() => document.fonts.ready);
      await page.pdf({ path: path.join(fixturesDir, invoice.file), format: 'A4' });
      console.log(`${invoice.file}: ${(fs.statSync(path.join(fixturesDir, invoice.file)).size / 1024).toFixed(0)} KB`);
    }
  });
  // Two of them scanned: the page at 200 dpi, the top with the table, greyed, turned a little, noisy.
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-wrapped-'));
  try {
    for (const [pdf, scan, turn] of [
      ['invoice-wrapped-en.pdf', 'invoice-wrapped-en-scan.jpg', '0.6'],
      ['invoice-wrapped-ar-top.pdf', 'invoice-wrapped-ar-scan.jpg', '-0.5'],
    ]) {
      const page = path.join(temp, 'page');
      execFileSync('pdftoppm', [
        '-r',
        '200',
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        path.join(fixturesDir, pdf),
        page,
      ]);
      execFileSync('convert', [
        `${page}.png`,
        '-crop',
        '1654x1000+0+0',
        '-colorspace',
        'Gray',
        '-background',
        'white',
        '-rotate',
        turn,
        '-blur',
        '0x0.5',
        '-attenuate',
        '0.3',
        '+noise',
        'Gaussian',
        '-quality',
        '60',
        path.join(fixturesDir, scan),
      ]);
      console.log(`${scan}: ${(fs.statSync(path.join(fixturesDir, scan)).size / 1024).toFixed(0)} KB`);
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

async function writeFixtures() {
  fs.mkdirSync(fixturesDir, { recursive: true });
  const cases = readCases();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ocr-fixtures-'));
  try {
    await withBrowser(async (browser) => {
      const chat = await browser.newPage({ viewport: { width: 400, height: 200 }, deviceScaleFactor: 2 });
      for (const [id, name] of [
        ['d001', 'order-en.png'],
        ['d029', 'order-ar.png'],
      ]) {
        await screenshotChat(chat, cases.find((testCase) => testCase.id === id).text, path.join(fixturesDir, name));
      }
      const page = await browser.newPage();
      await page.setContent(almaraiInvoiceHtml());
      await page.evaluate(() => document.fonts.ready);
      await page.pdf({ path: path.join(fixturesDir, 'invoice-almarai.pdf'), format: 'A4', printBackground: true });

      // A "scan": the Arabic invoice as a screenshot, greyed, turned a little, noisy, JPEG.
      const scanPage = await browser.newPage({ viewport: { width: 952, height: 700 }, deviceScaleFactor: 1.25 });
      await scanPage.setContent(savolaInvoiceHtml());
      await scanPage.evaluate(() => document.fonts.ready);
      const shot = path.join(temp, 'savola.png');
      await scanPage.screenshot({ path: shot, fullPage: true });
      const scan = path.join(fixturesDir, 'invoice-savola-scan.jpg');
      execFileSync('convert', [
        shot,
        '-colorspace',
        'Gray',
        '-background',
        'white',
        '-rotate',
        '0.8',
        '-blur',
        '0x0.5',
        '-attenuate',
        '0.4',
        '+noise',
        'Gaussian',
        '-quality',
        '55',
        scan,
      ]);
      // The same scan as an image-only PDF (no text layer).
      const imagePage = await browser.newPage();
      const data = fs.readFileSync(scan).toString('base64');
      await imagePage.setContent(
        `<html><body style="margin:0"><img style="width:100%" src="data:image/jpeg;base64,${data}"></body></html>`,
      );
      await imagePage.pdf({ path: path.join(fixturesDir, 'invoice-savola-scan.pdf'), format: 'A4' });
    });
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  for (const file of fs.readdirSync(fixturesDir)) {
    console.log(`${file}: ${(fs.statSync(path.join(fixturesDir, file)).size / 1024).toFixed(0)} KB`);
  }
}

// ---------------------------------------------------------------------------------------------
// The evaluation
// ---------------------------------------------------------------------------------------------

function readCases() {
  return fs
    .readFileSync(devPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

function digitKind(text) {
  if (/[\u0660-\u0669\u06f0-\u06f9]/.test(text)) return 'arabic-indic';
  if (/[0-9]/.test(text)) return 'latin';
  return 'none';
}

const itemKey = (items) =>
  items
    .map((item) => `${item.sku ?? `(unmatched ${item.quantity})`} × ${item.quantity} ${item.unit ?? '–'}`)
    .sort()
    .join('; ');

const pct = (value) => `${(value * 100).toFixed(1)}%`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0;
};

async function readAll(modules, cases, files, variant) {
  const results = [];
  for (const testCase of cases) {
    const started = performance.now();
    let text = '';
    let error = null;
    try {
      ({ text } = await modules.documents.readDocument(fs.readFileSync(files.get(testCase.id)), 'image'));
    } catch (caught) {
      error = caught.message;
    }
    const ms = performance.now() - started;
    const expected = itemKey(modules.parser.parseOrderText(testCase.text, modules.index).items);
    const got = itemKey(modules.parser.parseOrderText(text, modules.index).items);
    results.push({
      id: testCase.id,
      kind: digitKind(testCase.text),
      variant,
      same: expected === got,
      expected,
      got,
      text,
      error,
      ms,
    });
    process.stdout.write(expected === got ? '.' : 'x');
  }
  process.stdout.write('\n');
  return results;
}

function summarise(results) {
  const rows = [];
  for (const variant of [...new Set(results.map((result) => result.variant))]) {
    for (const kind of ['latin', 'arabic-indic', 'none']) {
      const subset = results.filter((result) => result.variant === variant && result.kind === kind);
      if (subset.length === 0) continue;
      const same = subset.filter((result) => result.same).length;
      rows.push({ variant, kind, cases: subset.length, same, share: same / subset.length });
    }
  }
  return rows;
}

const KIND_LABEL = { latin: 'Latin digits', 'arabic-indic': 'Arabic-Indic digits', none: 'no digits (number words)' };
const TARGET = { latin: 0.9, 'arabic-indic': 0.7 };

/** The draft's head and lines; without the supplier-invoice parser, the text read, line by line. */
function invoiceSummary({ draft, text }) {
  if (!draft) {
    return {
      head: 'not parsed (services/ai-parser/src/supplier-invoice has no parser yet); text read:',
      lines: text.split('\n').map((line) => `\`${line.replace(/`/g, "'").replace(/\t/g, ' | ')}\``),
    };
  }
  const lines = draft.lines.map(
    (line) =>
      `${line.sku ?? `(unmatched: ${line.name})`} × ${line.quantity} ${line.unit ?? '–'} @ ${line.unitPrice ?? '–'}, batch ${line.batchNumber ?? '–'}, mfg ${line.manufactureDate ?? '–'}, exp ${line.expiryDate ?? '–'}, confidence ${line.confidence}${line.quantityNeedsCheck ? ', check' : ''}${line.unitNeedsCheck ? ', unit to check' : ''}`,
  );
  return { head: `${draft.supplierName ?? '–'} · ${draft.invoiceNumber ?? '–'} · ${draft.invoiceDate ?? '–'}`, lines };
}

/** The parser's held-out sets (services/ai-parser/test/fixtures/holdout*.jsonl): never used to tune the OCR. */
function readHeldOutCases() {
  const dir = path.join(root, 'services', 'ai-parser', 'test', 'fixtures');
  return fs
    .readdirSync(dir)
    .filter((file) => /^holdout.*\.jsonl$/.test(file))
    .sort()
    .flatMap((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line)),
    );
}

async function evaluate() {
  const only = option('cases')?.split(',');
  const cases = readCases().filter((testCase) => !only || only.includes(testCase.id));
  const heldOutCases = flag('no-held-out')
    ? []
    : readHeldOutCases().filter((testCase) => !only || only.includes(testCase.id));
  const modules = await loadModules();
  const heldOut = await loadModules({ withoutFont: HELD_OUT_FONT });
  const catalog = JSON.parse(fs.readFileSync(catalogPath, 'utf8')).map((item) => ({ id: item.sku, ...item }));
  modules.index = modules.parser.buildCatalogIndex(catalog);
  heldOut.index = modules.index;
  heldOut.parser = modules.parser;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ocr-images-'));
  const started = performance.now();
  try {
    const clean = new Map();
    const noisy = new Map();
    await withBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: { width: 400, height: 200 }, deviceScaleFactor: 2 });
      for (const [index, testCase] of [...cases, ...heldOutCases].entries()) {
        const file = path.join(dir, `${testCase.id}.png`);
        await screenshotChat(page, testCase.text, file);
        clean.set(testCase.id, file);
        const noisyFile = path.join(dir, `${testCase.id}-noisy.jpg`);
        degrade(file, noisyFile, index);
        noisy.set(testCase.id, noisyFile);
      }
    });
    console.log(
      `rendered ${cases.length + heldOutCases.length} × 2 images in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`,
    );
    const results = [
      ...(await readAll(modules, cases, clean, 'clean')),
      ...(await readAll(modules, cases, noisy, 'noisy')),
      ...(await readAll(heldOut, cases, clean, `clean, ${HELD_OUT_FONT} digits held out`)),
      ...(await readAll(modules, heldOutCases, clean, HELD_OUT_CLEAN)),
      ...(await readAll(modules, heldOutCases, noisy, HELD_OUT_NOISY)),
    ];

    // Supplier invoices (the test fixtures).
    const invoices = [];
    for (const [file, kind] of [
      ['invoice-almarai.pdf', 'pdf'],
      ['invoice-savola-scan.jpg', 'image'],
      ['invoice-savola-scan.pdf', 'pdf'],
      ['invoice-wrapped-en.pdf', 'pdf'],
      ['invoice-wrapped-ar-top.pdf', 'pdf'],
      ['invoice-wrapped-ar-middle.pdf', 'pdf'],
      ['invoice-wrapped-en-scan.jpg', 'image'],
      ['invoice-wrapped-ar-scan.jpg', 'image'],
    ]) {
      const full = path.join(fixturesDir, file);
      if (!fs.existsSync(full)) continue;
      const readStarted = performance.now();
      const read = await modules.documents.readDocument(fs.readFileSync(full), kind);
      const readMs = performance.now() - readStarted;
      const draft = modules.invoices?.parseSupplierInvoice(read.text, modules.index, {
        numbersFromOcr: read.numbersFromOcr,
      });
      invoices.push({ file, source: read.source, pages: read.pages, readMs, text: read.text, draft });
    }
    const summary = summarise(results);
    console.log('');
    for (const row of summary) {
      console.log(
        `${row.variant.padEnd(42)} ${KIND_LABEL[row.kind].padEnd(26)} ${row.same}/${row.cases} ${pct(row.share)}`,
      );
    }
    for (const invoice of invoices) {
      const { head, lines } = invoiceSummary(invoice);
      console.log(`\n${invoice.file} (${invoice.source}, ${invoice.readMs.toFixed(0)} ms): ${head}`);
      for (const line of lines) console.log(`  ${line}`);
    }
    if (!flag('no-write')) await writeReport(results, summary, invoices);
  } finally {
    removeModules(modules);
    removeModules(heldOut);
    if (flag('keep')) console.log(`images kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function writeReport(results, summary, invoices) {
  const timing = (variant) => {
    const times = results.filter((result) => result.variant === variant).map((result) => result.ms);
    return `p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, p95 ${(percentile(times, 95) / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s`;
  };
  const failures = results.filter((result) => !result.same);
  const mixedDigits = readCases().filter(
    (testCase) => /[\u0660-\u0669\u06f0-\u06f9]/.test(testCase.text) && /[0-9]/.test(testCase.text),
  ).length;
  const kindTiming = (variant, kind) => {
    const times = results
      .filter((result) => result.variant === variant && result.kind === kind)
      .map((result) => result.ms);
    return times.length ? `${KIND_LABEL[kind]} p50 ${(percentile(times, 50) / 1000).toFixed(2)} s` : null;
  };
  const lines = [
    '# OCR of order photos and supplier invoices: evaluation',
    '',
    'Written by `npm run eval:ocr` (scripts/eval-ocr.mjs); do not edit by hand. Issue #7: photos and PDFs read',
    'with Tesseract (Debian `tesseract-ocr`, `ara`/`eng` and the `Arabic` script model) and pdfjs-dist, code in',
    '`services/ai-parser/src/documents` and `services/ai-parser/src/supplier-invoice`.',
    '',
    `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), shared machine (load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')} at the end): times vary with what else runs.`,
    '',
    '## Method',
    '',
    '- Every message of `../shared/eval/dev.jsonl` is rendered in headless Chromium as a WhatsApp-like chat screenshot: one outgoing bubble at most 300 CSS px wide (long messages wrap), Noto Sans / Noto Naskh Arabic 15 px, the time "10:42" in the corner, device scale 2 (about 800 px wide). **Noisy**: the same image turned by ±1–3°, blurred (σ 0.6), with Gaussian noise (a fixed seed per image, so runs compare), saved as JPEG quality 70.',
    '- Each image goes through `readDocument(bytes, "image")` and the text through `parseOrderText` with the eval catalogue; the case counts when the items (SKU, quantity, unit) equal those parsed from the message’s own text. This measures the OCR, not the parser (the parser’s own accuracy on the texts is in docs/eval.md).',
    `- Kinds: messages whose numbers are written in Latin digits, in Arabic-Indic digits (٠–٩; the ${mixedDigits} messages with both count here), and with no digits at all (quantities in words).`,
    `- **Held-out font**: the clean dev screenshots read again with the ${HELD_OUT_FONT} outlines removed from the digit reader, whose data otherwise includes the font the screenshots use (Chromium draws ٠–٩ here in ${HELD_OUT_FONT}).`,
    '- **Held-out messages**: the parser’s held-out sets (`services/ai-parser/test/fixtures/holdout*.jsonl`), rendered and degraded the same way. The OCR pipeline was developed looking only at the dev images; these show how far that carries to messages it was not tuned on.',
    '',
    '## The pipeline (services/ai-parser/src/documents)',
    '',
    '- ImageMagick: first frame, EXIF orientation, flattened on white, grey, small rotations straightened (`-deskew`).',
    '- Binarised (Otsu); a page whose 16 px tiles are mostly busy (noise, texture) is taken as having no text; text scaled only when far from a readable height; table rules and specks removed.',
    '- Tesseract reads the grey page with its contrast stretched and the background flattened to white (keeping the anti-aliased edges Tesseract’s line recogniser uses), `--psm 6`, one thread: `Arabic+eng`, and when Arabic is found also the `Arabic` script model; the readings are merged line by line. Rows Tesseract split in two and read twice are read again as sparse text (`--psm 11`). A reading of scraps only is dropped (empty text).',
    '- Arabic-Indic digits are read again by a glyph matcher (digit outlines of common Arabic fonts against Latin and Arabic competitors) and put into the text as Latin digits; on a mixed line they keep the bidi class of Arabic numbers for the reading order.',
    '- Clean-up of known Tesseract confusions: the Arabic comma read as », mixed Latin/Arabic words read in visual order, a conjunction و dropped or read as 9/g, Persian letter forms.',
    '',
    '## Results: same items as the text',
    '',
    '| images | kind | cases | same items | target |',
    '| --- | --- | ---: | ---: | ---: |',
    ...summary.map(
      (row) =>
        `| ${row.variant} | ${KIND_LABEL[row.kind]} | ${row.cases} | ${row.same} (${pct(row.share)}) | ${TARGET[row.kind] ? `≥ ${pct(TARGET[row.kind])}` : '–'} |`,
    ),
    '',
    '## Time per image',
    '',
    'Wall time of `readDocument` per image, one image at a time:',
    '',
    ...[...new Set(results.map((result) => result.variant))].map(
      (variant) =>
        `- ${variant}: ${timing(variant)} (${['latin', 'arabic-indic', 'none']
          .map((kind) => kindTiming(variant, kind))
          .filter(Boolean)
          .join('; ')}).`,
    ),
    '- Per image: ImageMagick once; Tesseract once (`Arabic+eng`) for a page with no Arabic, twice (plus the `Arabic` script model) for one with Arabic, two more times (`--psm 11`) when rows were split; the digit reader in-process (a few ms after a one-off ~0.2 s template build). Tesseract runs with one thread (`OMP_THREAD_LIMIT=1`).',
    '',
    '## Supplier invoices (test fixtures)',
    '',
    ...invoices.flatMap((invoice) => {
      const { head, lines: invoiceLines } = invoiceSummary(invoice);
      return [
        `- \`${invoice.file}\` — read from the ${invoice.source === 'ocr' ? 'image by OCR' : 'text layer'} in ${(invoice.readMs / 1000).toFixed(2)} s (${invoice.pages} page): **${head}**`,
        ...invoiceLines.map((line) => `  - ${line}`),
      ];
    }),
    '',
    `## Images that did not parse to the same items (${failures.length})`,
    '',
    ...failures.flatMap((result) => [
      `- **${result.id}** (${result.variant}, ${KIND_LABEL[result.kind]})${result.error ? ` error: ${result.error}` : ''}`,
      `  - read: \`${result.text.replace(/\n/g, ' ⏎ ').replace(/`/g, "'")}\``,
      `  - text → ${result.expected || '(nothing)'}`,
      `  - image → ${result.got || '(nothing)'}`,
    ]),
    '',
  ];
  const target = path.join(root, 'docs', 'eval-ocr.md');
  const formatted = await prettier.format(lines.join('\n'), {
    ...(await prettier.resolveConfig(target)),
    filepath: target,
  });
  fs.writeFileSync(target, formatted);
  console.log(`\nwrote ${path.relative(root, target)}`);
}

if (flag('glyphs')) await writeGlyphs();
else if (flag('fixtures')) await writeFixtures();
else if (flag('wrapped-fixtures')) await writeWrappedFixtures();
else await evaluate();
