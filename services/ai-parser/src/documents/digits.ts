/**
 * Arabic-Indic digits (٠–٩) are Tesseract's weak point: its Arabic models read only about two
 * thirds of them right, and a digits-only second pass (`tessedit_char_whitelist`) over their
 * boxes reads even fewer. This module reads them itself: each connected ink component near a
 * word Tesseract was unsure of (a number, Latin letters inside an Arabic line, a low confidence)
 * is matched against digit outlines rendered from common Arabic fonts, with Latin letters and
 * digits and Arabic letter bodies as competitors; neighbouring digits of one height form a
 * number (small marks in the middle band are ٠, low ones between digits a decimal separator).
 * The numbers found replace Tesseract's reading of them, written in Latin digits (applyRuns).
 */
import { type Classification, type Mask, classifyShape } from './glyphs.js';
import { type Component, type Components, componentMask } from './raster.js';

/** A word of Tesseract's TSV output (pixel box inclusive). */
export interface OcrWord {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** block/paragraph/line key: words of one line share it. */
  line: string;
  /** A number written in Arabic-Indic digits (repainted in Latin digits by the digit reader). */
  arabicDigits?: boolean;
}

export interface DigitRun {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** ASCII digits, maybe one '.', most significant first. */
  text: string;
  /** Median height of its full-size digits. */
  digitHeight: number;
  members: Component[];
  /** Mean template distance of its digits (lower is surer). */
  distance: number;
}

const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff]/;
const ANY_DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/;
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/;
const LATIN_DIGITS_ONLY = /^[0-9.,:/\-+x×]+$/;

/** Largest distance at which a component still counts as a digit. */
const MAX_DIGIT_DISTANCE = 0.03;

type Box = { x0: number; y0: number; x1: number; y1: number };

/** A digit-sized piece of ink: a whole component, or a slice of touching digits (same id). */
interface Piece {
  component: Component;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  height: number;
  result: Classification;
}

function overlaps(a: { x0: number; y0: number; x1: number; y1: number }, b: OcrWord, pad: number): boolean {
  return a.x0 <= b.x1 + pad && a.x1 >= b.x0 - pad && a.y0 <= b.y1 + pad && a.y1 >= b.y0 - pad;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

type WordKind = 'eastern' | 'latin-number' | 'suspect' | 'text';

/** How far Tesseract's reading of a word can be trusted for numbers. */
function wordKind(word: OcrWord, lineIsArabic: boolean): WordKind {
  const text = word.text.replace(/[\u200e\u200f\u061c]/g, '');
  if (EASTERN_DIGIT.test(text)) return 'eastern';
  if (LATIN_DIGITS_ONLY.test(text) && ANY_DIGIT.test(text)) return word.confidence >= 80 ? 'latin-number' : 'suspect';
  const latinLetters = /[A-Za-z]/.test(text);
  if (!lineIsArabic) {
    // A Latin line: Tesseract reads Latin well; only unsure scraps may hide Arabic-Indic digits.
    if (word.confidence < 50) return 'suspect';
    if ([...text].length === 1 && !/^[aAIx×&+\-–—=@:/,.]$/.test(text)) return 'suspect';
    // Letters outside plain Latin (ı, ş, ¥ …) in a Latin line are scraps of something else.
    if (/[^\x20-\x7e’‘“”–—…½¼¾]/.test(text)) return 'suspect';
    if ([...text].length <= 2 && !/^[A-Za-z]{2}$/.test(text) && word.confidence < 85) return 'suspect';
    return 'text';
  }
  // "2.25L", "330ml": a Latin size read with confidence.
  if (latinLetters && ANY_DIGIT.test(text) && word.confidence >= 70) return 'text';
  // A Latin word read with confidence ("lipton" in "… و lipton ٤ box"): its letters are letters.
  if (/^[A-Za-z][a-z]{2,}[.,:]?$/.test(text) && word.confidence >= 85) return 'text';
  if (!ARABIC_LETTER.test(text)) return 'suspect';
  if (ANY_DIGIT.test(text)) return 'suspect';
  if (word.confidence < 60) return 'suspect';
  // A short "word" of one or two letters standing alone is often a misread digit (٥ → ه, ٧ → V).
  if ([...text].length <= 2) return 'suspect';
  return 'text';
}

function isDigitResult(result: Classification): boolean {
  return result.template.value !== null && result.template.value !== '.' && result.distance <= MAX_DIGIT_DISTANCE;
}

/** How clearly a digit beat every other reading (≥ 1; 1 = a tie). */
function margin(result: Classification): number {
  return result.runnerUp ? result.runnerUp.distance / Math.max(result.distance, 1e-4) : 10;
}

/** The slice x0..x1 of a component as its own mask (only that component's pixels). */
function sliceMask(components: Components, component: Component, x0: number, x1: number): Mask | null {
  let top = component.y1;
  let bottom = component.y0;
  for (let y = component.y0; y <= component.y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      if (components.labels[y * components.width + x] === component.id + 1) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (bottom < top) return null;
  const width = x1 - x0 + 1;
  const height = bottom - top + 1;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (components.labels[(top + y) * components.width + x0 + x] === component.id + 1) data[y * width + x] = 1;
    }
  }
  return { width, height, data };
}

/**
 * Touching digits (٨٨, ٧٧ in a tight font) form one component: a wide component is cut at the
 * thinnest columns into two or three slices, kept when every slice reads as a sure digit.
 */
function splitTouching(components: Components, component: Component, digitHeight: number): Piece[] | null {
  const width = component.x1 - component.x0 + 1;
  const height = component.y1 - component.y0 + 1;
  const columns = new Array<number>(width).fill(0);
  for (let y = component.y0; y <= component.y1; y += 1) {
    for (let x = component.x0; x <= component.x1; x += 1) {
      if (components.labels[y * components.width + x] === component.id + 1) columns[x - component.x0] += 1;
    }
  }
  const reference = Math.max(height, digitHeight);
  for (const parts of [2, 3]) {
    if (width < reference * 0.45 * parts || width > reference * 1.05 * parts) continue;
    const cuts: number[] = [];
    for (let part = 1; part < parts; part += 1) {
      const centre = Math.round((width * part) / parts);
      const span = Math.max(1, Math.round(width / parts / 3));
      let best = centre;
      for (let x = Math.max(1, centre - span); x <= Math.min(width - 2, centre + span); x += 1) {
        if (columns[x] < columns[best]) best = x;
      }
      cuts.push(best);
    }
    const bounds = [0, ...cuts, width];
    const pieces: Piece[] = [];
    for (let part = 0; part < parts; part += 1) {
      const x0 = component.x0 + bounds[part] + (part > 0 ? 1 : 0);
      const x1 = component.x0 + bounds[part + 1] - 1;
      if (x1 - x0 < 1) break;
      const mask = sliceMask(components, component, x0, x1);
      if (!mask) break;
      const result = classifyShape(mask);
      if (!result || !isDigitResult(result) || result.distance > MAX_DIGIT_DISTANCE * 0.6) break;
      const top = component.y0; // approximate: slices share the component's band
      pieces.push({ component, x0, x1, y0: top, y1: top + height - 1, height: mask.height, result });
    }
    if (pieces.length === parts) return pieces;
  }
  return null;
}

/**
 * Finds the numbers written in Arabic-Indic (or Persian) digits on a page, guided by
 * Tesseract's first reading.
 */
export function findArabicDigitRuns(components: Components, words: readonly OcrWord[]): DigitRun[] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const arabicLine = new Map<string, boolean>();
  for (const [key, lineWords] of lines)
    arabicLine.set(
      key,
      lineWords.some((word) => ARABIC_LETTER.test(word.text)),
    );

  const kinds = words.map((word) => ({ word, kind: wordKind(word, arabicLine.get(word.line) ?? false) }));
  const watched = kinds.filter((entry) => entry.kind !== 'text');
  if (watched.length === 0) return [];

  const latinWords = kinds
    .filter(
      (entry) => entry.kind === 'text' && /[A-Za-z]{2}/.test(entry.word.text) && !ARABIC_LETTER.test(entry.word.text),
    )
    .map((entry) => entry.word);
  // Components near a watched word, classified once.
  const pieces: Piece[] = [];
  const wide: Component[] = [];
  const small: Component[] = [];
  for (const component of components.list) {
    const width = component.x1 - component.x0 + 1;
    const height = component.y1 - component.y0 + 1;
    if (!watched.some((entry) => overlaps(component, entry.word, 2))) continue;
    // Inside a Latin word read with confidence (its boxes are exact): a letter, not a digit (l ≈ ١).
    const cx = (component.x0 + component.x1) / 2;
    const cy = (component.y0 + component.y1) / 2;
    if (latinWords.some((word) => cx >= word.x0 && cx <= word.x1 && cy >= word.y0 && cy <= word.y1)) continue;
    if (height < 5 || component.area < 6) {
      if (component.area >= 2) small.push(component);
      continue;
    }
    if (width > height * 2.2) continue;
    const mask: Mask = { width, height, data: componentMask(components, component) };
    const result = classifyShape(mask);
    if (!result) continue;
    if (isDigitResult(result)) pieces.push({ component, ...component, height, result });
    else {
      if (width > height * 0.9) wide.push(component);
      small.push(component);
    }
  }
  const typical = median(pieces.filter((piece) => piece.result.template.value !== '0').map((piece) => piece.height));
  // Marks far smaller than the digits (٠, a decimal point, a letter's dots) are not digits by themselves.
  for (let i = pieces.length - 1; i >= 0; i -= 1) {
    if (pieces[i].height < typical * 0.55) {
      small.push(pieces[i].component);
      pieces.splice(i, 1);
    }
  }
  if (pieces.length === 0) return [];
  for (const component of wide) {
    const split = splitTouching(components, component, typical);
    if (split) {
      pieces.push(...split);
      const at = small.indexOf(component);
      if (at >= 0) small.splice(at, 1);
    }
  }

  pieces.sort((a, b) => a.x0 - b.x0);
  const used = new Set<Piece>();
  const usedMarks = new Set<number>();
  const runs: DigitRun[] = [];
  for (const seed of pieces) {
    if (used.has(seed)) continue;
    const members: Piece[] = [seed];
    used.add(seed);
    let grew = true;
    while (grew) {
      grew = false;
      const height = median(members.map((member) => member.height));
      const top = median(members.map((member) => member.y0));
      const bottom = median(members.map((member) => member.y1));
      for (const candidate of pieces) {
        if (used.has(candidate)) continue;
        if (candidate.height < height * 0.6 || candidate.height > height * 1.6) continue;
        const overlap = Math.min(bottom, candidate.y1) - Math.max(top, candidate.y0);
        if (overlap < Math.min(height, candidate.height) * 0.5) continue;
        const neighbour = members.reduce((best, member) =>
          Math.max(member.x0 - candidate.x1, candidate.x0 - member.x1) <
          Math.max(best.x0 - candidate.x1, candidate.x0 - best.x1)
            ? member
            : best,
        );
        const gap = Math.max(neighbour.x0 - candidate.x1, candidate.x0 - neighbour.x1);
        // ١ is narrow with wide side bearings; a decimal mark between two digits widens the gap.
        const narrow = neighbour.x1 - neighbour.x0 < height * 0.4 || candidate.x1 - candidate.x0 < height * 0.4;
        const left = Math.min(neighbour.x1, candidate.x1);
        const right = Math.max(neighbour.x0, candidate.x0);
        const markBetween = small.some(
          (mark) =>
            mark.x0 >= left &&
            mark.x1 <= right &&
            mark.y1 - mark.y0 + 1 <= height * 0.65 &&
            mark.y0 > top + height * 0.45,
        );
        const limit = height * (markBetween ? 1.2 : narrow ? 0.8 : 0.6);
        if (gap > limit) continue;
        members.push(candidate);
        used.add(candidate);
        grew = true;
      }
    }
    runs.push(buildRun(members, small, usedMarks));
  }
  const arabicLines = new Set([...arabicLine].filter(([, arabic]) => arabic).map(([key]) => key));
  return runs.filter((run) => acceptRun(run, kinds, pieces, arabicLines));
}

interface Part {
  component: Component;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  value: string;
  full: boolean;
}

function buildRun(members: Piece[], small: Component[], usedMarks: Set<number>): DigitRun {
  const height = median(members.map((member) => member.height));
  const top = median(members.map((member) => member.y0));
  const bottom = median(members.map((member) => member.y1));
  const parts: Part[] = members.map((member) => ({
    component: member.component,
    x0: member.x0,
    x1: member.x1,
    y0: member.y0,
    y1: member.y1,
    value: member.result.template.value ?? '',
    full: true,
  }));
  // Small marks beside the digits: ٠ sits in the middle band, a decimal separator low between digits.
  let grew = true;
  while (grew) {
    grew = false;
    for (const mark of small) {
      if (usedMarks.has(mark.id) || parts.some((part) => part.component.id === mark.id)) continue;
      const w = mark.x1 - mark.x0 + 1;
      const h = mark.y1 - mark.y0 + 1;
      if (h > height * 0.65 || w > height * 0.7) continue;
      const gap = Math.min(...parts.map((part) => Math.max(part.x0 - mark.x1, mark.x0 - part.x1)));
      if (gap > height * 0.5) continue;
      const centre = (mark.y0 + mark.y1) / 2;
      const relative = (centre - top) / Math.max(1, bottom - top);
      const between =
        parts.some((part) => part.full && part.x1 < mark.x0) && parts.some((part) => part.full && part.x0 > mark.x1);
      let value: string | null = null;
      if (relative > 0.72 && relative < 1.3 && between && !parts.some((part) => part.value === '.')) value = '.';
      else if (relative >= 0.3 && relative <= 0.8 && w >= height * 0.12 && h >= height * 0.12 && h <= height * 0.45) {
        value = '0';
      }
      if (value === null) continue;
      parts.push({ component: mark, x0: mark.x0, x1: mark.x1, y0: mark.y0, y1: mark.y1, value, full: false });
      usedMarks.add(mark.id);
      grew = true;
    }
  }
  parts.sort((a, b) => a.x0 - b.x0);
  // A decimal mark must sit between digits.
  while (parts.length > 0 && parts[0].value === '.') parts.shift();
  while (parts.length > 0 && parts[parts.length - 1].value === '.') parts.pop();
  const distance = members.reduce((sum, member) => sum + member.result.distance, 0) / Math.max(1, members.length);
  return {
    x0: Math.min(...parts.map((part) => part.x0)),
    y0: Math.min(...parts.map((part) => part.y0)),
    x1: Math.max(...parts.map((part) => part.x1)),
    y1: Math.max(...parts.map((part) => part.y1)),
    text: parts.map((part) => part.value).join(''),
    digitHeight: height,
    members: parts.map((part) => ({ ...part.component, x0: part.x0, x1: part.x1 })),
    distance,
  };
}

function acceptRun(
  run: DigitRun,
  kinds: Array<{ word: OcrWord; kind: WordKind }>,
  pieces: Piece[],
  arabicLines: Set<string>,
): boolean {
  if (!/[0-9]/.test(run.text)) return false;
  const near = kinds.filter((entry) => overlaps(run, entry.word, 1) && entry.kind !== 'text');
  if (near.length === 0) return false;
  const full = pieces.filter(
    (piece) => piece.x0 >= run.x0 && piece.x1 <= run.x1 && piece.y0 <= run.y1 && piece.y1 >= run.y0,
  );
  // Tesseract read a confident Latin number here: only an unambiguous reading overrides it.
  if (near.every((entry) => entry.kind === 'latin-number')) {
    // Latin digits are rarer inside Arabic lines: there a clear reading is enough.
    const arabic = near.some((entry) => arabicLines.has(entry.word.line));
    const [distance, clear] = arabic ? [0.02, 1.3] : [0.012, 1.6];
    // The whole number must read as Arabic-Indic digits, not a piece of it (Latin 1 ≈ ١, 0 ≈ ٥).
    const word = near.reduce(
      (best, entry) => (entry.word.x1 - entry.word.x0 > best.x1 - best.x0 ? entry.word : best),
      near[0].word,
    );
    const digitsInWord = (word.text.match(/[0-9]/g) ?? []).length;
    // The digits' share of the word's box: punctuation read with the number ("1,") widens it.
    const characters = Math.max(1, [...word.text.replace(/[\u200e\u200f]/g, '')].length);
    const digitsWidth = ((word.x1 - word.x0) * Math.max(1, digitsInWord)) / characters;
    if (run.text.replace('.', '').length < digitsInWord || run.x1 - run.x0 < digitsWidth * 0.6) return false;
    return full.every((piece) => piece.result.distance <= distance && margin(piece.result) >= clear);
  }
  // Inside a word that mixes a confident Latin number with other marks ("18/11/2026م"), a lone
  // short reading is a piece of the Latin number.
  const latinDigits = Math.max(0, ...near.map((entry) => (entry.word.text.match(/[0-9]/g) ?? []).length));
  if (latinDigits >= 3 && run.text.replace('.', '').length < latinDigits) return false;
  // A lone ١ looks like alef: take it only where Tesseract saw a number.
  if (run.text === '1' && !near.some((entry) => ANY_DIGIT.test(entry.word.text))) return false;
  return true;
}

/** Arabic letters Tesseract writes for a digit it misreads. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  '5': 'هة',
  '1': 'ا',
  '0': '',
  '7': '',
  '8': '',
  '9': '',
  '2': '',
  '3': '',
  '4': '',
  '6': '',
};

/**
 * Puts the numbers read into Tesseract's words. Each number replaces the unsure word that covers
 * it best (digits misread, Latin scraps); Arabic letters glued to that word stay ("و١٢" → "و 12"
 * with the number's own box); a number no word covers becomes a word of its own on the line it
 * sits on.
 */
export function applyRuns(words: readonly OcrWord[], runs: readonly DigitRun[], components?: Components): OcrWord[] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const arabicLine = new Map<string, boolean>();
  for (const [key, lineWords] of lines)
    arabicLine.set(
      key,
      lineWords.some((word) => ARABIC_LETTER.test(word.text)),
    );
  const assigned = new Map<OcrWord, DigitRun[]>();
  const loose: DigitRun[] = [];
  for (const run of runs) {
    let best: OcrWord | null = null;
    let bestScore = 0;
    for (const word of words) {
      if (wordKind(word, arabicLine.get(word.line) ?? false) === 'text') continue;
      const w = Math.min(word.x1, run.x1) - Math.max(word.x0, run.x0) + 1;
      const h = Math.min(word.y1, run.y1) - Math.max(word.y0, run.y0) + 1;
      if (w <= 0 || h <= 0) continue;
      // Share of the number covered, then closeness of centres.
      const score =
        (w * h) / ((run.x1 - run.x0 + 1) * (run.y1 - run.y0 + 1)) -
        Math.abs((word.x0 + word.x1 - run.x0 - run.x1) / 2) * 1e-4;
      if (score > bestScore) {
        bestScore = score;
        best = word;
      }
    }
    if (best && bestScore > 0.3) assigned.set(best, [...(assigned.get(best) ?? []), run]);
    else loose.push(run);
  }
  const out: OcrWord[] = [];
  const numberWord = (run: DigitRun, line: string, confidence: number): OcrWord => ({
    text: run.text,
    confidence,
    x0: run.x0,
    y0: run.y0,
    x1: run.x1,
    y1: run.y1,
    line,
    arabicDigits: true,
  });
  for (const word of words) {
    const mine = assigned.get(word);
    if (!mine) {
      out.push(word);
      continue;
    }
    let letters = word.text.replace(/[^\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\u0640]/g, '');
    // Letters Tesseract made of the digits themselves (٥ → ه, ١ → ا …) go.
    for (const digit of mine.map((run) => run.text).join('')) {
      const alike = DIGIT_LOOKALIKES[digit];
      if (!alike) continue;
      const at = Math.max(...[...alike].map((char) => letters.lastIndexOf(char)));
      if (at >= 0 && letters.length > 1) letters = letters.slice(0, at) + letters.slice(at + 1);
      else if (at >= 0 && mine.length === 1 && word.x1 - word.x0 < (mine[0].x1 - mine[0].x0) * 1.6) letters = '';
    }
    // A word read as Latin scraps ("Wo" for و١٢): ink left beside the numbers that is clearly
    // one Arabic letter (the conjunction و, mostly) stays as that letter.
    if (!ARABIC_LETTER.test(letters) && components) letters = leftoverLetter(components, word, mine) ?? letters;
    const trailing = /[:،,؛)]+$/.exec(word.text.replace(/[\u200e\u200f]/g, ''))?.[0] ?? '';
    const numbers = [...mine].sort((a, b) => a.x0 - b.x0);
    if (ARABIC_LETTER.test(letters)) out.push({ ...word, text: letters });
    numbers.forEach((run, index) => {
      const number = numberWord(run, word.line, 90);
      // Punctuation after the word ("١٢،") stays after the number when the word was only the number.
      if (!ARABIC_LETTER.test(letters) && index === 0 && trailing) number.text += trailing;
      out.push(number);
    });
  }
  // A number-only word left over the digits of a run (Tesseract's own misreading of them, when
  // the run went to a neighbouring word that covered it better) goes.
  const isRunWord = (word: OcrWord): boolean =>
    runs.some((run) => word.text.startsWith(run.text) && word.x0 === run.x0 && word.x1 === run.x1);
  for (let index = out.length - 1; index >= 0; index -= 1) {
    const word = out[index];
    const text = word.text.replace(/[\u200e\u200f]/g, '');
    if (isRunWord(word) || !ANY_DIGIT.test(text) || !/^[0-9\u0660-\u0669\u06f0-\u06f9.,:٫،]+$/.test(text)) continue;
    if (runs.some((run) => horizontalShare(word, run) >= 0.6 && word.y0 <= run.y1 && word.y1 >= run.y0)) {
      out.splice(index, 1);
    }
  }
  // Tesseract's boxes of Arabic words often reach over a number beside them: trim them to the
  // number's edge so reading order by position puts the number on the right side.
  for (const run of runs) {
    out.forEach((word, index) => {
      if (word.text === run.text && word.x0 === run.x0 && word.x1 === run.x1) return;
      const vertical = Math.min(word.y1, run.y1) - Math.max(word.y0, run.y0);
      if (vertical <= 0) return;
      if (word.x0 < run.x0 && word.x1 >= run.x0 && word.x1 <= run.x1 + 2) out[index] = { ...word, x1: run.x0 - 1 };
      else if (word.x1 > run.x1 && word.x0 <= run.x1 && word.x0 >= run.x0 - 2) out[index] = { ...word, x0: run.x1 + 1 };
    });
  }
  for (const run of loose) {
    // The line whose words overlap it most in height.
    let line: string | null = null;
    let best = 0;
    for (const word of words) {
      const overlap = Math.min(word.y1, run.y1) - Math.max(word.y0, run.y0);
      if (overlap > best && overlap >= (run.y1 - run.y0 + 1) * 0.5) {
        best = overlap;
        line = word.line;
      }
    }
    if (line === null) continue;
    const at = out.map((word) => word.line).lastIndexOf(line);
    out.splice(at + 1, 0, numberWord(run, line, 80));
  }
  return out;
}

/** Share of a's width that b spans. */
function horizontalShare(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  return w <= 0 ? 0 : w / (a.x1 - a.x0 + 1);
}

/** An Arabic letter (and its dots) clearly read from a shape, or null. */
function clearArabicLetter(components: Components, component: Component): string | null {
  const mask: Mask = {
    width: component.x1 - component.x0 + 1,
    height: component.y1 - component.y0 + 1,
    data: componentMask(components, component),
  };
  const result = classifyShape(mask);
  if (!result || result.template.value !== null || !ARABIC_LETTER.test(result.template.char)) return null;
  if (result.distance > 0.02 || margin(result) < 1.3) return null;
  return result.template.char;
}

/**
 * The one Arabic letter in a word's box outside its numbers, when there is exactly one piece of
 * ink of letter size there and it reads clearly as an Arabic letter.
 */
function leftoverLetter(components: Components, word: OcrWord, runs: readonly DigitRun[]): string | null {
  const height = Math.max(...runs.map((run) => run.digitHeight));
  const inside = components.list.filter(
    (component) =>
      component.x0 >= word.x0 - 1 &&
      component.x1 <= word.x1 + 1 &&
      component.y0 >= word.y0 - 1 &&
      component.y1 <= word.y1 + 1 &&
      component.area >= 6 &&
      component.y1 - component.y0 + 1 >= height * 0.4 &&
      !runs.some((run) => component.x1 >= run.x0 && component.x0 <= run.x1),
  );
  return inside.length === 1 ? clearArabicLetter(components, inside[0]) : null;
}

/**
 * A one-character Latin "word" inside a line with Arabic words is checked against the glyph
 * shapes: Tesseract's mixed model reads the conjunction و as 9 or g, which turns the line's
 * reading order around. When the ink is clearly و (or another lone Arabic letter), the word
 * says so.
 */
export function verifyLoneGlyphs(components: Components, words: readonly OcrWord[]): OcrWord[] {
  const arabicLines = new Set(words.filter((word) => ARABIC_LETTER.test(word.text)).map((word) => word.line));
  return words.map((word) => {
    const text = word.text.replace(/[\u200e\u200f]/g, '');
    if (!arabicLines.has(word.line) || [...text].length !== 1 || !/[0-9A-Za-z]/.test(text)) return word;
    const inside = components.list.filter(
      (component) =>
        component.x0 >= word.x0 - 1 &&
        component.x1 <= word.x1 + 1 &&
        component.y0 >= word.y0 - 1 &&
        component.y1 <= word.y1 + 1 &&
        component.area >= 6,
    );
    if (inside.length !== 1) return word;
    const letter = clearArabicLetter(components, inside[0]);
    return letter ? { ...word, text: letter } : word;
  });
}

/**
 * The conjunction و written apart, between two words of a line with Arabic, is sometimes dropped
 * by Tesseract's mixed model (and read as "g" with no confidence by the script model); without
 * it a mixed line ("ابي Heinz mayo 6 و Heinz ketchup 12") reads in the wrong order. Ink on the
 * line that no word covers and that is clearly و becomes that word.
 */
export function recoverConjunctions(components: Components, words: readonly OcrWord[]): OcrWord[] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const out = [...words];
  for (const [line, lineWords] of lines) {
    if (!lineWords.some((word) => ARABIC_LETTER.test(word.text))) continue;
    const top = median(lineWords.map((word) => word.y0));
    const bottom = median(lineWords.map((word) => word.y1));
    const left = Math.min(...lineWords.map((word) => word.x1));
    const right = Math.max(...lineWords.map((word) => word.x0));
    for (const component of components.list) {
      const cx = (component.x0 + component.x1) / 2;
      const cy = (component.y0 + component.y1) / 2;
      const height = component.y1 - component.y0 + 1;
      if (cy < top || cy > bottom || cx <= left || cx >= right) continue;
      if (component.area < 6 || height < (bottom - top + 1) * 0.3) continue;
      if (words.some((word) => overlaps(component, word, 1))) continue;
      if (clearArabicLetter(components, component) !== 'و') continue;
      const word: OcrWord = {
        text: 'و',
        confidence: 70,
        x0: component.x0,
        y0: component.y0,
        x1: component.x1,
        y1: component.y1,
        line,
      };
      out.splice(out.lastIndexOf(lineWords[lineWords.length - 1]) + 1, 0, word);
    }
  }
  return out;
}
