import { readFile, stat } from 'node:fs/promises';

/** Largest logo inlined into an invoice: it is decoded on every PDF. */
export const maxLogoBytes = 2 * 1024 * 1024;

/** Thrown when the logo file is not an image this renderer inlines. */
export class InvoiceLogoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceLogoError';
  }
}

/** The image type from the file's first bytes, not its name: PNG, JPEG, WebP, GIF or SVG. */
function imageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/**
 * The logo as a data: URI for an <img>: an SVG logo stays an image (no markup of it enters the
 * page, and an SVG shown through <img> runs no script and loads nothing).
 */
export function logoDataUri(bytes: Buffer): string {
  if (bytes.length > maxLogoBytes) {
    throw new InvoiceLogoError(`the logo is ${bytes.length} bytes; at most ${maxLogoBytes} are inlined`);
  }
  const type = imageType(bytes);
  if (!type) throw new InvoiceLogoError('the logo is not a PNG, JPEG, WebP, GIF or SVG image');
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * Reads and inlines logo files, keeping the last result per path until the file changes
 * (size or modification time), so a company's logo is encoded once, not per invoice.
 */
export class LogoCache {
  private readonly entries = new Map<string, { key: string; dataUri: string }>();

  async dataUri(path: string): Promise<string> {
    const info = await stat(path);
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = this.entries.get(path);
    if (cached?.key === key) return cached.dataUri;
    const dataUri = logoDataUri(await readFile(path));
    this.entries.set(path, { key, dataUri });
    return dataUri;
  }
}
