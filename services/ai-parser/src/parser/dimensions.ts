import { isNumberWord } from './numbers.js';
import type { Token } from './tokens.js';

/**
 * Dimensions: a number with a length, current, power or capacity word names a size of the
 * product (a 3-inch nail, a 2.5 mm² wire, a 20 A breaker, an 8 oz cup, a 60×60 panel), never a
 * quantity. Written apart ("3 inch", "٢٠ أمبير", "٦٠×٦٠") or glued ("3in", "20A", "2.5mm²"), a
 * dimension becomes one word in one canonical spelling ("3in", "20a", "2.5mm", "60x60"), in the
 * catalogue's names and in messages alike, so that it is matched as the word it is and a
 * different size of the same kind tells items apart (mass and volume are pack sizes: units.ts).
 */

/** The canonical suffix of each dimension word (normalised spelling). */
const SUFFIXES = new Map<string, string>([
  ...['mm', 'mm2', 'millimeter', 'millimetre', 'مم', 'ملم', 'مليمتر'].map((word) => [word, 'mm'] as const),
  ...['cm', 'centimeter', 'centimetre', 'سم', 'سنتي', 'سنتيمتر'].map((word) => [word, 'cm'] as const),
  ...['m', 'meter', 'meters', 'metre', 'metres', 'mtr', 'متر', 'امتار'].map((word) => [word, 'm'] as const),
  ...['in', 'inch', 'inches', 'انش', 'انشات', 'انشن', 'بوصه', 'بوصات'].map((word) => [word, 'in'] as const),
  ...['a', 'amp', 'amps', 'ampere', 'امبير', 'امبيرات'].map((word) => [word, 'a'] as const),
  ...['w', 'watt', 'watts', 'واط', 'وات'].map((word) => [word, 'w'] as const),
  ...['v', 'volt', 'volts', 'فولت'].map((word) => [word, 'v'] as const),
  ...['oz', 'ounce', 'ounces', 'اونص', 'اونصه', 'اونس', 'اونز'].map((word) => [word, 'oz'] as const),
  ...['ton', 'tons', 'طن'].map((word) => [word, 'ton'] as const),
  ...['way', 'ways', 'خط', 'فتحات', 'فتحه', 'fat7at', 'fat7a', 'fatha', 'fathat'].map((word) => [word, 'way'] as const),
  ...['mah', 'مللي'].map((word) => [word, 'mah'] as const),
  ...['gb', 'giga', 'gig', 'جيجا', 'جيغا', 'جيجابايت', 'قيقا'].map((word) => [word, 'gb'] as const),
  ...['tb', 'تيرا'].map((word) => [word, 'tb'] as const),
]);

/**
 * Words that are also something else ("m" a letter, "in" a preposition, "خط" a line, "ملي" a
 * millilitre, "way", "a"): in a message they join a number only into a dimension the catalogue
 * names; in a catalogue name "ملي" stays a millilitre.
 */
const AMBIGUOUS = new Set(['m', 'in', 'a', 'w', 'v', 'way', 'خط', 'متر', 'ton', 'طن', 'ملي', 'gig', 'مللي']);

/** Quote marks written after a number for inches (3", 4”). */
const INCH_MARKS = new Set(['"', '”', '″', '“']);

const GLUED = /^(\d+(?:\.\d+)?)([a-z]+2?)$/;
const GRID = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/;
/** A count grade ("shrimp 21/25", "41-50" pieces a pound): the smaller figure first. */
const GRADE = /^(\d{1,3})[/-](\d{1,3})$/;

export interface Dimension {
  /** mm, cm, m, in, a, w, v, oz, ton, way, mah, gb, tb, grid (a × b) or grade (21/25). */
  kind: string;
  value: string;
}

/** Whether the quote mark at `at` closes one opened earlier on its line (`"Puck 12"`): not inches. */
function closesQuote(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let open = 0;
  for (let k = lineStart; k < at; k += 1) if (INCH_MARKS.has(text[k])) open += 1;
  return open % 2 === 1;
}

function canonicalNumber(text: string): string {
  return String(Number(text));
}

/** The dimension a word in canonical spelling names ("3in", "2.5mm", "60x60"), or null. */
export function dimensionOf(norm: string): Dimension | null {
  const grade = GRADE.exec(norm);
  if (grade && Number(grade[1]) < Number(grade[2]))
    return { kind: 'grade', value: `${Number(grade[1])}/${Number(grade[2])}` };
  const grid = GRID.exec(norm);
  if (grid) return { kind: 'grid', value: `${canonicalNumber(grid[1])}x${canonicalNumber(grid[2])}` };
  const glued = GLUED.exec(norm);
  if (!glued) return null;
  const suffix = SUFFIXES.get(glued[2]);
  return suffix ? { kind: suffix, value: canonicalNumber(glued[1]) } : null;
}

/** Lengths in millimetres per unit, for sizes a catalogue states in one and customers in another. */
const MILLIMETRES: Record<string, number> = { mm: 1, cm: 10, in: 25.4 };

/** `value` rounded to a multiple of `step`, when that is within 3% of it (sizes are rounded so). */
function roundedSize(value: number, step: number): string | null {
  const rounded = Math.round(value / step) * step;
  return rounded > 0 && Math.abs(rounded - value) <= 0.03 * value ? String(Number(rounded.toFixed(3))) : null;
}

/**
 * The same length in the other system, as it is rounded in trade ("2.5 cm" tape is sold as 1 inch,
 * "4 inch" as 10 cm or 100 mm): inches to half an inch, centimetres to half a centimetre,
 * millimetres to 5 mm. Lengths that do not round so (a 110 mm pipe is no 4-inch one) have none.
 */
export function equivalentLengths(dimension: Dimension): Dimension[] {
  const factor = MILLIMETRES[dimension.kind];
  if (factor === undefined) return [];
  const millimetres = Number(dimension.value) * factor;
  const targets: Array<[string, number]> =
    dimension.kind === 'in'
      ? [
          ['cm', 0.5],
          ['mm', 5],
        ]
      : [['in', 0.5]];
  return targets.flatMap(([kind, step]) => {
    const value = roundedSize(millimetres / MILLIMETRES[kind]!, step);
    return value === null ? [] : [{ kind, value }];
  });
}

/** The canonical spelling of a glued dimension word ("13A" → "13a", "2.5mm²" → "2.5mm"), else the word. */
function canonicalWord(norm: string): string {
  const dimension = dimensionOf(norm);
  if (!dimension) return norm;
  return dimension.kind === 'grid' || dimension.kind === 'grade'
    ? dimension.value
    : `${dimension.value}${dimension.kind}`;
}

/** How dimensions are read: in a catalogue's names, or in a message against that catalogue. */
export interface DimensionPolicy {
  /** In a catalogue name: every dimension word joins (except "ملي", a millilitre there). */
  name: boolean;
  /** Whether the catalogue names this canonical dimension word. */
  known(canonical: string): boolean;
}

function suffixOf(word: string, policy: DimensionPolicy): string | null {
  if (policy.name && word === 'ملي') return null;
  if (word === 'ملي') return 'mm';
  return SUFFIXES.get(word) ?? null;
}

/**
 * Joins dimensions into single words: "3 inch" → "3in", `3"` → "3in", "٦٠×٦٠" → "60x60", and
 * glued ones into their canonical spelling ("13A" → "13a"). In a message a dimension joins when
 * its word is unambiguous, or when the catalogue names it (an "18W" bulb the catalogue lacks is
 * then a different size, not a quantity of 18).
 */
export function joinDimensions(tokens: Token[], text: string, policy: DimensionPolicy): Token[] {
  const out: Token[] = [];
  const word = (first: Token, last: Token, norm: string): Token => ({
    kind: 'word',
    raw: text.slice(first.start, last.end),
    norm,
    start: first.start,
    end: last.end,
    line: first.line,
  });
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    // "Hoco X20": a model code the catalogue names, not "x 20" (times twenty).
    const figure = tokens[i + 1];
    if (
      token.kind === 'word' &&
      token.norm === 'x' &&
      figure?.kind === 'number' &&
      figure.start === token.end &&
      tokens[i - 1]?.end !== token.start &&
      (policy.name || policy.known(`x${figure.norm}`))
    ) {
      out.push(word(token, figure, `x${figure.norm}`));
      i += 1;
      continue;
    }
    if (token.kind === 'word') {
      // "كبل تايب سي متر": a length word alone is one of it, when the catalogue names that length.
      const alone = SUFFIXES.get(token.norm);
      const previous = tokens[i - 1];
      if (
        alone &&
        !policy.name &&
        token.norm.length >= 3 &&
        !(previous && (previous.kind === 'number' || isNumberWord(previous.norm))) &&
        policy.known(`1${alone}`)
      ) {
        out.push({ ...token, norm: `1${alone}` });
        continue;
      }
      // A glued dimension ("13A", "2.5mm²") in its canonical spelling.
      out.push({ ...token, norm: canonicalWord(token.norm) });
      continue;
    }
    // "41/50", "21-25": a count grade the catalogue names (never a date: "12/09" has the larger first).
    if (token.kind === 'noise') {
      const grade = dimensionOf(token.norm);
      if (grade?.kind === 'grade' && (policy.name || policy.known(grade.value))) {
        out.push({ ...token, kind: 'word', norm: grade.value });
        continue;
      }
    }
    if (token.kind !== 'number' || token.value === undefined) {
      out.push(token);
      continue;
    }
    const value = canonicalNumber(token.norm);
    // 3" (inches): the quote mark right after the figure.
    if (INCH_MARKS.has(text[token.end] ?? '') && !closesQuote(text, token.end)) {
      out.push({
        ...word(token, token, `${value}in`),
        raw: text.slice(token.start, token.end + 1),
        end: token.end + 1,
      });
      continue;
    }
    // 60x60, ٦٠×٦٠: a grid the catalogue names (not "Kiri 24 x 5", a pack count and a quantity).
    const x = tokens[i + 1];
    const second = tokens[i + 2];
    if (
      x &&
      second &&
      (x.norm === 'x' || x.norm === '*') &&
      x.start === token.end &&
      second.start === x.end &&
      second.kind === 'number'
    ) {
      const grid = `${value}x${canonicalNumber(second.norm)}`;
      if (policy.name || policy.known(grid)) {
        out.push(word(token, second, grid));
        i += 2;
        continue;
      }
    }
    // "4-way": a hyphen may join the figure to its dimension word.
    const hyphen =
      tokens[i + 1]?.norm === '-' && tokens[i + 2]?.kind === 'word' && tokens[i + 2]?.norm !== 'in' ? 1 : 0;
    const next = tokens[i + 1 + hyphen];
    if (next?.kind === 'word') {
      const suffix = suffixOf(next.norm, policy);
      // "3 in 1" is a kind of coffee, not three inches; "anker 20 w 2 kartoon": w is "and".
      const conjunction = ['in', 'w', 'a'].includes(next.norm) && tokens[i + 2 + hyphen]?.kind === 'number';
      if (suffix && !conjunction) {
        const canonical = `${value}${suffix}`;
        // An unambiguous dimension word ("inch", "أمبير", "فولت") always makes one: a "9 فولت"
        // battery the catalogue lacks is a size, not nine of something.
        if (policy.name || policy.known(canonical) || !AMBIGUOUS.has(next.norm)) {
          out.push(word(token, next, canonical));
          i += 1 + hyphen;
          continue;
        }
      }
    }
    out.push(token);
  }
  return out;
}
