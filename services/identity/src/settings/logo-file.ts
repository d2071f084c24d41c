import {
  decodeDataUrl,
  pixelLimitProblem,
  readJpegSize,
  readPngSize,
  type ImageSize,
  type PixelLimits,
} from '@erp/common';
import { AppException, IdentityErrorCode, LOGO_MAX_BYTES } from '@erp/contracts';

export type LogoType = 'png' | 'jpg' | 'svg';

export interface LogoFile {
  type: LogoType;
  bytes: Buffer;
}

function invalid(message = 'The logo must be a PNG, JPG or SVG image'): never {
  throw new AppException(IdentityErrorCode.InvalidLogo, message);
}

/** Decodes a data URL (libs/common's one parser); the declared type is ignored: the bytes decide (CONTRACT §6). */
function decodeLogoDataUrl(value: string): Buffer {
  const decoded = decodeDataUrl(value, { bare: false });
  if ('problem' in decoded) {
    invalid(
      decoded.problem === 'header-too-long'
        ? "The logo data URL's header (before the comma) is too long"
        : 'The logo must be sent as a base64 data URL',
    );
  }
  const { bytes } = decoded;
  if (bytes.length === 0) invalid('The logo file is empty');
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppException(IdentityErrorCode.LogoTooLarge, 'The logo must be 5 MB or smaller', {
      maxBytes: LOGO_MAX_BYTES,
    });
  }
  return bytes;
}

function isPng(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

function isJpeg(bytes: Buffer): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/**
 * An attribute's value as a CSS parser reads it: comments removed, escapes resolved (`\75 rl(`,
 * `u\rl(` are `url(`), lower case. Markup entities (`u&#114;l(`) the DOM has already resolved.
 */
function cssReading(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:\r\n|[\n\r\f])/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_escape, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1')
    .toLowerCase();
}

/** CSS functions that load what they name even without url(): image-set("…"), src("…") … */
const loadingFunction = /(?:^|[^\w-])(?:-[a-z]+-)?(?:image-set|image|cross-fade|element|src)\s*\(|@import/;

/**
 * Whether a value (a style attribute, a presentation attribute such as fill, filter, mask,
 * clip-path or marker-*, any attribute) names something outside the SVG: only `url(#id)`, a
 * reference to one of its own elements, may remain.
 */
function referencesOutside(value: string): boolean {
  if (!/[(\\@]/.test(value)) return false;
  const css = cssReading(value);
  if (loadingFunction.test(css)) return true;
  for (const [, argument] of css.matchAll(/url\s*\(([^)]*)/g)) {
    const target = argument!
      .trim()
      .replace(/^(['"])([\s\S]*)\1$/, '$2')
      .trim();
    if (!target.startsWith('#')) return true;
  }
  return false;
}

/**
 * An SVG with anything that can run or reach out removed: scripts, event handlers,
 * foreignObject, `<style>`, links, and every attribute that references anything but the SVG's
 * own elements (referencesOutside). DOMPurify's SVG profile over a real DOM (jsdom).
 */
export async function sanitizeSvg(source: string): Promise<string> {
  // Loaded on first use: jsdom costs a second of start-up that most processes never need.
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, attribute) => {
    if (referencesOutside(attribute.attrValue)) attribute.keepAttr = false;
  });
  const clean = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style', 'a'],
    FORBID_ATTR: ['href', 'xlink:href'],
  });
  window.close();
  if (!/^<svg[\s>]/i.test(clean.trim())) invalid('The SVG logo could not be read');
  return clean;
}

/**
 * A logo is drawn on every invoice PDF (by Chromium) and in every browser: one declaring more
 * pixels than this is a decompression bomb, not a logo.
 */
export const LOGO_PIXEL_LIMITS: PixelLimits = { maxSide: 8192, maxPixels: 40_000_000 };

/** A PNG or JPEG kept as sent must be one whole image (no polyglot, no truncation) within the limits. */
function checkImage(size: ImageSize | null): void {
  if (!size) invalid('The logo image could not be read');
  const problem = pixelLimitProblem(size, LOGO_PIXEL_LIMITS);
  if (problem) invalid(problem);
}

/** Reads an uploaded logo: PNG or JPEG kept as sent, SVG sanitised; anything else refused. */
export async function readLogo(value: string): Promise<LogoFile> {
  const bytes = decodeLogoDataUrl(value);
  if (isPng(bytes)) {
    checkImage(readPngSize(bytes));
    return { type: 'png', bytes };
  }
  if (isJpeg(bytes)) {
    checkImage(readJpegSize(bytes));
    return { type: 'jpg', bytes };
  }
  if (looksLikeSvg(bytes))
    return { type: 'svg', bytes: Buffer.from(await sanitizeSvg(bytes.toString('utf8')), 'utf8') };
  return invalid();
}
