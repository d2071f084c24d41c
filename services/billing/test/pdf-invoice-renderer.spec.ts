import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { AppException } from '@erp/contracts';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../src/pdf/invoice-document.js';
import { InvoiceRenderer } from '../src/pdf/invoice-renderer.js';
import { sampleInvoiceDocument } from '../src/pdf/sample-invoice.js';
import { decodeZatcaQr } from '../src/pdf/zatca-qr.js';

/**
 * The renderer against real Chromium, read back with poppler (pdftotext, pdfimages, pdffonts,
 * pdftoppm) and zbar (zbarimg): CI installs them (.ci/run). Runs once per Chromium present:
 * the configured one (CHROMIUM_PATH, default /usr/bin/chromium) and chromium-headless-shell.
 */
const binaries = [
  ...new Set([process.env.CHROMIUM_PATH || '/usr/bin/chromium', '/usr/bin/chromium-headless-shell']),
].filter((path) => existsSync(path));

const run = (command: string, args: string[]): string =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * pdftotext's text with bidi controls and Arabic vowel marks dropped and white space collapsed:
 * `-layout` keeps each line where it is printed (labels, cells), the default reading order
 * keeps a wrapped sentence together.
 */
function pdfText(file: string, mode: 'layout' | 'reading' = 'layout'): string {
  return run('pdftotext', [...(mode === 'layout' ? ['-layout'] : []), file, '-'])
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\u064b-\u0652]/g, '')
    .replace(/\s+/g, ' ');
}

/** Every descendant of a process, from /proc (Chromium's renderers and helpers under its browser). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0;) {
    frontier = frontier.flatMap((each) => parents.get(each) ?? []);
    found.push(...frontier);
  }
  return found;
}

const imageCount = (file: string): number => run('pdfimages', ['-list', file]).trim().split('\n').length - 2;

/** A small solid PNG, so the logo is a raster image that pdfimages can count. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [13, 59, 79]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = mkdtempSync(join(tmpdir(), 'pdf-renderer-'));
const logoPath = join(dir, 'logo.png');
let server: Server;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  for (const tool of ['pdftotext', 'pdfimages', 'pdffonts', 'pdftoppm', 'zbarimg']) {
    expect(() => execFileSync('sh', ['-c', `command -v ${tool}`]), `${tool} is missing (see .ci/run)`).not.toThrow();
  }
  writeFileSync(logoPath, png(160, 64));
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('finds a Chromium to test with', () => {
  expect(binaries.length).toBeGreaterThan(0);
});

describe.each(binaries)('InvoiceRenderer with %s', (chromium) => {
  const renderer = new InvoiceRenderer({ CHROMIUM_PATH: chromium, PDF_PAGES: 2, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
  const tag = chromium.includes('headless-shell') ? 'shell' : 'full';
  const sample = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => {
    const base = sampleInvoiceDocument();
    return sampleInvoiceDocument({ seller: { ...base.seller, logoPath }, ...overrides });
  };
  const save = (name: string, pdf: Buffer): string => {
    const file = join(dir, `${tag}-${name}.pdf`);
    writeFileSync(file, pdf);
    return file;
  };

  afterAll(() => renderer.onModuleDestroy());

  it('prints a 15-line invoice with both languages, its number, its total and the logo on one page', async () => {
    const doc = sample();
    const pdf = await renderer.render(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = save('invoice', pdf);
    const text = pdfText(file);
    const expected = [
      // Titles and labels, English and Arabic (pdftotext gives Arabic words in logical order).
      'Tax Invoice',
      'فاتورة ضريبية',
      'Invoice No.',
      'رقم الفاتورة',
      'Subtotal',
      'المجموع قبل الضريبة',
      'VAT 15%',
      'ضريبة القيمة المضافة',
      'Total incl. VAT',
      'الإجمالي شامل الضريبة',
      'Amount in words',
      'المبلغ كتابة',
      // The parties in both languages, the number, the totals and the amount in words.
      'Gulf Wholesale Trading Co.',
      'شركة الخليج للتجارة بالجملة',
      'Al Noor Supermarket',
      'أسواق النور',
      'INV-2026-000123',
      '12,000.45',
      '1,800.07',
      'SAR 13,800.52',
    ];
    for (const item of doc.items) expected.push(item.name, item.total.replace(/\B(?=(\d{3})+\.)/g, ','));
    // Arabic item names without their numbers (pdftotext puts number runs where they are seen).
    expected.push('أرز بسمتي', 'زيت دوار الشمس', 'حليب مجفف كامل الدسم', 'تونة بزيت الزيتون', 'هيل أخضر');
    for (const text_ of expected) expect(text, text_).toContain(text_);
    // The amount in words, wrapped over lines: in reading order. (pdftotext detaches the alif of
    // a tanween such as ألفاً from its word, so the Arabic is checked between such words.)
    const reading = pdfText(file, 'reading');
    expect(reading).toContain('Thirteen thousand eight hundred riyals and fifty-two halalas');
    expect(reading).toContain('وثمانمئة ريال');
    expect(reading).toContain('واثنتان وخمسون هللة');
    expect(run('pdfinfo', [file])).toMatch(/Pages:\s+1\n/);
    expect(imageCount(file)).toBe(1);
    // The system fonts are embedded (subsets), Arabic in Noto Naskh Arabic, Latin in Noto Sans.
    const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(fonts.some((line) => /NotoNaskhArabic-Regular/.test(line))).toBe(true);
    expect(fonts.some((line) => /NotoSans-Regular/.test(line))).toBe(true);
    for (const line of fonts) expect(line).toMatch(/\byes\s+yes\s+yes\b/);
  });

  it('prints a QR code that scans to the ZATCA payload and its five fields', async () => {
    const doc = sample();
    const file = save('qr', await renderer.render(doc));
    run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, join(dir, `${tag}-qr`)]);
    const scanned = run('zbarimg', [
      '-q',
      '--raw',
      '-Sdisable',
      '-Sqrcode.enable',
      join(dir, `${tag}-qr-1.png`),
    ]).trim();
    expect(scanned).toBe(doc.qrPayload);
    expect(decodeZatcaQr(scanned)).toEqual({
      sellerName: 'شركة الخليج للتجارة بالجملة',
      vatNumber: '310123456700003',
      timestamp: '2026-11-21T11:25:09Z',
      total: '13800.52',
      vatAmount: '1800.07',
    });
  });

  it('prints hostile names as text and lets no request leave the page', async () => {
    const base = sample();
    const doc = sample({
      seller: { ...base.seller, name: '<img src=x onerror=alert(1)>' },
      buyer: { ...base.buyer, name: '<script>alert(1)</script>' },
      items: [
        { ...base.items[0], name: `<img src="${origin}/item.png">`, nameAr: '<b>عريض</b>' },
        ...base.items.slice(1),
      ],
    });
    const blockedBefore = renderer.blockedRequests;
    const file = save('hostile', await renderer.render(doc));
    const text = pdfText(file, 'reading');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain(`<img src="${origin}/item.png">`);
    // In a right-to-left cell the brackets of "<b>عريض</b>" are mirrored and reordered for display;
    // what matters is that they print at all instead of making the word bold.
    expect(pdfText(file)).toMatch(/[<>/]b[<>/].*عريض.*b[<>/]/);
    expect(hits).toEqual([]);
    expect(renderer.blockedRequests).toBe(blockedBefore);
  });

  it('blocks every request of a page even when the HTML itself asks for them', async () => {
    // A fresh page: one that printed an invoice keeps that document's CSP, which would block
    // these requests before the interception this test is about.
    const fresh = new InvoiceRenderer({ CHROMIUM_PATH: chromium, PDF_PAGES: 1, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
    try {
      const pdf = await fresh.renderHtml(`<!doctype html><html><head>
        <link rel="stylesheet" href="${origin}/style.css"></head><body>
        <p>still printed</p>
        <img src="${origin}/image.png">
        <div style="background-image: url(${origin}/background.png)">x</div>
        <iframe src="${origin}/frame.html"></iframe>
        <script src="${origin}/script.js"></script>
        <script>fetch('${origin}/fetch')</script>
        </body></html>`);
      expect(pdfText(save('raw', pdf))).toContain('still printed');
      expect(hits).toEqual([]);
      // The stylesheet, the image, the background and the frame were asked for and refused.
      expect(fresh.blockedRequests).toBeGreaterThanOrEqual(4);
    } finally {
      await fresh.onModuleDestroy();
    }
  });

  it('renders invoices in parallel on the warm pages, each with its own content', async () => {
    const docs = Array.from({ length: 6 }, (_, index) =>
      sample({
        invoiceNumber: `INV-2026-00070${index}`,
        total: `${index + 1}00.00`,
        seller: { ...sample().seller, logoPath: index % 2 ? null : logoPath },
      }),
    );
    const pdfs = await Promise.all(docs.map((doc) => renderer.render(doc)));
    pdfs.forEach((pdf, index) => {
      const file = save(`parallel-${index}`, pdf);
      const text = pdfText(file);
      expect(text).toContain(`INV-2026-00070${index}`);
      expect(text).toContain(`SAR ${index + 1}00.00`);
      for (const other of docs.filter((_, i) => i !== index)) expect(text).not.toContain(other.invoiceNumber);
      // The logo goes with the invoice that has one, even on a page that printed another first.
      expect(imageCount(file)).toBe(index % 2 ? 0 : 1);
    });
  });

  it('prints without the logo when its file is missing', async () => {
    const base = sample();
    const pdf = await renderer.render(sample({ seller: { ...base.seller, logoPath: join(dir, 'gone.png') } }));
    const file = save('no-logo', pdf);
    expect(imageCount(file)).toBe(0);
    expect(pdfText(file)).toContain('INV-2026-000123');
  });

  it('starts Chromium again on the next render after it crashed, also under a render in flight', async () => {
    const browserOf = (): Browser => (renderer as unknown as { current: { browser: Browser } }).current.browser;
    await renderer.render(sample());
    const first = browserOf();
    first.process()?.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pdfText(save('after-crash', await renderer.render(sample())))).toContain('INV-2026-000123');
    const second = browserOf();
    expect(second).not.toBe(first);
    expect(second.connected).toBe(true);

    const inFlight = renderer.render(sample({ invoiceNumber: 'INV-2026-000777' }));
    second.process()?.kill('SIGKILL');
    expect(pdfText(save('crash-in-flight', await inFlight))).toContain('INV-2026-000777');
    expect(browserOf()).not.toBe(second);
  });

  it('lives through every Chromium process killed under renders in flight: each render a PDF or a 503', async () => {
    const browserOf = (): Browser => (renderer as unknown as { current: { browser: Browser } }).current.browser;
    const outcomes: string[] = [];
    for (const order of ['browser first', 'children first', 'browser first']) {
      await renderer.render(sample());
      const browser = browserOf().process()!.pid!;
      const tree = [browser, ...descendantsOf(browser)];
      const inFlight = Array.from({ length: 6 }, (_, index) =>
        renderer.render(sample({ invoiceNumber: `INV-2026-00090${index}` })).then(
          (pdf) => (pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : 'not a pdf'),
          (error: unknown) =>
            error instanceof AppException && error.status === 503 ? '503' : `failed: ${String(error)}`,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
      for (const pid of order === 'browser first' ? tree : [...tree].reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone with its parent
        }
      }
      outcomes.push(...(await Promise.all(inFlight)));
    }
    // The process is still here (a pipe error nobody listened to would have ended it), and so is printing.
    expect(outcomes.filter((outcome) => outcome !== 'pdf' && outcome !== '503')).toEqual([]);
    expect(pdfText(save('after-kills', await renderer.render(sample())))).toContain('INV-2026-000123');
    // Three Chromium starts and 18 renders: about 12 s on a quiet 2-core machine, more under load.
  }, 120_000);

  it('refuses to render once shut down', async () => {
    const closing = new InvoiceRenderer({ CHROMIUM_PATH: chromium, PDF_PAGES: 1, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
    await closing.renderHtml('<p>x</p>');
    await closing.onModuleDestroy();
    await expect(closing.renderHtml('<p>x</p>')).rejects.toThrow('the invoice renderer is shut down');
  });
});
