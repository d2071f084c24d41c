import { normalizeWord, toAsciiDigits } from './normalize.js';

/**
 * A token of a prepared message. `raw` is the text as written (offsets `start`/`end` into the
 * prepared text), `norm` its compared form. Numbers carry `value`; numbers that can never be a
 * quantity (phone numbers, times, dates) are kind 'noise' from the start.
 */
export interface Token {
  kind: 'word' | 'number' | 'punct' | 'noise';
  raw: string;
  norm: string;
  value?: number;
  start: number;
  end: number;
  line: number;
  /** Letters of the word are Arabic script. */
  arabic?: boolean;
}

/** Unit suffixes that may be glued to a number ("2L", "330ml", "3x", "10kgs", "11am"). */
const GLUED_SUFFIXES = new Set([
  'kg',
  'kgs',
  'kilo',
  'kilos',
  'g',
  'gm',
  'gms',
  'gr',
  'grm',
  'gram',
  'grams',
  'l',
  'lt',
  'ltr',
  'ltrs',
  'litre',
  'liter',
  'litres',
  'liters',
  'ml',
  'mls',
  'x',
  'pcs',
  'pc',
  'ctn',
  'ctns',
  'crt',
  'crtn',
  'box',
  'boxes',
  'bag',
  'bags',
  'btl',
  'btls',
  'doz',
  'dz',
]);
const TIME_SUFFIXES = new Set(['am', 'pm']);
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);

function isDigit(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9);
}

function isArabicLetter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x621 && code <= 0x64a) ||
    (code >= 0x64b && code <= 0x65f) ||
    code === 0x670 ||
    code === 0x640 ||
    (code >= 0x671 && code <= 0x6d3) ||
    code === 0x6d5 ||
    (code >= 0x6fa && code <= 0x6fc)
  );
}

function isLatinLetter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7)
  );
}

const APOSTROPHES = "'’ʼ`";
/** An emoji's picture (🙏, ✅, 👍): a separator, read as the bullet •. */
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** Punctuation kept as tokens: it separates items or marks formats. */
const SIGNIFICANT = new Set([...',.;!?:-–—+&@=×*•·()[]/#%|~\n', '،', '؛', '؟', '>', '٪']);

interface Piece {
  text: string;
  start: number;
}

function numberValue(text: string): { value?: number; noise: boolean } {
  const ascii = toAsciiDigits(text);
  if (/^\d+(\.\d+)?$/.test(ascii)) {
    const digits = ascii.replace('.', '');
    // Long digit runs and numbers with a leading 0 (phone numbers, references) are never quantities.
    if (digits.length >= 7 || (/^0\d{2,}/.test(ascii) && !ascii.includes('.'))) return { noise: true };
    return { value: Number(ascii), noise: false };
  }
  if (/^\d{1,3}(,\d{3})+$/.test(ascii)) return { value: Number(ascii.replace(/,/g, '')), noise: false };
  if (/^\d+,\d{1,2}$/.test(ascii)) return { value: Number(ascii.replace(',', '.')), noise: false };
  const fraction = /^(\d+)\/(\d+)$/.exec(ascii);
  if (fraction) {
    const [numerator, denominator] = [Number(fraction[1]), Number(fraction[2])];
    if (numerator < denominator && denominator <= 4) return { value: numerator / denominator, noise: false };
  }
  return { noise: true };
}

function splitMixed(piece: Piece): Piece[] {
  const ascii = toAsciiDigits(piece.text).toLowerCase();
  const glued = /^(\d+(?:[.,]\d+)?)([a-z]+)$/.exec(ascii);
  if (glued && (GLUED_SUFFIXES.has(glued[2]) || TIME_SUFFIXES.has(glued[2]) || ORDINAL_SUFFIXES.has(glued[2]))) {
    const cut = glued[1].length;
    return [
      { text: piece.text.slice(0, cut), start: piece.start },
      { text: piece.text.slice(cut), start: piece.start + cut },
    ];
  }
  const leadingX = /^x(\d+(?:\.\d+)?)$/.exec(ascii);
  if (leadingX) {
    return [
      { text: piece.text.slice(0, 1), start: piece.start },
      { text: piece.text.slice(1), start: piece.start + 1 },
    ];
  }
  const times = /^(\d+)x(\d+(?:\.\d+)?)$/.exec(ascii);
  if (times) {
    const cut = times[1].length;
    return [
      { text: piece.text.slice(0, cut), start: piece.start },
      { text: piece.text.slice(cut, cut + 1), start: piece.start + cut },
      { text: piece.text.slice(cut + 1), start: piece.start + cut + 1 },
    ];
  }
  return [piece];
}

/** Splits prepared text into tokens (see `Token`). */
export function tokenize(text: string): Token[] {
  const pieces: Array<Piece & { type: 'latin' | 'arabic' | 'digit' | 'punct' }> = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (isDigit(char)) {
      let end = index + 1;
      for (;;) {
        if (end < text.length && isDigit(text[end])) end += 1;
        else if (end + 1 < text.length && '.,٫٬/:-'.includes(text[end]) && isDigit(text[end + 1])) end += 2;
        else break;
      }
      // Digits glued to Latin letters: "2L", "330ml", "3in1", "7up", "7aleeb".
      if (end < text.length && isLatinLetter(text[end])) {
        while (end < text.length && (isLatinLetter(text[end]) || isDigit(text[end]))) end += 1;
        pieces.push({ text: text.slice(index, end), start: index, type: 'latin' });
      } else {
        pieces.push({ text: text.slice(index, end), start: index, type: 'digit' });
      }
      index = end;
    } else if (isLatinLetter(char)) {
      let end = index + 1;
      while (
        end < text.length &&
        (isLatinLetter(text[end]) ||
          isDigit(text[end]) ||
          (APOSTROPHES.includes(text[end]) && end + 1 < text.length && isLatinLetter(text[end + 1])))
      ) {
        end += 1;
      }
      pieces.push({ text: text.slice(index, end), start: index, type: 'latin' });
      index = end;
    } else if (isArabicLetter(char)) {
      let end = index + 1;
      while (end < text.length && isArabicLetter(text[end])) end += 1;
      pieces.push({ text: text.slice(index, end), start: index, type: 'arabic' });
      index = end;
    } else {
      const symbol = String.fromCodePoint(text.codePointAt(index) ?? 0);
      if (SIGNIFICANT.has(char)) pieces.push({ text: char, start: index, type: 'punct' });
      // A pictograph between words parts them as a bullet does ("تكفى لا تتأخر 🙏 بنادول نايت ١٠").
      else if (PICTOGRAPH.test(symbol)) pieces.push({ text: symbol, start: index, type: 'punct' });
      index += symbol.length;
    }
  }

  const tokens: Token[] = [];
  let line = 0;
  for (const piece of pieces) {
    const parts =
      piece.type === 'latin' && /^[0-9\u0660-\u0669\u06F0-\u06F9]/.test(piece.text) ? splitMixed(piece) : [piece];
    const leadingX = piece.type === 'latin' && /^x\d/i.test(piece.text) ? splitMixed(piece) : parts;
    for (const part of leadingX) {
      const base = { raw: part.text, start: part.start, end: part.start + part.text.length, line };
      if (part.text === '\n') {
        tokens.push({ ...base, kind: 'punct', norm: '\n' });
        line += 1;
        continue;
      }
      if (piece.type === 'punct') {
        const norm = part.text === '×' ? 'x' : PICTOGRAPH.test(part.text) ? '•' : part.text;
        tokens.push({ ...base, kind: 'punct', norm });
        continue;
      }
      const ascii = toAsciiDigits(part.text);
      // A count of the pack written with an s ("Panadol 24s", "tea bags 100s"): the figure of the name.
      const packCount = /^(\d{2,4})s$/i.exec(ascii);
      if (packCount) {
        tokens.push({ ...base, kind: 'number', norm: packCount[1], value: Number(packCount[1]) });
        continue;
      }
      if (/^[\d.,/:-]+$/.test(ascii) && /^\d/.test(ascii)) {
        const { value, noise } = numberValue(part.text);
        tokens.push({ ...base, kind: noise ? 'noise' : 'number', norm: ascii, value });
        continue;
      }
      const norm = normalizeWord(part.text);
      tokens.push({ ...base, kind: 'word', norm, arabic: piece.type === 'arabic' });
    }
  }
  return mergeTimesAndPhones(tokens);
}

/** Small numbers as said in "three in one" (English, Arabic, and the English words in Arabic letters). */
const SMALL_NUMBER_WORDS = new Map<string, number>([
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['واحد', 1],
  ['اثنين', 2],
  ['ثلاثه', 3],
  ['ثلاث', 3],
  ['اربعه', 4],
  ['ون', 1],
  ['وان', 1],
  ['تو', 2],
  ['ثري', 3],
  ['تري', 3],
  ['فور', 4],
]);
const IN_WORDS = new Set(['in', 'n', 'في', 'ان', 'ين']);

/** The value of a digit token or a small number word (for "3 in 1", "three in one", "ثري ان ون"). */
function smallValue(token: Token | undefined): number | undefined {
  if (!token) return undefined;
  if (token.kind === 'number') return Number.isInteger(token.value) ? token.value : undefined;
  return token.kind === 'word' ? SMALL_NUMBER_WORDS.get(token.norm) : undefined;
}

/** "Type-C", "type c", "تايب سي", "typec": the USB-C connector, written "C" as in "C to C". */
const TYPE_WORDS = new Set(['type', 'تايب', 'تيب']);
/** "لتايب سي": a prefix of "to", "and" or "with" glued to the Arabic "type". */
const TYPE_PREFIXED = /^([لوب])(تايب|تيب)$/;
const C_WORDS = new Set(['c', 'سي']);

/** Reads each way of writing the USB-C connector as the one word "c" (in names and messages alike). */
export function readConnectors(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.kind === 'word' && token.norm === 'typec') {
      out.push({ ...token, norm: 'c' });
      continue;
    }
    const dash = tokens[i + 1]?.norm === '-' ? 1 : 0;
    const tail = tokens[i + 1 + dash];
    const prefixed = token.kind === 'word' ? TYPE_PREFIXED.exec(token.norm) : null;
    if (prefixed && tail?.kind === 'word' && C_WORDS.has(tail.norm) && tail.line === token.line) {
      out.push({ ...token, raw: token.raw.slice(0, 1), norm: prefixed[1]!, end: token.start + 1 });
      out.push({
        ...token,
        raw: `${token.raw.slice(1)} ${tail.raw}`,
        norm: 'c',
        start: token.start + 1,
        end: tail.end,
      });
      i += 1 + dash;
      continue;
    }
    if (
      token.kind === 'word' &&
      TYPE_WORDS.has(token.norm) &&
      tail?.kind === 'word' &&
      C_WORDS.has(tail.norm) &&
      tail.line === token.line
    ) {
      out.push({ ...token, raw: `${token.raw}${dash ? '-' : ' '}${tail.raw}`, norm: 'c', end: tail.end });
      i += 1 + dash;
      continue;
    }
    out.push(token);
  }
  return out;
}

/**
 * Number runs that are phone numbers written in groups ("055 123 4567", "+966 55 123 4567") and
 * clock times ("3:30") become noise; "3 in 1" / "3 في 1" become one word ("3in1").
 */
function mergeTimesAndPhones(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    // "3 in 1", "٣ في ١", "3-in-1", "three in one", "ثري ان ون" (a pack kind, never a quantity)
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    const joined = next?.kind === 'word' && IN_WORDS.has(next.norm);
    const whole = joined ? smallValue(token) : undefined;
    const part = joined ? smallValue(after) : undefined;
    if (
      joined &&
      whole !== undefined &&
      part !== undefined &&
      next.line === token.line &&
      after?.line === token.line &&
      whole <= 9 &&
      part <= 9 &&
      ((token.kind === 'number' && after.kind === 'number') || part < whole)
    ) {
      out.push({
        kind: 'word',
        raw: `${token.raw} ${next.raw} ${after.raw}`,
        norm: `${whole}in${part}`,
        start: token.start,
        end: after.end,
        line: token.line,
      });
      i += 2;
      continue;
    }
    out.push(token);
  }
  // Grouped phone numbers: a run of 3+ numbers (optionally after '+') totalling 9+ digits.
  for (let i = 0; i < out.length; i += 1) {
    if (out[i].kind !== 'number' && out[i].kind !== 'noise') continue;
    let j = i;
    let digits = 0;
    while (j < out.length && (out[j].kind === 'number' || out[j].kind === 'noise') && out[j].line === out[i].line) {
      digits += out[j].norm.replace(/\D/g, '').length;
      j += 1;
    }
    if (j - i >= 2 && digits >= 9) {
      for (let k = i; k < j; k += 1) out[k] = { ...out[k], kind: 'noise', value: undefined };
    }
    i = j - 1;
  }
  return out;
}
