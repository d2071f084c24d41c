import { crc32 } from 'node:zlib';

/**
 * Uploaded images are judged by their structure, not only their first bytes (CONTRACT §6): a
 * PNG signature followed by a PDF, HTML or ZIP (a polyglot), a truncated file, or a header
 * declaring 50,000 × 50,000 pixels in a few kilobytes (a decompression bomb) must be refused
 * before any decoder, OCR or browser sees it.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** What an upload may declare: per side and in all (each decoder allocates width × height). */
export interface PixelLimits {
  maxSide: number;
  maxPixels: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The size a PNG declares, when the bytes are one whole PNG: the signature, IHDR first, every
 * chunk complete with a correct CRC, image data, and nothing after IEND. Null otherwise.
 */
export function readPngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < pngSignature.length + 12 * 3 + 13 || !bytes.subarray(0, 8).equals(pngSignature)) return null;
  let offset = pngSignature.length;
  let size: ImageSize | null = null;
  let hasData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return null;
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
    }
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') return end === bytes.length && hasData ? size : null;
    offset = end;
  }
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * The size a JPEG declares, when its segments up to the frame header are well formed (each
 * marker where the previous segment's length says). Data after the image is left alone: phones
 * append motion-photo video there.
 */
export function readJpegSize(bytes: Buffer): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null; // no frame before the data
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    if (startOfFrame.has(marker)) {
      if (length < 8) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Why a declared size is refused, or null when it is within the limits. */
export function pixelLimitProblem(size: ImageSize, limits: PixelLimits): string | null {
  if (size.width < 1 || size.height < 1) return `The image declares ${size.width} × ${size.height} pixels`;
  if (size.width > limits.maxSide || size.height > limits.maxSide || size.width * size.height > limits.maxPixels) {
    return `The image is ${size.width} × ${size.height} pixels; at most ${limits.maxSide} pixels a side and ${Math.round(limits.maxPixels / 1e6)} megapixels are accepted`;
  }
  return null;
}
