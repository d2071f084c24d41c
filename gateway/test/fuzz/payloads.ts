import { crc32, deflateSync } from 'node:zlib';

/** Strings that have broken parsers, databases, logs and screens before. */
export const hostileStrings: Record<string, string> = {
  'rtl-override': 'fz\u202Egnp.exe\u202C',
  'rtl-mark': 'fz\u200Fعميل\u200F',
  'zero-width': 'fz\u200B\u200C\u200D\u2060\uFEFF',
  'nul-byte': 'fz\u0000nul',
  'control-chars': 'fz\u0001\u0007\u001B[31m\u007F',
  'crlf-injection': 'fz\r\nSet-Cookie: injected=1',
  'sql-drop': "fz'; DROP TABLE orders; --",
  'sql-or': "fz' OR '1'='1",
  'sql-comment': 'fz"/**/UNION/**/SELECT/**/password_hash/**/FROM/**/identity.users--',
  'html-script': 'fz<script>alert(1)</script><img src=x onerror=alert(1)>',
  template: 'fz{{7*7}}${7*7}#{7*7}%s%n%x',
  'path-traversal': 'fz/../../../../etc/passwd',
  'astral-and-combining': 'fz𝕏😀أرزّ\u0651\u0650',
  'lone-surrogate': 'fz\uD800x\uDFFF',
  'like-wildcards': 'fz%_\\',
};

/** Numbers (and numeric-looking strings) at and beyond every edge. */
export const hostileNumbers: Record<string, unknown> = {
  negative: -1,
  zero: 0,
  'max-double': Number.MAX_VALUE,
  'minus-max-double': -Number.MAX_VALUE,
  'unsafe-integer': 2 ** 53 + 1,
  'tiny-fraction': 1e-7,
  'float-noise': 0.1 + 0.2,
  'string-nan': 'NaN',
  'string-infinity': 'Infinity',
  'string-overflow-exponent': '1e400',
  'decimal-40-digits': '9'.repeat(40),
  'decimal-40-fraction-digits': `0.${'0'.repeat(38)}1`,
  'decimal-40-mixed': '12345678901234567890.12345678901234567890',
  'hex-string': '0x10',
  'arabic-digits': '١٢٣',
  'padded-string': ' 1 ',
  'empty-string': '',
};

/** Values of another type than a schema's `type`. */
export function wrongTypeValues(type: string | string[] | undefined): Record<string, unknown> {
  const all: Record<string, unknown> = {
    'a-number': 12345,
    'a-string': 'not-of-this-type',
    'a-boolean': true,
    'an-object': { $gt: '' },
    'an-array': ['x', 1],
    null: null,
  };
  const types = Array.isArray(type) ? type : type ? [type] : [];
  const drop = new Set<string>();
  if (types.includes('string')) drop.add('a-string');
  if (types.includes('number') || types.includes('integer')) drop.add('a-number');
  if (types.includes('boolean')) drop.add('a-boolean');
  if (types.includes('array')) drop.add('an-array');
  if (types.includes('object')) drop.add('an-object');
  return Object.fromEntries(Object.entries(all).filter(([name]) => !drop.has(name)));
}

/** JSON text nested `depth` levels deep: arrays, or objects under the key `a`. */
export function deepJson(depth: number, shape: 'array' | 'object', leaf = '1'): string {
  return shape === 'array'
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

export const oneMegabyte = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Files

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A PNG (8-bit greyscale) declaring `width`×`height` pixels whose IDAT holds `rows` rows of
 * zeros: with a huge declared size this is a decompression bomb that is a few kB on disk.
 */
export function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(rows * (width + 1)); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    pngSignature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header (SOF0) declares `width`×`height` and nothing else. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

const pdfText = '%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const htmlText = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const zipBytes = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(26), Buffer.from('evil.html')]);

/** Files that are not what they claim: named for the report. */
export function hostileFiles(): Record<string, Buffer> {
  const tiny = png(1, 1);
  return {
    'gif-bytes': Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'),
    'zip-bytes': zipBytes,
    'html-bytes': Buffer.from(htmlText),
    'svg-with-script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'windows-executable': Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]),
    'random-bytes': Buffer.from(Array.from({ length: 256 }, (_v, k) => (k * 73 + 41) % 256)),
    'png-signature-then-pdf': Buffer.concat([pngSignature, Buffer.from(pdfText)]),
    'png-signature-then-html': Buffer.concat([pngSignature, Buffer.from(htmlText)]),
    'png-signature-then-zip': Buffer.concat([pngSignature, zipBytes]),
    'png-then-html-after-iend': Buffer.concat([tiny, Buffer.from(htmlText)]),
    'png-then-zip-after-iend': Buffer.concat([tiny, zipBytes]),
    'jpeg-marker-then-html': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(htmlText)]),
    'html-with-pdf-marker': Buffer.from(`${htmlText}\n%PDF-1.4\n`),
    'truncated-png': tiny.subarray(0, 20),
    'png-bomb-50000x50000': png(50_000, 50_000, 64),
    'png-zero-width': png(0, 10, 0),
    'jpeg-bomb-65000x65000': jpegDeclaring(65_000, 65_000),
  };
}

/**
 * Data URLs whose header (the part before the first comma) is built to break a parser: millions
 * of `;a=` or `;a=b` parameters (a backtracking regular expression overflows its stack on them),
 * a header that never reaches its comma, and one just past the length a header may have. Each
 * carries a real 1×1 PNG, so the header alone is what must be refused (400).
 */
export function hostileDataUrls(declared: string): Record<string, string> {
  const base64 = png(1, 1).toString('base64');
  return {
    'data-url-header-flood-empty-parameters': `data:${declared}${';a='.repeat(3_000_000)};base64,${base64}`,
    'data-url-header-flood-parameters': `data:${declared}${';a=b'.repeat(2_000_000)};base64,${base64}`,
    'data-url-header-without-comma': `data:${declared}${';a=b'.repeat(200_000)}`,
    'data-url-header-past-the-bound': `data:${declared};${'x=y;'.repeat(70)}base64,${base64}`,
  };
}

export { pngSignature };
