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

  it('refuses a decompression bomb by the pixels it declares (400)', async () => {
    expect(await refusal(dataUrl(pngBomb()))).toMatchObject({
      status: 400,
      code: 'IDENTITY_INVALID_LOGO',
      message: expect.stringContaining('50000 × 50000 pixels'),
    });
  });
});
