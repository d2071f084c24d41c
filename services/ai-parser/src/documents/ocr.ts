/**
 * OCR of one image: ImageMagick normalises it (first frame, EXIF orientation, transparency on
 * white, grey, small rotations straightened); the page is binarised (Otsu), taken as textless
 * when it is noise or texture, scaled when its text is far from a readable height, and cleared
 * of table rules and specks; Tesseract reads the grey page (contrast stretched, background
 * flattened to white around the remaining ink) with `Arabic+eng` and, when there is Arabic,
 * the `Arabic` script model (`--psm 6`, one thread), and the readings are merged line by line.
 * Rows Tesseract split in two are read again as sparse text. Numbers in Arabic-Indic digits are
 * read again by the glyph matcher of digits.ts and put into the words as Latin digits. Known
 * confusions are then repaired (Arabic comma, mixed-script words in visual order, a dropped و)
 * and the words are put back into lines of text in reading order.
 */
import { runProcess } from '../common/run-process.js';
import {
  type DigitRun,
  type OcrWord,
  applyRuns,
  findArabicDigitRuns,
  recoverConjunctions,
  verifyLoneGlyphs,
} from './digits.js';
import {
  type Components,
  type Gray,
  binarize,
  connectedComponents,
  encodePgm,
  imageCoder,
  otsuThreshold,
  parsePgm,
  scaleGray,
} from './raster.js';
import { wrappedTableText } from './ocr-table.js';
import { cleanPageText } from './text.js';

export interface OcrOptions {
  /** Epoch ms by which everything must be done. */
  deadline: number;
  /** Tesseract languages; default 'Arabic+eng'. */
  languages?: string;
  /** Tesseract page segmentation mode; default 6 (one uniform block of text). */
  psm?: number;
  /** Read Arabic-Indic numbers with the digit reader (default true). */
  digitPass?: boolean;
  /** Straighten small rotations with ImageMagick's -deskew (default true). */
  deskew?: boolean;
  /** Called with each intermediate reading (for debugging and the evaluation). */
  trace?: (stage: string, value: unknown) => void;
}

export interface OcrResult {
  text: string;
  /** Words of the final reading. */
  words: OcrWord[];
  /** Numbers the digit reader found and repainted. */
  digitRuns: Array<Pick<DigitRun, 'text' | 'x0' | 'y0' | 'x1' | 'y1' | 'distance'>>;
  /** Mean word confidence (0–100) of the final reading; 0 when nothing was read. */
  confidence: number;
  width: number;
  height: number;
}

/**
 * Typical text component heights outside this range are scaled to TARGET_TEXT_HEIGHT. Measured
 * on the dev renders: upscaling text that is already 16–20 px high makes Tesseract drop
 * whole Arabic lines, so only really small (or huge) text is rescaled.
 */
const MIN_TEXT_HEIGHT = 12;
const MAX_TEXT_HEIGHT = 64;
const TARGET_TEXT_HEIGHT = 22;
/** Largest side handed to Tesseract after scaling. */
const MAX_SIDE = 5000;
/** One thread: half the wall time per image on 2 cores (shared/NOTES.md). */
const TESSERACT_ENV = { OMP_THREAD_LIMIT: '1' };

function remaining(deadline: number): number {
  return Math.max(0, deadline - Date.now());
}

/** ImageMagick: first frame, upright, flattened on white, grey, straightened, at most 4000 px. */
async function normalise(bytes: Buffer, deadline: number, deskew: boolean): Promise<Gray> {
  const coder = imageCoder(bytes);
  if (!coder) throw new Error('Not a JPEG, PNG, GIF, WebP, BMP, TIFF or PNM image');
  const args = [
    '-limit',
    'memory',
    '512MiB',
    '-limit',
    'map',
    '1GiB',
    '-limit',
    'disk',
    '1GiB',
    '-limit',
    'width',
    '20000',
    '-limit',
    'height',
    '20000',
    `${coder}:-[0]`,
    '-auto-orient',
    '-background',
    'white',
    '-alpha',
    'remove',
    '-alpha',
    'off',
    '-colorspace',
    'Gray',
    '-resize',
    '4000x4000>',
    ...(deskew ? ['-deskew', '40%', '+repage'] : []),
    '-depth',
    '8',
    'pgm:-',
  ];
  const { stdout } = await runProcess('convert', args, {
    timeoutMs: Math.min(remaining(deadline), 30_000),
    input: bytes,
  });
  return parsePgm(stdout);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

/** Typical height of text components (letters, digits, connected letter groups). */
function textHeight(components: Components): number {
  const heights = components.list
    .filter((component) => {
      const w = component.x1 - component.x0 + 1;
      const h = component.y1 - component.y0 + 1;
      return h >= 4 && component.area >= 12 && w < h * 6 && h < components.height / 3;
    })
    .map((component) => component.y1 - component.y0 + 1);
  return heights.length < 3 ? 0 : median(heights);
}

/** Removes specks far smaller than the text's dots. */
function despeckle(bits: Uint8Array, components: Components, height: number): number {
  const limit = Math.max(2, Math.round((height * 0.09) ** 2));
  let removed = 0;
  for (const component of components.list) {
    if (component.area > limit) continue;
    const w = component.x1 - component.x0 + 1;
    const h = component.y1 - component.y0 + 1;
    // A dot of a letter is compact and at least a few pixels across.
    if (component.area >= 4 && w >= 2 && h >= 2 && component.area >= w * h * 0.5 && component.area >= limit * 0.5)
      continue;
    for (let y = component.y0; y <= component.y1; y += 1) {
      for (let x = component.x0; x <= component.x1; x += 1) {
        if (components.labels[y * components.width + x] === component.id + 1) bits[y * components.width + x] = 0;
      }
    }
    removed += 1;
  }
  return removed;
}

/**
 * Erases table rules and boxes: horizontal ink runs far longer than any letter stroke, and
 * vertical ones taller than two lines of text. Tesseract's page layout otherwise reads a ruled
 * table as pictures and drops its rows. Returns the pixels erased.
 */
function removeRules(bits: Uint8Array, width: number, height: number, textHeight: number): number {
  const minHorizontal = Math.max(40, Math.round(textHeight * 5));
  const minVertical = Math.max(30, Math.round(textHeight * 2.5));
  const erase = new Uint8Array(bits.length);
  // Runs are found on the ink widened by a pixel across the line, so a rule turned a little
  // (a scan) still forms one long run.
  for (let y = 0; y < height; y += 1) {
    let start = -1;
    for (let x = 0; x <= width; x += 1) {
      const ink =
        x < width &&
        (bits[y * width + x] === 1 ||
          (y > 0 && bits[(y - 1) * width + x] === 1) ||
          (y + 1 < height && bits[(y + 1) * width + x] === 1));
      if (ink && start < 0) start = x;
      else if (!ink && start >= 0) {
        if (x - start >= minHorizontal) {
          // Erase this row's ink along the run only where the run is thin (a rule, not text).
          for (let xx = start; xx < x; xx += 1) if (bits[y * width + xx]) erase[y * width + xx] = 1;
        }
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x += 1) {
    let start = -1;
    for (let y = 0; y <= height; y += 1) {
      const ink =
        y < height &&
        (bits[y * width + x] === 1 ||
          (x > 0 && bits[y * width + x - 1] === 1) ||
          (x + 1 < width && bits[y * width + x + 1] === 1));
      if (ink && start < 0) start = y;
      else if (!ink && start >= 0) {
        if (y - start >= minVertical)
          for (let yy = start; yy < y; yy += 1) if (bits[yy * width + x]) erase[yy * width + x] = 1;
        start = -1;
      }
    }
  }
  // Keep ink that is thick across the rule direction (text crossing or touching a rule): erase a
  // pixel only when the rule is at most 4 pixels thick there.
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!erase[i]) continue;
      let vertical = 0;
      for (let d = -4; d <= 4; d += 1) if (y + d >= 0 && y + d < height && bits[i + d * width]) vertical += 1;
      let horizontal = 0;
      for (let d = -4; d <= 4; d += 1) if (x + d >= 0 && x + d < width && bits[i + d]) horizontal += 1;
      if (vertical <= 4 || horizontal <= 4) {
        bits[i] = 0;
        count += 1;
      }
    }
  }
  return count;
}

/** Leftovers of rules: components much wider than tall and thin (not a dash, which is short). */
function removeRuleFragments(bits: Uint8Array, components: Components, textHeight: number): number {
  let removed = 0;
  for (const component of components.list) {
    const w = component.x1 - component.x0 + 1;
    const h = component.y1 - component.y0 + 1;
    const thin =
      (w >= textHeight * 2.5 && h <= Math.max(3, textHeight * 0.2)) ||
      (h >= textHeight * 2.5 && w <= Math.max(3, textHeight * 0.15));
    if (!thin) continue;
    for (let y = component.y0; y <= component.y1; y += 1) {
      for (let x = component.x0; x <= component.x1; x += 1) {
        if (components.labels[y * components.width + x] === component.id + 1) bits[y * components.width + x] = 0;
      }
    }
    removed += 1;
  }
  return removed;
}

interface Page {
  gray: Gray;
  bits: Uint8Array;
  components: Components;
  /** No text can be on it: blank, or ink everywhere (noise, a texture). */
  textless: boolean;
}

/**
 * Share of the page's 16 × 16 tiles that are busy (20–90% ink). Text leaves most tiles empty or
 * nearly so (at most ~11% busy on the chat screenshots, scans and printed invoices measured);
 * noise, grain and fine textures binarise into ink everywhere (all tiles busy).
 */
function busyTileShare(bits: Uint8Array, width: number, height: number): number {
  const size = 16;
  let busy = 0;
  let tiles = 0;
  for (let top = 0; top + size <= height; top += size) {
    for (let left = 0; left + size <= width; left += size) {
      let ink = 0;
      for (let y = top; y < top + size; y += 1) for (let x = left; x < left + size; x += 1) ink += bits[y * width + x];
      const share = ink / (size * size);
      if (share >= 0.2 && share <= 0.9) busy += 1;
      tiles += 1;
    }
  }
  return tiles === 0 ? 0 : busy / tiles;
}

/** Above this share of busy tiles (busyTileShare) a page is noise or texture, not text. */
const MAX_BUSY_TILES = 0.5;

/** Grey page → binary page with text at a readable size, specks removed. */
export function preparePage(input: Gray): Page {
  let gray = input;
  let bits = binarize(gray);
  // Ink is the minority: a negative (light text on dark) is inverted.
  let ink = 0;
  for (const bit of bits) ink += bit;
  if (ink > bits.length * 0.5) {
    gray = { ...gray, data: gray.data.map((value) => 255 - value) };
    bits = binarize(gray);
  }
  if (ink === 0 || busyTileShare(bits, gray.width, gray.height) > MAX_BUSY_TILES) {
    return {
      gray,
      bits,
      components: { labels: new Int32Array(0), width: gray.width, height: gray.height, list: [] },
      textless: true,
    };
  }
  let components = connectedComponents(bits, gray.width, gray.height);
  const height = textHeight(components);
  if (height > 0 && (height < MIN_TEXT_HEIGHT || height > MAX_TEXT_HEIGHT)) {
    let factor = TARGET_TEXT_HEIGHT / height;
    factor = Math.min(factor, 4, MAX_SIDE / Math.max(gray.width, gray.height));
    if (Math.abs(factor - 1) > 0.15) {
      gray = scaleGray(gray, factor);
      bits = binarize(gray, otsuThreshold(gray));
      components = connectedComponents(bits, gray.width, gray.height);
    }
  }
  const typical = textHeight(components) || TARGET_TEXT_HEIGHT;
  let ruled = removeRules(bits, gray.width, gray.height, typical);
  if (ruled > 0) {
    components = connectedComponents(bits, gray.width, gray.height);
    ruled += removeRuleFragments(bits, components, typical);
    components = connectedComponents(bits, gray.width, gray.height);
  }
  const removed = despeckle(bits, components, typical);
  if (removed > 0 || ruled > 0) components = connectedComponents(bits, gray.width, gray.height);
  return { gray, bits, components, textless: components.list.length === 0 };
}

/** Parses Tesseract's TSV into words (level 5) with a line key. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const left = Number(cells[6]);
    const top = Number(cells[7]);
    words.push({
      text,
      confidence: Number(cells[10]),
      x0: left,
      y0: top,
      x1: left + Number(cells[8]) - 1,
      y1: top + Number(cells[9]) - 1,
      line: `${cells[2]}/${cells[3]}/${cells[4]}`,
    });
  }
  return words;
}

type Direction = 'R' | 'L' | 'N';

/** Latin unit words that follow a quantity ("3 ctn Pepsi"). */
const LEADING_UNIT =
  /^(ctns?|cartons?|crtn?s?|cases?|box(es)?|bags?|pcs|pc|pieces?|kgs?|kilos?|g|gms?|ltrs?|l|ml|x|doz(en)?|tins?|btls?|bottles?|packs?|pkts?|trays?)$/i;

/** Whether the word at `index` belongs to the same left-to-right run (a Latin word or a number). */
function resolvedLeftward(dirs: readonly Direction[], index: number): boolean {
  return dirs[index] !== 'R';
}

function directionOf(text: string): Direction {
  if (/[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]/.test(text)) return 'R';
  if (/[A-Za-z\u00c0-\u024f]/.test(text)) return 'L';
  return 'N';
}

/**
 * Words of one line in reading order. Tesseract lists the words of a line that mixes scripts
 * left to right as they appear; the bidi layout is undone here: the paragraph direction is the
 * script at the line's start (the right end for Arabic, the left end for Latin; when both ends
 * fit, `rtlHint` decides), runs of one direction are read in that direction, and numbers join
 * the run around them (in a right-to-left line, a number between Arabic and Latin words goes
 * with the Arabic).
 */
export function orderLine(words: readonly OcrWord[], rtlHint = true): OcrWord[] {
  const visual = [...words].sort((a, b) => a.x0 + a.x1 - (b.x0 + b.x1));
  // Numbers in Arabic-Indic digits are Arabic numbers (bidi class AN): on a line with Arabic
  // letters they sit in the right-to-left run beside them, whatever the paragraph's direction.
  const hasArabic = visual.some((word) => directionOf(word.text) === 'R');
  const dirs = visual.map((word) =>
    hasArabic && (word.arabicDigits || /^[\u0660-\u0669\u06f0-\u06f9٫.,،]+$/.test(word.text))
      ? 'R'
      : directionOf(word.text),
  );
  const strong = dirs.filter((dir) => dir !== 'N');
  if (!strong.includes('R')) return visual;
  if (!strong.includes('L')) return visual.reverse();
  const leftmost = strong[0];
  const rightmost = strong[strong.length - 1];
  const rtl = rightmost === 'R' && (leftmost === 'R' || rtlHint);
  const resolved = dirs.map((dir, i): 'R' | 'L' => {
    if (dir !== 'N') return dir;
    let left: Direction = 'N';
    for (let j = i - 1; j >= 0 && left === 'N'; j -= 1) left = dirs[j];
    let right: Direction = 'N';
    for (let j = i + 1; j < dirs.length && right === 'N'; j += 1) right = dirs[j];
    if (rtl) {
      if (left === 'L' && right === 'R') {
        // "… Heinz mayo 6 ابي" (the number ends the Latin phrase) looks the same as
        // "… ctn Pepsi 3 ابي" (it starts it): a phrase that starts with a unit takes the number.
        let start = i - 1;
        while (start > 0 && resolvedLeftward(dirs, start - 1)) start -= 1;
        return LEADING_UNIT.test(visual[start].text) ? 'R' : 'L';
      }
      return left !== 'R' && right !== 'R' ? 'L' : 'R';
    }
    return left !== 'L' && right !== 'L' ? 'R' : 'L';
  });
  const runs: Array<{ dir: 'R' | 'L'; words: OcrWord[] }> = [];
  visual.forEach((word, i) => {
    const last = runs[runs.length - 1];
    if (last && last.dir === resolved[i]) last.words.push(word);
    else runs.push({ dir: resolved[i], words: [word] });
  });
  const ordered = rtl ? runs.reverse() : runs;
  return ordered.flatMap((run) => (run.dir === 'R' ? [...run.words].reverse() : run.words));
}

/**
 * Whether a block of lines reads right to left, from its alignment: right edges that line up
 * while left edges do not. Undefined for a single line or when unclear.
 */
function blockIsRtl(lines: OcrWord[][]): boolean | undefined {
  if (lines.length < 2) return undefined;
  const lefts = lines.map((line) => Math.min(...line.map((word) => word.x0)));
  const rights = lines.map((line) => Math.max(...line.map((word) => word.x1)));
  const spread = (values: number[]): number => Math.max(...values) - Math.min(...values);
  const height = Math.max(1, ...lines.flat().map((word) => word.y1 - word.y0 + 1));
  if (spread(rights) < height && spread(lefts) > height * 2) return true;
  if (spread(lefts) < height && spread(rights) > height * 2) return false;
  return undefined;
}

const LIST_MARKER = /^([-–—•*·▪►✅✔☑➖+]|\(?[0-9\u0660-\u0669]{1,2}[).-])$|^[-–—•*·▪►✅✔☑➖]/u;
const UNIT_WORD =
  /^(ctns?|cartons?|crtn?s?|cases?|box(es)?|bags?|pcs|pc|pieces?|kgs?|kilos?|g|gms?|grams?|ltrs?|litres?|liters?|l|ml|doz(en)?|tins?|btls?|bottles?|packs?|pkts?|trays?|nos|each|كرتون|كرتونه|كرتونة|كراتين|كرتونين|حبه|حبة|حبات|كيس|اكياس|أكياس|علبه|علبة|علب|كيلو|كجم|لتر|شوال|شوالات|صندوق|صناديق|طبق|درزن)$/i;
/** Words after which a number is the quantity of the item that follows ("and 2 cartons Afia"). */
const QUANTITY_OPENER =
  /^(and|&|\+|plus|also|need|want|send|give|get|w|wa|و|ابي|ابغى|ابغي|ابغا|بدي|بدنا|عايز|عاوز|نبي|نبغى|نحتاج|اريد|أريد|نريد|ارسل|أرسل|ارسلوا|أرسلوا|عطني|اعطني|أعطني|جيب|هات|وكمان|كمان|ايضا|أيضا)$/i;
const CONTINUATION_WORD = /^(of|and|or|with|for|from|to|the|a|an|in|at|w|wa|و|من|في|مع|او|أو)$/i;
const NUMBER_END = /[0-9\u0660-\u0669\u06f0-\u06f9][0-9\u0660-\u0669\u06f0-\u06f9.,٫]*[a-z]*[.,،]?$/i;
const STAMP = /^[\p{N}\s:.,\-–—'`|iIlLoO]+(\s?[ap]\.?m\.?)?[\s✓✔]*$/iu;
const TIME_ONLY = /^\d{1,2}[:.]\d{2}(\s?[ap]m)?$/i;

interface Line {
  words: OcrWord[];
  x0: number;
  x1: number;
  height: number;
  text: string;
}

function wordCore(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * Whether the break after `line` is a soft wrap (a long message wrapped by the chat bubble or
 * the page) rather than a new line the writer typed. A wrap needs a full line that the next
 * line's first word would not have fitted on; a full line that ends in a quantity ("… 6 ctn",
 * "= 324") followed by a line with its own number is an item list, not a wrap.
 */
function softWrap(line: Line, next: Line, containerWidth: number): boolean {
  const width = line.x1 - line.x0;
  if (width < containerWidth * 0.8) return false;
  const first = next.words[0];
  const space = line.height * 0.3;
  if (width + space + (first.x1 - first.x0) <= containerWidth * 1.01) return false;
  const lastWord = line.words[line.words.length - 1].text;
  if (/[:：]$/.test(lastWord)) return false;
  if (LIST_MARKER.test(first.text)) return false;
  if (TIME_ONLY.test(next.text.trim())) return false;
  const firstCore = wordCore(first.text);
  if (UNIT_WORD.test(firstCore) || CONTINUATION_WORD.test(firstCore)) return true;
  const words = line.words.map((word) => ({ core: wordCore(word.text), text: word.text })).filter((word) => word.core);
  const last = words[words.length - 1]?.core ?? '';
  const beforeLast = words[words.length - 2]?.core ?? '';
  const numberAt = NUMBER_END.test(last)
    ? words.length - 1
    : UNIT_WORD.test(last) && NUMBER_END.test(beforeLast)
      ? words.length - 2
      : -1;
  if (numberAt < 0) return true;
  // "… and 2 cartons" / "… و٢٠ علبة": the quantity opens an item whose name is on the next line.
  const before = words[numberAt - 1];
  const opensItem =
    /^و[0-9\u0660-\u0669\u06f0-\u06f9]/.test(words[numberAt].core) ||
    (before !== undefined && (QUANTITY_OPENER.test(before.core) || /[,،]$/.test(before.text)));
  if (opensItem) return true;
  // A line that ends in a quantity followed by a line with a number of its own: an item list.
  return !/[0-9\u0660-\u0669\u06f0-\u06f9]/.test(next.text);
}

/** Lines of a block in reading order, soft-wrapped lines joined. */
function blockText(lineWords: OcrWord[][]): string {
  // The alignment of the text lines tells the paragraph direction; a time stamp in a corner does not.
  const textLines = lineWords.filter(
    (words) =>
      !TIME_ONLY.test(
        words
          .map((word) => word.text)
          .join(' ')
          .trim(),
      ),
  );
  const hint = blockIsRtl(textLines) ?? true;
  const lines: Line[] = lineWords.map((words) => {
    const ordered = orderLine(words, hint);
    return {
      words: ordered,
      x0: Math.min(...words.map((word) => word.x0)),
      x1: Math.max(...words.map((word) => word.x1)),
      height: median(words.map((word) => word.y1 - word.y0 + 1)),
      text: ordered.map((word) => word.text).join(' '),
    };
  });
  // A chat screenshot's time stamp: a last line of only a time, in smaller type than the text.
  const last = lines[lines.length - 1];
  if (lines.length > 1 && last && STAMP.test(last.text) && (last.text.match(/\p{N}/gu)?.length ?? 0) >= 2) {
    const body = median(lines.slice(0, -1).map((line) => line.height));
    if (last.height < body * 0.85) lines.pop();
  }
  const container = Math.max(0, ...lines.filter((line) => !TIME_ONLY.test(line.text)).map((line) => line.x1 - line.x0));
  let out = lines[0]?.text ?? '';
  for (let i = 1; i < lines.length; i += 1)
    out += (softWrap(lines[i - 1], lines[i], container) ? ' ' : '\n') + lines[i].text;
  return out;
}

/** Words back to text: lines in reading order (soft wraps joined), a blank line between blocks. */
export function wordsToText(words: readonly OcrWord[]): string {
  const blocks = new Map<string, Map<string, OcrWord[]>>();
  for (const word of words) {
    const block = word.line.split('/')[0];
    const lines = blocks.get(block) ?? new Map<string, OcrWord[]>();
    lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
    blocks.set(block, lines);
  }
  return [...blocks.values()].map((lines) => blockText([...lines.values()])).join('\n\n');
}

async function tesseract(image: Gray, options: OcrOptions, config: readonly string[] = []): Promise<OcrWord[]> {
  const extra = config.flatMap((setting) => ['-c', setting]);
  const languages = options.languages ?? 'Arabic+eng';
  const args = ['stdin', 'stdout', '-l', languages, '--psm', String(options.psm ?? 6), ...extra, 'tsv'];
  const { stdout } = await runProcess('tesseract', args, {
    timeoutMs: remaining(options.deadline),
    input: encodePgm(image),
    env: TESSERACT_ENV,
  });
  return parseTsv(stdout.toString('utf8'));
}

/**
 * The page Tesseract reads: the (scaled) grey page with its contrast stretched (ink class → 0,
 * paper class → 255) and everything farther than one pixel from ink set to white. Tesseract's
 * line recogniser works on grey levels, and the anti-aliased edges of letters tell dots and thin
 * strokes apart (ب/ي، ت/ث، ٥/٠) better than a hard black-and-white page; flattening the
 * background drops the noise, specks and rules removed from the binary page.
 */
function inkGray(page: Page): Gray {
  const { width, height, data } = page.gray;
  let inkSum = 0;
  let inkCount = 0;
  let paperSum = 0;
  let paperCount = 0;
  for (let i = 0; i < data.length; i += 1) {
    if (page.bits[i]) {
      inkSum += data[i];
      inkCount += 1;
    } else {
      paperSum += data[i];
      paperCount += 1;
    }
  }
  const ink = inkCount > 0 ? inkSum / inkCount : 0;
  const paper = paperCount > 0 ? paperSum / paperCount : 255;
  const near = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!page.bits[y * width + x]) continue;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny += 1) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx += 1) near[ny * width + nx] = 1;
      }
    }
  }
  const out = new Uint8Array(width * height).fill(255);
  const range = Math.max(1, paper - ink);
  for (let i = 0; i < out.length; i += 1) {
    if (near[i]) out[i] = Math.max(0, Math.min(255, Math.round(((data[i] - ink) / range) * 255)));
  }
  return { width, height, data: out };
}

type Box = { x0: number; y0: number; x1: number; y1: number };

const ARABIC_TEXT = /[\u0621-\u064a]/;

function lineGroups(words: readonly OcrWord[]): Array<{ key: string; words: OcrWord[]; y0: number; y1: number }> {
  const map = new Map<string, OcrWord[]>();
  for (const word of words) map.set(word.line, [...(map.get(word.line) ?? []), word]);
  return [...map].map(([key, list]) => ({
    key,
    words: list,
    y0: Math.min(...list.map((word) => word.y0)),
    y1: Math.max(...list.map((word) => word.y1)),
  }));
}

/** Mean confidence, less for each Latin scrap inside an Arabic line (the mixed model's typical misreading). */
function lineScore(words: readonly OcrWord[]): number {
  const arabic = words.some((word) => ARABIC_TEXT.test(word.text));
  const scraps = arabic
    ? words.filter(
        (word) => /^[^\u0600-\u06ff]*[A-Za-z][^\u0600-\u06ff]*$/.test(word.text) && !/^[A-Za-z]{3,}$/.test(word.text),
      ).length
    : 0;
  return meanConfidence(words) - scraps * 15;
}

/**
 * Two readings of one page (the Arabic+eng model and the Arabic script model) merged line by
 * line: each line is taken from the reading with the better score; a line only one reading
 * found is kept.
 */
export function mergeReadings(mixed: readonly OcrWord[], arabic: readonly OcrWord[]): OcrWord[] {
  const a = lineGroups(mixed);
  const b = lineGroups(arabic);
  const usedB = new Set<string>();
  const chosen: Array<{ y: number; words: OcrWord[] }> = [];
  for (const line of a) {
    const match = b
      .filter((other) => !usedB.has(other.key))
      .map((other) => ({ other, overlap: Math.min(line.y1, other.y1) - Math.max(line.y0, other.y0) }))
      .filter(({ other, overlap }) => overlap > Math.min(line.y1 - line.y0, other.y1 - other.y0) * 0.5)
      .sort((x, y) => y.overlap - x.overlap)[0];
    if (!match) {
      chosen.push({ y: line.y0, words: line.words.map((word) => ({ ...word, line: tagLine('a', word.line) })) });
      continue;
    }
    usedB.add(match.other.key);
    const takeB = lineScore(match.other.words) > lineScore(line.words);
    const source = betterWords(
      takeB ? match.other.words : patchShortWords(line.words, match.other.words),
      takeB ? line.words : match.other.words,
    );
    chosen.push({
      y: line.y0,
      words: source.map((word) => ({ ...word, line: tagLine(takeB ? 'b' : 'a', word.line) })),
    });
  }
  for (const line of b) {
    if (usedB.has(line.key)) continue;
    // A row the first reading dropped, not a second split of a row it has.
    const clash = a.some(
      (other) => Math.min(line.y1, other.y1) - Math.max(line.y0, other.y0) > (line.y1 - line.y0) * 0.3,
    );
    if (!clash)
      chosen.push({ y: line.y0, words: line.words.map((word) => ({ ...word, line: tagLine('b', word.line) })) });
  }
  return chosen.sort((x, y) => x.y - y.y).flatMap((line) => line.words);
}

/** A word both readings boxed alike takes the reading Tesseract was clearly surer of. */
function betterWords(words: readonly OcrWord[], other: readonly OcrWord[]): OcrWord[] {
  return words.map((word) => {
    const twin = other.find(
      (candidate) => overlapShare(word, candidate) >= 0.7 && overlapShare(candidate, word) >= 0.7,
    );
    return twin && twin.confidence >= word.confidence + 20
      ? { ...word, text: twin.text, confidence: twin.confidence }
      : word;
  });
}

/**
 * In a line taken from the Arabic+eng reading, a one- or two-character Latin scrap where the
 * script model read a short Arabic word (و read as 9) takes the Arabic word: the conjunction
 * decides the reading order of a mixed line. So does an unsure Latin number where the script
 * model read an Arabic word of three letters or more.
 */
function patchShortWords(words: readonly OcrWord[], other: readonly OcrWord[]): OcrWord[] {
  return words.map((word) => {
    if (ARABIC_TEXT.test(word.text)) return word;
    if (/^[0-9]{2,}[.,]?$/.test(word.text) && word.confidence < 50) {
      // An unsure Latin number where the script model saw an Arabic word ("فيمتو" read as 92048):
      // the word. Arabic-Indic digits misread either way are read again by the digit reader.
      const twin = other.find(
        (candidate) =>
          /^[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]{3,}[.,،]?$/.test(candidate.text) &&
          overlapShare(word, candidate) >= 0.7 &&
          overlapShare(candidate, word) >= 0.7,
      );
      if (twin) return { ...word, text: twin.text, confidence: twin.confidence };
    }
    if ([...word.text].length > 2) return word;
    const twin = other.find(
      (candidate) =>
        /^[\u0621-\u064a]{1,2}$/.test(candidate.text) &&
        candidate.confidence >= 50 &&
        overlapShare(word, candidate) >= 0.5 &&
        overlapShare(candidate, word) >= 0.5,
    );
    return twin ? { ...word, text: twin.text, confidence: twin.confidence } : word;
  });
}

/** "a:1/1/2" → "1/a1/2": the source goes inside the key so the block stays first. */
function tagLine(source: 'a' | 'b', key: string): string {
  const [block, paragraph, line] = key.split('/');
  return `${block}/${source}${paragraph}/${line}`;
}

/** A word's letters and digits, Persian forms folded: to tell the same word read twice. */
function wordKey(text: string): string {
  return cleanPageText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Tesseract's row finder (`--psm 6`) sometimes splits one row of text into two overlapping rows
 * (seen on long Arabic lines with deep descenders, often above a smaller line such as a chat time
 * stamp) and reads the same words into both, each with parts missing or garbled. Returns the
 * vertical bands where that happened: two rows that overlap by more than a third of the smaller
 * one and share at least two words.
 */
export function splitRowBands(words: readonly OcrWord[]): Array<{ y0: number; y1: number }> {
  const lines = lineGroups(words);
  const bands: Array<{ y0: number; y1: number }> = [];
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const [a, b] = [lines[i], lines[j]];
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (overlap <= Math.min(a.y1 - a.y0, b.y1 - b.y0) / 3) continue;
      const keys = new Set(a.words.map((word) => wordKey(word.text)).filter((key) => [...key].length >= 2));
      const shared = new Set(b.words.map((word) => wordKey(word.text)).filter((key) => keys.has(key)));
      if (shared.size < 2) continue;
      const band = { y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1) };
      const touching = bands.find((other) => other.y0 <= band.y1 && other.y1 >= band.y0);
      if (touching) {
        touching.y0 = Math.min(touching.y0, band.y0);
        touching.y1 = Math.max(touching.y1, band.y1);
      } else bands.push(band);
    }
  }
  return bands;
}

/**
 * The rows of `words` inside the bands replaced by the rows of another reading of the page
 * (sparse text, `--psm 6`'s row finder not involved), kept in the same block.
 */
export function replaceBands(
  words: readonly OcrWord[],
  other: readonly OcrWord[],
  bands: ReadonlyArray<{ y0: number; y1: number }>,
): OcrWord[] {
  const inBand = (y0: number, y1: number): number =>
    bands.findIndex((band) => Math.min(y1, band.y1) - Math.max(y0, band.y0) > (y1 - y0) / 2);
  const removed = new Set(
    lineGroups(words)
      .filter((line) => inBand(line.y0, line.y1) >= 0)
      .map((line) => line.key),
  );
  const out: OcrWord[] = [];
  const inserted = new Set<number>();
  for (const word of words) {
    if (!removed.has(word.line)) {
      out.push(word);
      continue;
    }
    const band = inBand(word.y0, word.y1);
    if (inserted.has(band)) continue;
    inserted.add(band);
    const block = word.line.split('/')[0];
    const rows = lineGroups(
      other.filter((candidate) => {
        const centre = (candidate.y0 + candidate.y1) / 2;
        return centre >= bands[band].y0 && centre <= bands[band].y1;
      }),
    ).sort((a, b) => a.y0 - b.y0);
    rows.forEach((row, index) => {
      for (const rowWord of row.words) out.push({ ...rowWord, line: `${block}/s${band}/${index + 1}` });
    });
  }
  return out;
}

/** Share of a's area covered by b. */
function overlapShare(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / ((a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1));
}

function meanConfidence(words: readonly OcrWord[]): number {
  const scored = words.filter((word) => word.confidence >= 0);
  return scored.length === 0 ? 0 : scored.reduce((sum, word) => sum + word.confidence, 0) / scored.length;
}

async function readPage(pageImage: Gray, options: OcrOptions): Promise<OcrWord[]> {
  let words = await tesseract(pageImage, options);
  options.trace?.('mixed', words);
  if (!options.languages && words.some((word) => ARABIC_TEXT.test(word.text))) {
    // The script model, with rows of small marks kept: Tesseract otherwise drops some Arabic
    // lines (many dots, short digits) as noise.
    const arabic = await tesseract(pageImage, { ...options, languages: 'Arabic' }, ['textord_noise_rejrows=0']);
    options.trace?.('arabic', arabic);
    words = mergeReadings(words, arabic);
  }
  const bands = splitRowBands(words);
  if (bands.length > 0) {
    // Read those rows again as sparse text, with both models when the page has Arabic.
    let sparse = await tesseract(pageImage, { ...options, psm: 11 });
    if (!options.languages && sparse.some((word) => ARABIC_TEXT.test(word.text))) {
      const arabic = await tesseract(pageImage, { ...options, psm: 11, languages: 'Arabic' }, [
        'textord_noise_rejrows=0',
      ]);
      sparse = mergeReadings(sparse, arabic);
    }
    options.trace?.('split-rows', { bands, sparse });
    words = replaceBands(words, sparse, bands);
  }
  return words;
}

/** A word Tesseract is sure of that has at least two letters or digits. */
function isSolidWord(word: OcrWord): boolean {
  return word.confidence >= 60 && (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
}

/**
 * What Tesseract reads into a picture with no text (a wall, a blotchy photo) is scraps: symbols
 * and one- or two-letter "words" of low confidence. A reading with (almost) no solid word is
 * dropped whole; otherwise only lines without a single letter or digit go.
 */
export function dropGarbage(words: readonly OcrWord[]): OcrWord[] {
  const solid = words.filter(isSolidWord).length;
  if (solid === 0 || solid < words.length * 0.2) return [];
  const kept = new Set(words.filter((word) => /[\p{L}\p{N}]/u.test(word.text)).map((word) => word.line));
  return words.filter((word) => kept.has(word.line));
}

/**
 * Tesseract reads the Arabic comma (،) after a word as a closing guillemet ("ديتول»"). A » right
 * after Arabic letters with no « before it on the line is that comma: the parser needs it, as a
 * comma ends an item.
 */
export function restoreArabicCommas(words: readonly OcrWord[]): OcrWord[] {
  const opened = new Set(words.filter((word) => word.text.includes('«')).map((word) => word.line));
  return words.map((word) =>
    !opened.has(word.line) && /[\u0621-\u064a]»$/.test(word.text)
      ? { ...word, text: `${word.text.slice(0, -1)}،` }
      : word,
  );
}

/**
 * A word Tesseract was unsure of that mixes Latin and Arabic letters ("يبl" for ابي, "jنوترك" for
 * كرتون) was read as a left-to-right word: its letters are in visual order. They are put back in
 * reading order, a Latin l or I touching Arabic letters is the alef it looks like, and other
 * Latin scraps go.
 */
export function repairMixedWords(words: readonly OcrWord[]): OcrWord[] {
  return words.map((word) => {
    const text = word.text.replace(/[\u200e\u200f]/g, '');
    if (word.confidence >= 60 || !/[A-Za-z]/.test(text) || !ARABIC_TEXT.test(text) || /[0-9]/.test(text)) return word;
    if (!/^[A-Za-z\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]+$/.test(text)) return word;
    const logical = [...text].reverse().join('');
    const repaired = logical
      .replace(
        /[lI](?=[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff])|(?<=[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff])[lI]/g,
        'ا',
      )
      .replace(/[A-Za-z]/g, '');
    return [...repaired].length >= 2 ? { ...word, text: repaired } : word;
  });
}

/** OCR of a grey page already decoded (used for rendered PDF pages too). */
export async function ocrGray(input: Gray, options: OcrOptions): Promise<OcrResult> {
  const page = preparePage(input);
  const { width, height } = page.gray;
  if (page.textless) return { text: '', words: [], digitRuns: [], confidence: 0, width, height };
  let words = dropGarbage(await readPage(inkGray(page), options));
  let runs: DigitRun[] = [];
  if (options.digitPass !== false && words.length > 0) {
    runs = findArabicDigitRuns(page.components, words);
    options.trace?.('first', words);
    options.trace?.('runs', runs);
    if (runs.length > 0) words = applyRuns(words, runs, page.components);
    words = recoverConjunctions(page.components, verifyLoneGlyphs(page.components, words));
  }
  words = restoreArabicCommas(repairMixedWords(words));
  return {
    text: cleanPageText(wrappedTableText(words) ?? wordsToText(words)),
    words,
    digitRuns: runs.map(({ text, x0, y0, x1, y1, distance }) => ({ text, x0, y0, x1, y1, distance })),
    confidence: meanConfidence(words),
    width,
    height,
  };
}

/** OCR of an image file's bytes (JPEG, PNG, GIF, WebP, BMP, TIFF, PNM). */
export async function ocrImage(bytes: Buffer, options: OcrOptions): Promise<OcrResult> {
  const gray = await normalise(bytes, options.deadline, options.deskew !== false);
  return ocrGray(gray, options);
}
