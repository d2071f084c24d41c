/**
 * Reading photos and PDFs into text for the parsers (issue #7).
 *
 *   const { text, source, pages, numbersFromOcr } = await readDocument(bytes, 'image');
 *
 * - Images (JPEG, PNG, GIF, WebP, BMP, TIFF; ImageMagick's coder is named from the bytes):
 *   ImageMagick straightens and greys the image, it is cleaned and scaled in-process, Tesseract
 *   (`Arabic+eng`, and Debian's `Arabic` script model when there is Arabic, `--psm 6`, one
 *   thread) reads it and the readings are merged line by line (see ocr.ts); numbers in
 *   Arabic-Indic digits, which Tesseract misreads a third of the time, are read again by a glyph
 *   matcher (digits.ts) and put into the text in Latin digits. Soft-wrapped lines of a chat
 *   bubble are joined, mixed Arabic/English lines put in reading order, a chat time stamp left
 *   out, Persian letter forms folded.
 * - PDFs: each page's text layer (pdfjs-dist) when it has real text, else the page's scan (its
 *   one picture extracted by pdfimages, else the page rendered by pdftoppm at 300 dpi as JPEG)
 *   read like an image. At most `maxPages` pages. Table rules are erased before OCR. The lines of
 *   a table row whose cells wrap are joined by position (wrapped-rows.ts; for OCR, ocr-table.ts).
 * - Everything runs within `timeoutMs` (default 45 s): child processes are killed when it is
 *   up; a PDF returns the pages read so far, an image that could not be read in time throws a
 *   DocumentError with code 'TIMEOUT'. Bytes that are no image or PDF (or a PDF whose pages
 *   cannot be read) throw code 'UNREADABLE'.
 *   An image with no text (a photo of a wall, noise) gives empty text.
 * - Needs `convert` (ImageMagick), `tesseract` (+ tesseract-ocr-ara, -eng, -script-arab) and
 *   `pdfimages`/`pdftoppm` (poppler-utils) on PATH.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ProcessError } from '../common/run-process.js';
import { type OcrResult, ocrImage } from './ocr.js';
import { readPdfTextLayer, scannedPageImage, withTempDir } from './pdf.js';
import { imageCoder } from './raster.js';
import { cleanPageText } from './text.js';

export interface ReadDocumentResult {
  /** The document's text, lines in reading order (pages separated by a blank line). */
  text: string;
  /** 'text-layer' when every page read had a text layer; 'ocr' when any page was recognised. */
  source: 'text-layer' | 'ocr';
  /** Pages read (1 for an image; for a PDF at most maxPages). */
  pages: number;
  /** Whether numbers in the text came from OCR (the confirm dialog marks them for checking). */
  numbersFromOcr: boolean;
}

export interface ReadDocumentOptions {
  /** Total time for the whole document, ms (default 45,000). */
  timeoutMs?: number;
  /** Pages of a PDF read at most (default 10). */
  maxPages?: number;
}

export type DocumentErrorCode = 'TIMEOUT' | 'UNREADABLE';

export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}

export const DEFAULT_TIMEOUT_MS = 45_000;
export const DEFAULT_MAX_PAGES = 10;
/** A page whose text layer has fewer letters and digits than this is treated as scanned. */
const MIN_TEXT_LAYER_CHARACTERS = 20;

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

function translate(error: unknown, what: string): DocumentError {
  if (error instanceof DocumentError) return error;
  if (error instanceof ProcessError && error.timedOut)
    return new DocumentError('TIMEOUT', `Reading the ${what} took too long`);
  const message = error instanceof Error ? error.message : String(error);
  return new DocumentError('UNREADABLE', `The ${what} could not be read: ${message.slice(0, 300)}`);
}

async function readImage(bytes: Buffer, deadline: number): Promise<ReadDocumentResult> {
  let result: OcrResult;
  try {
    result = await ocrImage(bytes, { deadline });
  } catch (error) {
    throw translate(error, 'image');
  }
  return { text: result.text, source: 'ocr', pages: 1, numbersFromOcr: true };
}

async function readPdf(bytes: Buffer, deadline: number, maxPages: number): Promise<ReadDocumentResult> {
  let layer: Awaited<ReturnType<typeof readPdfTextLayer>>;
  try {
    layer = await readPdfTextLayer(bytes, maxPages, deadline);
  } catch (error) {
    throw translate(error, 'PDF');
  }
  if (layer.pages.length === 0) {
    throw layer.pageCount === 0
      ? new DocumentError('UNREADABLE', 'The PDF has no pages')
      : new DocumentError('TIMEOUT', 'Reading the PDF took too long');
  }
  const scanned = layer.pages
    .map((page, index) => ({ page, number: index + 1 }))
    .filter(({ page }) => page.characters < MIN_TEXT_LAYER_CHARACTERS);
  const texts = layer.pages.map((page) => cleanPageText(page.text));
  // Scanned pages left unread when the time ran out (their text is left out).
  const unread = new Set<number>();
  if (scanned.length > 0) {
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'document.pdf');
      await fs.writeFile(file, bytes);
      for (const [index, { number }] of scanned.entries()) {
        const left = deadline - Date.now();
        try {
          if (left <= 0) throw new DocumentError('TIMEOUT', 'Reading the PDF took too long');
          const image = await scannedPageImage(file, number, dir, left);
          const result = await ocrImage(image, { deadline });
          texts[number - 1] = result.text;
        } catch (error) {
          const translated = translate(error, 'PDF');
          // Pages read before the time ran out are still worth returning; with none, it is a timeout.
          if (translated.code !== 'TIMEOUT' || (index === 0 && scanned.length === layer.pages.length)) throw translated;
          for (const rest of scanned.slice(index)) {
            unread.add(rest.number);
            texts[rest.number - 1] = '';
          }
          break;
        }
      }
    });
  }
  const recognised = scanned.length - unread.size > 0;
  return {
    text: texts.filter((text) => text.length > 0).join('\n\n'),
    source: recognised ? 'ocr' : 'text-layer',
    pages: layer.pages.length - unread.size,
    numbersFromOcr: recognised,
  };
}

/** Reads an uploaded image or PDF into text (see the module comment). */
export async function readDocument(
  bytes: Buffer,
  kind: 'image' | 'pdf',
  options: ReadDocumentOptions = {},
): Promise<ReadDocumentResult> {
  if (bytes.length === 0) throw new DocumentError('UNREADABLE', 'The file is empty');
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES);
  // The bytes decide when they are clear (a PDF sent as an "image" is still a PDF).
  if (isPdf(bytes) || (kind === 'pdf' && imageCoder(bytes) === null)) return readPdf(bytes, deadline, maxPages);
  return readImage(bytes, deadline);
}
