import { AI_UPLOAD_MAX_BYTES, AppException } from '@erp/contracts';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBase64Upload, readIntakeUpload, sniffType } from './intake-file.js';

const hex = (value: string): Buffer => Buffer.from(value.replace(/\s+/g, ''), 'hex');
const padded = (head: Buffer): Buffer => Buffer.concat([head, Buffer.alloc(64, 0)]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole greyscale PNG declaring width × height, with `rows` rows of data. */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    hex('89504e47 0d0a1a0a'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rows * (width + 1)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** JFIF APP0, then a baseline frame header of 16 × 16 (width and height can be set). */
function jpeg(width = 16, height = 16): Buffer {
  const frame = hex('ffc00011 08 0000 0000 03 012200 021101 031101');
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([hex('ffd8 ffe0 0010 4a464946 00 0101 00 0001 0001 0000'), frame, Buffer.alloc(64, 0)]);
}

const html = Buffer.from('<html><script>alert(1)</script></html>');

const samples = {
  jpg: jpeg(),
  png: png(2, 2),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  // EBML header whose DocType element (0x4282) says "webm".
  webm: padded(Buffer.concat([hex('1a45dfa3 9f 4286 81 01 4282 84'), Buffer.from('webm')])),
  ogg: padded(Buffer.from('OggS\u0000\u0002')),
  mp3: padded(Buffer.from('ID3\u0004\u0000')),
  mp3Frame: padded(hex('fffb9064')),
  m4a: padded(Buffer.concat([hex('00000020'), Buffer.from('ftypM4A ')])),
  wav: padded(Buffer.concat([Buffer.from('RIFF'), hex('24080000'), Buffer.from('WAVEfmt ')])),
};

function failure(run: () => unknown): AppException {
  try {
    run();
  } catch (error) {
    if (error instanceof AppException) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('intake uploads', () => {
  describe('sniffType', () => {
    it('tells each accepted type by its magic bytes', () => {
      expect(sniffType(samples.jpg)).toBe('jpg');
      expect(sniffType(samples.png)).toBe('png');
      expect(sniffType(samples.pdf)).toBe('pdf');
      expect(sniffType(samples.webm)).toBe('webm');
      expect(sniffType(samples.ogg)).toBe('ogg');
      expect(sniffType(samples.mp3)).toBe('mp3');
      expect(sniffType(samples.mp3Frame)).toBe('mp3');
      expect(sniffType(samples.m4a)).toBe('m4a');
      expect(sniffType(samples.wav)).toBe('wav');
    });

    it('knows nothing else (an ADTS AAC frame is not mp3, GIF is not an image we take)', () => {
      expect(sniffType(padded(hex('fff15080')))).toBeNull();
      expect(sniffType(padded(Buffer.from('GIF89a')))).toBeNull();
      expect(sniffType(Buffer.from('hello'))).toBeNull();
    });
  });

  describe('decodeBase64Upload', () => {
    it('takes a data URL with parameters, bare base64 and URL-safe base64', () => {
      const bytes = Buffer.from([0xfb, 0xff, 0x00, 0x10]);
      expect(decodeBase64Upload(`data:audio/webm;codecs=opus;base64,${bytes.toString('base64')}`, 'f')).toEqual(bytes);
      expect(decodeBase64Upload(bytes.toString('base64'), 'f')).toEqual(bytes);
      expect(decodeBase64Upload(bytes.toString('base64url'), 'f')).toEqual(bytes);
      expect(
        decodeBase64Upload(`${bytes.toString('base64').slice(0, 3)}\n${bytes.toString('base64').slice(3)}`, 'f'),
      ).toEqual(bytes);
    });

    it('answers a data URL header of millions of parameters with 400 naming the field, not a stack overflow', () => {
      const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
      for (const flood of [';a='.repeat(3_000_000), ';a=b'.repeat(2_000_000)]) {
        expect(failure(() => decodeBase64Upload(`data:image/png${flood};base64,${png}`, 'imageBase64'))).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: "imageBase64: a data URL's header (before the comma) must be at most 256 characters",
        });
      }
    });

    it('names the field when the text is not base64', () => {
      expect(failure(() => decodeBase64Upload('not base64!', 'fileBase64'))).toMatchObject({
        status: 400,
        message: 'fileBase64 must be a base64 data URL or base64',
      });
    });
  });

  describe('readIntakeUpload', () => {
    it('returns the bytes and their real type, whatever type was declared', () => {
      const upload = readIntakeUpload(
        `data:image/png;base64,${samples.jpg.toString('base64')}`,
        'imageBase64',
        'document',
      );
      expect(upload.type).toBe('jpg');
      expect(readIntakeUpload(samples.ogg.toString('base64'), 'audioBase64', 'audio').type).toBe('ogg');
    });

    it('refuses zero bytes (400), more than 10 MB decoded (413) and the wrong kind (415, naming it)', () => {
      expect(failure(() => readIntakeUpload('data:image/png;base64,', 'imageBase64', 'document'))).toMatchObject({
        status: 400,
        message: 'imageBase64 is an empty file',
      });
      const big = Buffer.concat([samples.png, Buffer.alloc(AI_UPLOAD_MAX_BYTES)]);
      expect(failure(() => readIntakeUpload(big.toString('base64'), 'imageBase64', 'document'))).toMatchObject({
        status: 413,
        code: 'AI_FILE_TOO_LARGE',
      });
      const exact = Buffer.concat([samples.jpg, Buffer.alloc(AI_UPLOAD_MAX_BYTES - samples.jpg.length)]);
      expect(readIntakeUpload(exact.toString('base64'), 'imageBase64', 'document').type).toBe('jpg');
      expect(failure(() => readIntakeUpload(samples.wav.toString('base64'), 'imageBase64', 'document'))).toMatchObject({
        status: 415,
        code: 'AI_UNSUPPORTED_FILE',
        message: 'The file is wav audio; only JPG, PNG or PDF files are accepted',
      });
      expect(failure(() => readIntakeUpload(samples.pdf.toString('base64'), 'audioBase64', 'audio'))).toMatchObject({
        status: 415,
        message: 'The file is a PDF document; only webm, ogg, mp3, m4a or wav audio files are accepted',
      });
      expect(
        failure(() => readIntakeUpload(Buffer.from('<svg/>').toString('base64'), 'imageBase64', 'document')).message,
      ).toContain('SVG');
    });
  });

  describe('readIntakeUpload: whole files only (what the fuzz run found)', () => {
    const upload = (bytes: Buffer): AppException =>
      failure(() => readIntakeUpload(`data:image/png;base64,${bytes.toString('base64')}`, 'imageBase64', 'document'));

    it('refuses polyglots: a PNG or JPEG header in front of a PDF, HTML or ZIP, and data after IEND (400)', () => {
      const signature = samples.png.subarray(0, 8);
      for (const bytes of [
        Buffer.concat([signature, samples.pdf]),
        Buffer.concat([signature, html]),
        Buffer.concat([signature, Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]),
        Buffer.concat([samples.png, html]),
        Buffer.concat([hex('ffd8ffe0'), html]),
      ]) {
        expect(upload(bytes)).toMatchObject({
          status: 400,
          code: 'AI_UNREADABLE_FILE',
          message: 'The image or PDF could not be read',
        });
      }
    });

    it('refuses a truncated image and an HTML page carrying a %PDF- marker (400)', () => {
      expect(upload(samples.png.subarray(0, 30)).code).toBe('AI_UNREADABLE_FILE');
      expect(upload(Buffer.concat([html, Buffer.from('\n%PDF-1.4\n')])).code).toBe('AI_UNREADABLE_FILE');
    });

    it('refuses a decompression bomb by the pixels it declares, before inflating anything (413)', () => {
      const bomb = png(50_000, 50_000, 16);
      expect(bomb.length).toBeLessThan(10_000);
      expect(upload(bomb)).toMatchObject({
        status: 413,
        code: 'AI_FILE_TOO_LARGE',
        details: { width: 50_000, height: 50_000 },
      });
      expect(upload(jpeg(65_000, 65_000)).status).toBe(413);
      expect(upload(png(0, 10, 0)).status).toBe(413);
    });

    it('takes a whole PNG, JPEG and PDF', () => {
      expect(readIntakeUpload(samples.png.toString('base64'), 'imageBase64', 'document').type).toBe('png');
      expect(readIntakeUpload(samples.jpg.toString('base64'), 'imageBase64', 'document').type).toBe('jpg');
      expect(readIntakeUpload(samples.pdf.toString('base64'), 'fileBase64', 'document').type).toBe('pdf');
    });
  });
});
