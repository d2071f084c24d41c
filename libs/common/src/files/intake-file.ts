import { DATA_URL_MAX_HEADER_CHARS, decodeDataUrl, type DataUrlProblem } from './data-url.js';
import { pixelLimitProblem, readJpegSize, readPngSize, type PixelLimits } from './image-size.js';
import {
  AI_UPLOAD_MAX_BYTES,
  AiErrorCode,
  AppException,
  ErrorCode,
  type IntakeAudioType,
  type IntakeFileType,
  type IntakeImageType,
} from '@erp/contracts';

/**
 * The one place intake uploads are judged (CONTRACT §6, docs/decisions/0012): a data URL or bare
 * base64 becomes bytes; zero bytes are refused, more than 10 MB is 413, and the real type comes
 * from the magic bytes, never from the declared one (415 names what was found). Images and PDFs
 * must then be whole files of that type: a PNG signature in front of a PDF, HTML or ZIP (a
 * polyglot), a truncated image or a PDF without its end is 400 AI_UNREADABLE_FILE, and an image
 * declaring more pixels than OCR takes (a decompression bomb) is 413, before the file is kept.
 */

export type IntakeKind = 'document' | 'audio';

export interface IntakeUpload {
  bytes: Buffer;
  type: IntakeFileType;
}

const accepted: Record<IntakeKind, { types: readonly IntakeFileType[]; names: string }> = {
  document: { types: ['jpg', 'png', 'pdf'] satisfies IntakeImageType[], names: 'JPG, PNG or PDF' },
  audio: {
    types: ['webm', 'ogg', 'mp3', 'm4a', 'wav'] satisfies IntakeAudioType[],
    names: 'webm, ogg, mp3, m4a or wav audio',
  },
};

const typeNames: Record<IntakeFileType, string> = {
  jpg: 'a JPG image',
  png: 'a PNG image',
  pdf: 'a PDF document',
  webm: 'webm audio',
  ogg: 'ogg audio',
  mp3: 'mp3 audio',
  m4a: 'm4a/mp4 audio',
  wav: 'wav audio',
};

function startsWith(bytes: Buffer, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, k) => bytes[at + k] === byte);
}

function ascii(bytes: Buffer, from: number, to: number): string {
  return bytes.subarray(from, to).toString('latin1');
}

/** What the bytes are, among the types intake knows; null for anything else. */
export function sniffType(bytes: Buffer): IntakeFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // A PDF may carry a few bytes before its header; readers look in the first kilobyte.
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return 'pdf';
  // EBML (Matroska family) with the DocType "webm": what browsers record.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, 64).includes('webm')) return 'webm';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'wav';
  if (ascii(bytes, 4, 8) === 'ftyp') return 'm4a';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame: 11 sync bits, then a version and a layer that are not "reserved".
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) {
    if (((bytes[1] ?? 0) & 0x18) !== 0x08) return 'mp3';
  }
  return null;
}

/** Names a few other types people upload, for the 415 message. */
function describeUnknown(bytes: Buffer): string {
  const head = ascii(bytes, 0, 16);
  if (head.startsWith('GIF8')) return 'a GIF image';
  if (head.startsWith('RIFF') && ascii(bytes, 8, 12) === 'WEBP') return 'a WebP image';
  if (head.startsWith('PK')) return 'a ZIP archive (or an Office document)';
  if (/^\s*</.test(bytes.subarray(0, 256).toString('utf8'))) return 'an XML or HTML text (an SVG?)';
  if (head.startsWith('fLaC')) return 'FLAC audio';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'a Matroska video';
  return 'of an unknown type';
}

function invalidBase64(field: string, problem: DataUrlProblem): never {
  const message =
    problem === 'header-too-long'
      ? `${field}: a data URL's header (before the comma) must be at most ${DATA_URL_MAX_HEADER_CHARS} characters`
      : `${field} must be a base64 data URL or base64`;
  throw new AppException(ErrorCode.ValidationFailed, message, { fields: [{ field, messages: [message] }] });
}

/** Decodes a data URL or bare base64 (standard or URL-safe alphabet, padded or not): libs/common's one parser. */
export function decodeBase64Upload(value: string, field: string): Buffer {
  const decoded = decodeDataUrl(value, { bare: true });
  if ('problem' in decoded) invalidBase64(field, decoded.problem);
  return decoded.bytes;
}

/** What ImageMagick's policy lets the OCR step read (16K a side); past 100 MP no photo of an order is. */
export const INTAKE_PIXEL_LIMITS: PixelLimits = { maxSide: 16_384, maxPixels: 100_000_000 };

const UNREADABLE_MESSAGE = 'The image or PDF could not be read';

function unreadable(field: string, type: IntakeFileType): never {
  throw new AppException(AiErrorCode.UnreadableFile, UNREADABLE_MESSAGE, { field, found: type });
}

/**
 * A PDF reader looks for `%PDF-` in the first kilobyte and `%%EOF` in the last: text with a
 * `%PDF-` somewhere near its start (an HTML page) is no PDF.
 */
function isWholePdf(bytes: Buffer): boolean {
  return ascii(bytes, Math.max(0, bytes.length - 1024), bytes.length).includes('%%EOF');
}

/** Checks an image or PDF is one whole file of its type, within the pixel limits. */
function checkStructure(bytes: Buffer, type: IntakeFileType, field: string): void {
  if (type === 'pdf') {
    if (!isWholePdf(bytes)) unreadable(field, type);
    return;
  }
  if (type !== 'png' && type !== 'jpg') return;
  const size = type === 'png' ? readPngSize(bytes) : readJpegSize(bytes);
  if (!size) unreadable(field, type);
  const problem = pixelLimitProblem(size, INTAKE_PIXEL_LIMITS);
  if (problem) {
    throw new AppException(AiErrorCode.FileTooLarge, problem, {
      field,
      width: size.width,
      height: size.height,
      ...INTAKE_PIXEL_LIMITS,
    });
  }
}

/**
 * The checked upload, or the contract's error: 400 not base64, empty or not a whole file of its
 * type, 413 too large (bytes or pixels), 415 wrong type.
 */
export function readIntakeUpload(value: string, field: string, kind: IntakeKind): IntakeUpload {
  return checkIntakeBytes(decodeBase64Upload(value, field), field, kind);
}

/**
 * Bytes from elsewhere (a WhatsApp voice note or photo) judged as an upload is: the same errors,
 * `field` naming what the bytes were.
 */
export function checkIntakeBytes(bytes: Buffer, field: string, kind: IntakeKind): IntakeUpload {
  if (bytes.length === 0) {
    throw new AppException(ErrorCode.ValidationFailed, `${field} is an empty file`, {
      fields: [{ field, messages: [`${field} is an empty file`] }],
    });
  }
  if (bytes.length > AI_UPLOAD_MAX_BYTES) {
    throw new AppException(
      AiErrorCode.FileTooLarge,
      `The file is ${(bytes.length / (1024 * 1024)).toFixed(1)} MB; at most 10 MB is accepted`,
      { field, bytes: bytes.length, maxBytes: AI_UPLOAD_MAX_BYTES },
    );
  }
  const type = sniffType(bytes);
  const { types, names } = accepted[kind];
  if (!type || !types.includes(type)) {
    const found = type ? typeNames[type] : describeUnknown(bytes);
    throw new AppException(AiErrorCode.UnsupportedFile, `The file is ${found}; only ${names} files are accepted`, {
      field,
      found: type,
      accepted: types,
    });
  }
  checkStructure(bytes, type, field);
  return { bytes, type };
}
