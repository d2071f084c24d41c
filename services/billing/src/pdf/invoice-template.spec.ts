import { describe, expect, it } from 'vitest';
import { InvoiceLogoError, logoDataUri } from './invoice-logo.js';
import { formatIssuedAt, groupDigits, invoiceHtml } from './invoice-template.js';
import { sampleInvoiceDocument, sampleLogoSvg } from './sample-invoice.js';

const options = { logo: null, timeZone: 'Asia/Riyadh' };
const hostile = '<img src=x onerror=alert(1)>';

/** Every URL the markup could load from: src/href attributes, url(...) and @import. */
function externalReferences(markup: string): string[] {
  const attributes = [...markup.matchAll(/\s(?:src|href|srcset|action|poster|data)\s*=\s*"([^"]*)"/gi)].map(
    (m) => m[1],
  );
  const urls = [...markup.matchAll(/url\(|@import/gi)].map((m) => m[0]);
  return [...attributes.filter((value) => !value.startsWith('data:')), ...urls];
}

describe('invoiceHtml', () => {
  it('titles a ZATCA simplified document "Simplified Tax Invoice" in both languages, and a standard one "Tax Invoice"', () => {
    const simplified = invoiceHtml({ ...sampleInvoiceDocument(), zatcaKind: 'simplified' }, options);
    expect(simplified).toContain('Simplified Tax Invoice');
    expect(simplified).toContain('فاتورة ضريبية مبسطة');
    const standard = invoiceHtml({ ...sampleInvoiceDocument(), zatcaKind: 'standard' }, options);
    expect(standard).not.toContain('Simplified');
    expect(standard).not.toContain('مبسطة');
  });

  it('holds both titles, both names of the seller and the buyer, every line and the totals', () => {
    const doc = sampleInvoiceDocument();
    const page = invoiceHtml(doc, options);
    for (const text of [
      'Tax Invoice',
      'فاتورة ضريبية',
      doc.seller.name,
      doc.seller.nameAr!,
      doc.buyer.name,
      doc.buyer.nameAr!,
      'INV-2026-000123',
      '2026-11-21 14:25',
      'ORD-2026-000457',
      '310123456700003',
      '12,000.45',
      '1,800.07',
      'SAR 13,800.52',
      'Thirteen thousand eight hundred riyals and fifty-two halalas',
      'ثلاثة عشر ألفاً وثمانمئة ريال واثنتان وخمسون هللة',
    ]) {
      expect(page).toContain(text);
    }
    for (const item of doc.items) {
      expect(page).toContain(item.name);
      expect(page).toContain(item.nameAr!);
    }
    expect(page).toContain('<svg class="qr"');
  });

  it('prints a credit note as one: its title and number, the invoice it undoes and why', () => {
    const page = invoiceHtml(
      sampleInvoiceDocument({
        type: 'credit_note',
        invoiceNumber: 'CN-2026-000007',
        creditNote: {
          originalNumber: 'INV-2026-000123',
          originalIssuedAt: '2026-11-20T08:00:00.000Z',
          reason: 'goods_returned',
          reasonText: hostile,
        },
      }),
      options,
    );
    for (const text of ['Credit Note', 'إشعار دائن', 'Credit note No.', 'رقم الإشعار', 'CN-2026-000007']) {
      expect(page).toContain(text);
    }
    for (const text of ['Original invoice', 'الفاتورة الأصلية', 'INV-2026-000123', '2026-11-20 11:00']) {
      expect(page).toContain(text);
    }
    expect(page).toContain('Goods returned');
    expect(page).toContain('إرجاع بضاعة');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('Tax Invoice');
  });

  it('prints a proforma without a number or a QR code, saying it is not a tax invoice', () => {
    const page = invoiceHtml(
      sampleInvoiceDocument({ type: 'proforma', invoiceNumber: null, qrPayload: null }),
      options,
    );
    expect(page).toContain('Proforma Invoice');
    expect(page).toContain('فاتورة مبدئية');
    expect(page).toContain('Not a tax invoice');
    expect(page).toContain('ليست فاتورة ضريبية');
    expect(page).not.toContain('Invoice No.');
    expect(page).not.toContain('INV-2026-000123');
    expect(page).not.toContain('<svg class="qr"');
  });

  it('prints what a pack line stands for in base units, and a discount column only when a line has a discount', () => {
    const base = sampleInvoiceDocument();
    const line = base.items[0]!;
    const packed = sampleInvoiceDocument({
      items: [{ ...line, quantity: '5', unit: 'ctn', base: { quantity: '60', unit: 'piece' }, discountPercent: '10' }],
    });
    const page = invoiceHtml(packed, options);
    expect(page).toMatch(
      /5<span class="base">= 60<\/span\s*><span class="base" dir="ltr">piece <span lang="ar">حبة<\/span><\/span>/,
    );
    expect(page).toContain('ctn<span class="unit-ar" lang="ar">كرتون</span>');
    expect(page).toContain('<span>Disc.</span><span lang="ar">الخصم</span>');
    expect(page).toContain('<td class="c num">10%</td>');
    const plain = invoiceHtml(
      sampleInvoiceDocument({ items: [{ ...line, base: null, discountPercent: null }] }),
      options,
    );
    expect(plain).not.toContain('Disc.');
    expect(plain).not.toContain('class="base"');
  });

  it('names each known unit in Arabic under its English name, and prints other units as entered', () => {
    const base = sampleInvoiceDocument();
    const units = ['carton', 'kg', 'pallet', 'tin', 'drum', 'constructor'];
    const doc = sampleInvoiceDocument({ items: units.map((unit) => ({ ...base.items[0], unit })) });
    const cells = [...invoiceHtml(doc, options).matchAll(/<td class="c" dir="auto">([\s\S]*?)<\/td>/g)].map((m) =>
      m[1].replace(/\s+/g, ' ').trim(),
    );
    expect(cells).toEqual([
      'carton<span class="unit-ar" lang="ar">كرتون</span>',
      'kg<span class="unit-ar" lang="ar">كغ</span>',
      'pallet<span class="unit-ar" lang="ar">طبلية</span>',
      'tin<span class="unit-ar" lang="ar">علبة</span>',
      'drum',
      'constructor',
    ]);
  });

  it('escapes every value: a name with markup prints as text and adds no element', () => {
    const base = sampleInvoiceDocument();
    const doc = sampleInvoiceDocument({
      invoiceNumber: `INV"><b>`,
      currency: '<i>SAR</i>',
      seller: {
        ...base.seller,
        name: hostile,
        nameAr: '<script>alert(1)</script>',
        address: `"'&`,
        vatNumber: '<u>1</u>',
      },
      buyer: { ...base.buyer, name: '<iframe src=//evil.example>', address: '<style>*{}</style>' },
      items: [{ ...base.items[0], name: '<img src="http://127.0.0.1:9/item.png">', unit: '<svg onload=alert(1)>' }],
    });
    const page = invoiceHtml(doc, options);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;iframe src=//evil.example&gt;');
    expect(page).toContain('&quot;&#39;&amp;');
    expect(page).toContain('INV&quot;&gt;&lt;b&gt;');
    expect(page).not.toMatch(/<(img|script|iframe|b|i|u)[\s>]/i);
    expect(page.match(/<style>/g)).toHaveLength(1);
    expect(page.match(/<svg/g)).toHaveLength(1);
    expect(externalReferences(page)).toEqual([]);
  });

  it('inlines the logo as an <img> data: URI, never as markup, and loads nothing from outside', () => {
    const logo = logoDataUri(Buffer.from(sampleLogoSvg));
    const page = invoiceHtml(sampleInvoiceDocument(), { ...options, logo });
    expect(page).toContain(`<img src="${logo}" alt="" />`);
    expect(logo.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(page).not.toContain('<path d="M14 44');
    expect(externalReferences(page)).toEqual([]);
    expect(page).toContain(`default-src 'none'; img-src data:`);
  });

  it('names the fonts explicitly: Noto Sans for Latin, Noto Naskh Arabic then Amiri for Arabic', () => {
    const page = invoiceHtml(sampleInvoiceDocument(), options);
    expect(page).toContain(`'Noto Sans', sans-serif`);
    expect(page).toContain(`font-family: 'Noto Naskh Arabic', 'Noto Sans', 'Amiri'`);
  });

  it('keeps the head free of data, so warm pages only swap the body', () => {
    const one = invoiceHtml(sampleInvoiceDocument(), options);
    const two = invoiceHtml(sampleInvoiceDocument({ invoiceNumber: 'INV-2026-000999', total: '1.00' }), options);
    const head = (page: string): string => page.slice(0, page.indexOf('<body'));
    expect(head(one)).toBe(head(two));
    expect(one).not.toBe(two);
  });

  it('titles a supplier invoice as such', () => {
    const page = invoiceHtml(sampleInvoiceDocument({ type: 'supplier' }), options);
    expect(page).toContain('(supplier)');
    expect(page).toContain('(مورد)');
  });
});

describe('groupDigits', () => {
  it('groups thousands on the string', () => {
    expect(groupDigits('0.50')).toBe('0.50');
    expect(groupDigits('999.99')).toBe('999.99');
    expect(groupDigits('1000.00')).toBe('1,000.00');
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('-12085.45')).toBe('-12,085.45');
    expect(groupDigits('12')).toBe('12');
  });
});

describe('formatIssuedAt', () => {
  it('prints the issue time in the business time zone, Gregorian with Western digits', () => {
    expect(formatIssuedAt('2026-11-21T11:25:09.000Z', 'Asia/Riyadh')).toBe('2026-11-21 14:25');
    // 22:30 UTC is already the next day in Riyadh and Dubai.
    expect(formatIssuedAt('2026-12-31T22:30:00Z', 'Asia/Riyadh')).toBe('2027-01-01 01:30');
    expect(formatIssuedAt('2026-12-31T22:30:00Z', 'Asia/Dubai')).toBe('2027-01-01 02:30');
  });
});

describe('logoDataUri', () => {
  it('tells the image type from the bytes, not the file name', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(logoDataUri(png).startsWith('data:image/png;base64,')).toBe(true);
    expect(logoDataUri(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])).startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(logoDataUri(Buffer.from(`<?xml version="1.0"?>\n${sampleLogoSvg}`))).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
  });

  it('refuses a file that is not an image, and one too big to inline', () => {
    expect(() => logoDataUri(Buffer.from('<html><script>alert(1)</script></html>'))).toThrow(InvoiceLogoError);
    expect(() => logoDataUri(Buffer.alloc(3 * 1024 * 1024))).toThrow('at most 2097152 are inlined');
  });
});
