import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pixelLimitProblem, readJpegSize, readPngSize } from './image-size.js';

const fixture = (path: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../../${path}`, import.meta.url)));

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG declaring width × height whose data holds `rows` rows of zeros. */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rows * (width + 1)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const html = Buffer.from('<html><script>alert(1)</script></html>');
const limits = { maxSide: 16_384, maxPixels: 100_000_000 };

describe('image structure', () => {
  describe('readPngSize', () => {
    it('reads the size of real PNGs', () => {
      expect(readPngSize(fixture('gateway/test/fixtures/logo.png'))).toMatchObject({ width: expect.any(Number) });
      expect(readPngSize(fixture('services/ai-parser/test/fixtures/documents/order-en.png'))).not.toBeNull();
      expect(readPngSize(png(3, 2))).toEqual({ width: 3, height: 2 });
    });

    it('refuses a PNG signature followed by something else, a truncated file and data after IEND', () => {
      const signature = png(1, 1).subarray(0, 8);
      expect(readPngSize(Buffer.concat([signature, Buffer.from('%PDF-1.7\n%%EOF\n'), Buffer.alloc(64)]))).toBeNull();
      expect(readPngSize(Buffer.concat([signature, html, Buffer.alloc(64)]))).toBeNull();
      expect(readPngSize(png(4, 4).subarray(0, 40))).toBeNull();
      expect(readPngSize(Buffer.concat([png(1, 1), Buffer.from('PK\u0003\u0004')]))).toBeNull();
    });

    it('refuses a chunk whose CRC is wrong', () => {
      const bytes = png(2, 2);
      bytes[20] ^= 0xff; // inside IHDR's data
      expect(readPngSize(bytes)).toBeNull();
    });

    it('reads what a decompression bomb declares without inflating it', () => {
      const bomb = png(50_000, 50_000, 16);
      expect(bomb.length).toBeLessThan(10_000);
      const size = readPngSize(bomb)!;
      expect(size).toEqual({ width: 50_000, height: 50_000 });
      expect(pixelLimitProblem(size, limits)).toContain('50000 × 50000 pixels');
    });
  });

  describe('readJpegSize', () => {
    it('reads the frame size of a real JPEG', () => {
      expect(readJpegSize(fixture('services/ai-parser/test/fixtures/documents/invoice-savola-scan.jpg'))).toMatchObject(
        {
          width: expect.any(Number),
          height: expect.any(Number),
        },
      );
    });

    it('refuses a JPEG marker followed by HTML, and segments that run past the end', () => {
      expect(readJpegSize(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]))).toBeNull();
      expect(readJpegSize(Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 7)]))).toBeNull();
    });

    it('reads a frame header declaring 65,000 × 65,000, which the limits refuse', () => {
      const sof = Buffer.from('ffc0001108fde8fde803012200021101031101', 'hex');
      const size = readJpegSize(Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]))!;
      expect(size).toEqual({ width: 65_000, height: 65_000 });
      expect(pixelLimitProblem(size, limits)).not.toBeNull();
    });
  });

  describe('pixelLimitProblem', () => {
    it('accepts a phone photo and refuses an empty or oversized image', () => {
      expect(pixelLimitProblem({ width: 4032, height: 3024 }, limits)).toBeNull();
      expect(pixelLimitProblem({ width: 0, height: 10 }, limits)).toContain('0 × 10');
      expect(pixelLimitProblem({ width: 16_385, height: 10 }, limits)).not.toBeNull();
      expect(pixelLimitProblem({ width: 12_000, height: 9_000 }, limits)).not.toBeNull();
    });
  });
});
