import { AppException } from '@erp/contracts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readLogo } from './logo-file.js';

const logo = readFileSync(fileURLToPath(new URL('../../../../gateway/test/fixtures/logo.png', import.meta.url)));
const dataUrl = (bytes: Buffer, type = 'image/png'): string => `data:${type};base64,${bytes.toString('base64')}`;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG declaring 50,000 × 50,000 pixels in a few kilobytes. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8;
  return Buffer.concat([
    logo.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16 * 50_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(value: string): Promise<AppException> {
  try {
    await readLogo(value);
  } catch (error) {
    if (error instanceof AppException) return error;
    throw error;
  }
  throw new Error('expected the logo to be refused');
}

describe('readLogo: what the fuzz run found', () => {
  it('keeps a real PNG as sent', async () => {
    await expect(readLogo(dataUrl(logo))).resolves.toMatchObject({ type: 'png', bytes: logo });
  });

  it('refuses a PNG or JPEG header in front of HTML, PDF or ZIP, and data after the image (400)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const bytes of [
      Buffer.concat([logo.subarray(0, 8), html]),
      Buffer.concat([logo.subarray(0, 8), Buffer.from('%PDF-1.7\n%%EOF\n'), Buffer.alloc(64)]),
      Buffer.concat([logo, Buffer.from('PK\u0003\u0004'), html]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]),
      logo.subarray(0, logo.length - 20),
    ]) {
      expect(await refusal(dataUrl(bytes))).toMatchObject({
        status: 400,
        code: 'IDENTITY_INVALID_LOGO',
        message: 'The logo image could not be read',
      });
    }
  });

  it('refuses a data URL whose header is millions of parameters with 400, not a stack overflow', async () => {
    for (const flood of [';a='.repeat(3_000_000), ';a=b'.repeat(2_000_000)]) {
      expect(await refusal(`data:image/png${flood};base64,${logo.toString('base64')}`)).toMatchObject({
        status: 400,
        code: 'IDENTITY_INVALID_LOGO',
        message: "The logo data URL's header (before the comma) is too long",
      });
    }
    expect(await refusal(logo.toString('base64'))).toMatchObject({
      status: 400,
      message: 'The logo must be sent as a base64 data URL',
    });
  });

  it('refuses a decompression bomb by the pixels it declares (400)', async () => {
    expect(await refusal(dataUrl(pngBomb()))).toMatchObject({
      status: 400,
      code: 'IDENTITY_INVALID_LOGO',
      message: expect.stringContaining('50000 × 50000 pixels'),
    });
  });
});

describe('readLogo: an SVG keeps only references to its own elements', () => {
  /** Ways of writing a reference to something outside the SVG, as CSS and SVG parsers read them. */
  const outside = [
    'url(http://evil.example/a.svg#x)',
    'url(https://evil.example/x)',
    'url(//evil.example/x)',
    'url("https://evil.example/x")',
    "url( 'http://evil.example/x' )",
    'url(data:image/svg+xml;base64,PHN2Zy8+)',
    'url(javascript:alert(1))',
    'URL(http://evil.example/x)',
    'u\\rl(http://evil.example/x)',
    '\\75 rl(http://evil.example/x)',
    '\\000075rl(http://evil.example/x)',
    'url(\\68ttp://evil.example/x)',
    'u&#114;l(http://evil.example/x)',
    'u/**/rl(http://evil.example/x)',
    'url(#local) url(http://evil.example/x)',
  ];
  const attributes = [
    'fill',
    'stroke',
    'filter',
    'mask',
    'clip-path',
    'marker-start',
    'marker-mid',
    'marker-end',
    'cursor',
  ];

  async function sanitised(svg: string): Promise<string> {
    const read = await readLogo(dataUrl(Buffer.from(svg), 'image/svg+xml'));
    expect(read.type).toBe('svg');
    return read.bytes.toString('utf8');
  }

  it('drops every presentation attribute and style that names something outside, however it is written', async () => {
    const shapes = outside.flatMap((value, k) => [
      ...attributes.map((name) => `<rect id="r${k}-${name}" ${name}="${value.replace(/"/g, '&quot;')}"/>`),
      `<rect id="s${k}" style="fill: ${value.replace(/"/g, '&quot;')}"/>`,
    ]);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${shapes.join('')}
      <rect id="set" style="mask-image: image-set(&quot;https://evil.example/x&quot; 1x)"/>
      <animateTransform attributeName="transform" values="url(http://evil.example/x)"/></svg>`;
    const clean = await sanitised(svg);
    expect(clean).not.toMatch(/evil\.example|javascript|data:|image-set/i);
    // The elements stay; only the attributes that reached out are gone.
    expect(clean.match(/<rect /g)).toHaveLength(shapes.length + 1);
  });

  it('drops <style> elements whatever they import', async () => {
    const clean = await sanitised(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(http://evil.example/x.css); rect { fill: url(https://evil.example/y) }</style><rect/></svg>',
    );
    expect(clean).not.toMatch(/evil\.example|<style|@import/);
  });

  it('keeps url(#id) references to its own gradients, filters, masks and markers', async () => {
    const clean = await sanitised(
      `<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient></defs>` +
        `<rect fill="url(#g)" stroke="url('#g')" filter="url(#f)" mask="url( #m )" marker-end="url(#arrow)" style="fill: url(#g); stroke: #123456"/></svg>`,
    );
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain(`stroke="url('#g')"`);
    expect(clean).toContain('filter="url(#f)"');
    expect(clean).toContain('mask="url( #m )"');
    expect(clean).toContain('marker-end="url(#arrow)"');
    expect(clean).toContain('style="fill: url(#g); stroke: #123456"');
    expect(clean).toContain('stop-color="#0a0"');
  });
});
