import { CURRENCY } from '../parser/lexicon.js';
import { normalizeWord, prepareText } from '../parser/normalize.js';
import { type StatedUnit, type UnitKind, isMeasureKind, lookupUnit } from '../parser/units.js';
import { type FoundDate, asciiDigits, findDates } from './dates.js';

/**
 * The text of a supplier invoice as the other steps read it: lines with ASCII digits, each split
 * into typed tokens (words, amounts, pack sizes, units, dates, codes …). Works the same on a PDF's
 * text layer (cells separated by tabs) and on OCR text (single spaces, digits sometimes misread).
 */

export type RowTokenKind =
  'word' | 'number' | 'size' | 'unit' | 'date' | 'code' | 'barcode' | 'percent' | 'currency' | 'mark';

export interface RowToken {
  kind: RowTokenKind;
  /** As printed (ASCII digits). */
  raw: string;
  /** normalizeWord of the raw text (words, units); the decimal string for numbers. */
  norm: string;
  /** Offsets in the line. */
  start: number;
  end: number;
  /** number and size: the value as a plain decimal string ("1250.00", "1.5"). */
  value?: string;
  /** The digits of a number as printed, without separators ("133.20" → "13320"): OCR repairs work on them. */
  digits?: string;
  /** unit: the unit it names; size: the unit of the pack size. */
  unit?: UnitKind;
  /** date: what was found (iso null for a Hijri date). */
  date?: FoundDate;
}

export interface InvoiceLine {
  text: string;
  /** Cells: split at tabs, or at runs of 2+ spaces. */
  cells: string[];
  tokens: RowToken[];
}

const EDGE_PUNCT = /^[\s:;,()[\]{}|"'«»*·•_=~<>!?؟،؛]+|[\s:;,()[\]{}|"'«»*·•_=~<>!?؟،؛.]+$/g;
const EXTRA_CURRENCY = new Set(['ر.س', 'ر.س.', 'رس', 'sr.', 's.r', 's.r.', 'sar.', 'ريال', 'ريالا', 'هلله', 'هللات']);

function isCurrencyWord(norm: string): boolean {
  return CURRENCY.has(norm) || EXTRA_CURRENCY.has(norm);
}

/** "1,250.00" → "1250.00", "21,00" → "21.00" (a comma before 1–2 final digits is a decimal comma). */
export function plainAmount(text: string): string | null {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) return text.replace(/,/g, '');
  if (/^\d+(?:\.\d+)?$/.test(text)) return text;
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  if (/^\d{1,3}(?:\.\d{3})+,\d{1,2}$/.test(text)) return text.replace(/\./g, '').replace(',', '.');
  return null;
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Batch numbers, item codes, document numbers: letters and digits with a dash or slash, or letters then digits. */
export function isCodeLike(text: string): boolean {
  if (digitCount(text) < 3) return false;
  if (/^[a-z0-9]+(?:[-/][a-z0-9]+)+$/i.test(text)) return /[a-z]/i.test(text) || /^[\d]+-[\d-]+$/.test(text);
  return /^[a-z]{1,5}\d{3,}[a-z0-9]*$/i.test(text) || /^\d{3,}[a-z]{1,3}\d*$/i.test(text);
}

function sizeOrSaleUnit(norm: string): { kind: UnitKind; measure: boolean } | null {
  const unit = lookupUnit(norm);
  if (!unit) return null;
  return { kind: unit.kind, measure: isMeasureKind(unit.kind) };
}

function classify(core: string, start: number): RowToken[] {
  const base = { raw: core, start, end: start + core.length };
  if (/^\d+(?:[.,]\d+)?%$/.test(core)) return [{ ...base, kind: 'percent', norm: core }];
  const money = /^(?:sar|sr|rs)?(\d[\d,.]*?)(?:sar|sr)?$/i.exec(core);
  if (money) {
    const amount = plainAmount(money[1]);
    if (amount !== null) {
      if (/^\d+$/.test(amount) && amount.length >= 8) return [{ ...base, kind: 'barcode', norm: amount }];
      return [{ ...base, kind: 'number', norm: amount, value: amount, digits: money[1].replace(/\D/g, '') }];
    }
  }
  const glued = /^(\d+(?:[.,]\d+)?)([a-z\u0621-\u064a]+)\.?$/i.exec(core);
  if (glued) {
    const amount = plainAmount(glued[1]) ?? glued[1];
    const suffix = normalizeWord(glued[2]);
    const unit = sizeOrSaleUnit(suffix);
    const cut = glued[1].length;
    if (unit?.measure) return [{ ...base, kind: 'size', norm: normalizeWord(core), value: amount, unit: unit.kind }];
    if (unit) {
      return [
        { ...base, end: start + cut, raw: glued[1], kind: 'number', norm: amount, value: amount, digits: glued[1] },
        { ...base, start: start + cut, raw: core.slice(cut), kind: 'unit', norm: suffix, unit: unit.kind },
      ];
    }
    if (isCurrencyWord(suffix)) {
      return [{ ...base, kind: 'number', norm: amount, value: amount, digits: glued[1].replace(/\D/g, '') }];
    }
  }
  if (isCodeLike(core)) return [{ ...base, kind: 'code', norm: core.toLowerCase() }];
  if (!/[a-z\u0621-\u064a]/i.test(core)) return core === '%' ? [{ ...base, kind: 'mark', norm: '%' }] : [];
  const norm = normalizeWord(core);
  if (isCurrencyWord(norm)) return [{ ...base, kind: 'currency', norm }];
  const unit = lookupUnit(norm);
  if (unit && !unit.attachedOnly) return [{ ...base, kind: 'unit', norm, unit: unit.kind }];
  return [{ ...base, kind: 'word', norm, unit: unit?.kind }];
}

/** Splits one line into typed tokens (see RowToken). `line` is already prepared (prepareInvoiceText). */
export function tokenizeLine(line: string): RowToken[] {
  const dates = findDates(line, true).filter(
    // "1.1500" is a price, not a month: a month-only date needs a slash or a dash.
    (date) => !(date.monthOnly && line.slice(date.start, date.end).includes('.')),
  );
  const tokens: RowToken[] = [];
  const pushText = (from: number, to: number): void => {
    const chunk = /[^\s:|]+/g;
    const text = line.slice(from, to);
    for (let match = chunk.exec(text); match; match = chunk.exec(text)) {
      const raw = match[0];
      const lead = raw.length - raw.replace(/^[\s:;,()[\]{}|"'«»*·•_=~<>!?؟،؛]+/, '').length;
      const core = raw.replace(EDGE_PUNCT, '');
      if (!core) continue;
      const start = from + match.index + lead;
      tokens.push(...classify(core, start));
    }
  };
  let position = 0;
  for (const date of dates) {
    pushText(position, date.start);
    tokens.push({
      kind: 'date',
      raw: line.slice(date.start, date.end),
      norm: date.iso ?? '',
      start: date.start,
      end: date.end,
      date,
    });
    position = date.end;
  }
  pushText(position, line.length);
  return mergeSizes(tokens);
}

/**
 * "1.5 لتر", "200 g", "10 كجم": a number followed by a mass or volume unit is a pack size; "15 %"
 * is a percentage.
 */
function mergeSizes(tokens: RowToken[]): RowToken[] {
  const out: RowToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    const next = tokens[i + 1];
    if (token.kind === 'number' && next) {
      if (next.kind === 'mark' && next.norm === '%') {
        out.push({ ...token, kind: 'percent', end: next.end, raw: `${token.raw}%` });
        i += 1;
        continue;
      }
      if ((next.kind === 'unit' || next.kind === 'word') && next.unit && isMeasureKind(next.unit)) {
        out.push({
          ...token,
          kind: 'size',
          raw: `${token.raw} ${next.raw}`,
          norm: `${token.value} ${next.norm}`,
          end: next.end,
          unit: next.unit,
        });
        i += 1;
        continue;
      }
    }
    if (token.kind === 'mark') continue;
    out.push(token);
  }
  return out;
}

/** The invoice's lines, prepared: NFKC (Arabic presentation forms of PDF text layers), ASCII digits. */
export function readInvoiceLines(text: string): InvoiceLine[] {
  const prepared = asciiDigits(prepareText(text ?? ''))
    .replace(/(\d)،(\d)/g, '$1,$2')
    .replace(/\u066a/g, '%');
  return prepared.split('\n').map((raw) => {
    const line = raw
      .replace(/[ \u00a0\u2000-\u200a]+/g, ' ')
      .replace(/ ?\t[ \t]*/g, '\t')
      .trim();
    const cells = line
      .split(/\t| {2,}/)
      .map((cell) => cell.trim())
      .filter((cell) => cell.length > 0);
    return { text: line, cells, tokens: tokenizeLine(line) };
  });
}

// ---------------------------------------------------------------------------------------------
// Words as OCR reads them
// ---------------------------------------------------------------------------------------------

const RASM: Record<string, string> = {
  ب: 'ٮ',
  ت: 'ٮ',
  ث: 'ٮ',
  ن: 'ٮ',
  ي: 'ٮ',
  ى: 'ٮ',
  ئ: 'ٮ',
  ج: 'ح',
  خ: 'ح',
  ذ: 'د',
  ز: 'ر',
  ش: 'س',
  ض: 'ص',
  ظ: 'ط',
  غ: 'ع',
  ق: 'ف',
  ة: 'ه',
};

/**
 * An Arabic word without its dots (rasm): OCR most often confuses letters that differ only by
 * their dots (جبة for حبة, ضريية for ضريبة), so short keyword lists are compared this way.
 */
export function rasm(norm: string): string {
  let out = '';
  for (const char of norm) out += RASM[char] ?? char;
  return out;
}

/** A set of normalised keywords that also answers for OCR spellings of its Arabic words. */
export class Keywords {
  private readonly exact: Set<string>;
  private readonly loose: Set<string>;

  constructor(words: readonly string[]) {
    this.exact = new Set(words.map((word) => normalizeWord(word)));
    this.loose = new Set([...this.exact].filter((word) => /[\u0621-\u064a]/.test(word)).map(rasm));
  }

  has(norm: string): boolean {
    if (this.exact.has(norm)) return true;
    if (!/[\u0621-\u064a]/.test(norm)) return false;
    if (this.loose.has(rasm(norm))) return true;
    // The article or a prefix: "الكمية" for "كمية", "للأغذية" for "الأغذية".
    for (const cut of ['ال', 'لل', 'وال', 'و', 'ب', 'ل']) {
      if (norm.startsWith(cut) && norm.length - cut.length >= 3) {
        const rest = norm.slice(cut.length);
        if (this.exact.has(rest) || this.loose.has(rasm(rest))) return true;
      }
    }
    return false;
  }
}

/** The sale unit a word names, also when OCR misread its dots ("جبة" for "حبة"). */
export function saleUnitOf(token: RowToken): StatedUnit | null {
  if (token.kind === 'unit' && token.unit) return lookupUnit(token.norm) ?? null;
  if (token.kind !== 'word' || !/[\u0621-\u064a]/.test(token.norm)) return null;
  return OCR_UNITS.get(rasm(token.norm)) ?? null;
}

/** The unit of a pack size printed where the quantity's unit goes ("25 kg"). */
export function sizeUnitOf(token: RowToken): StatedUnit | null {
  return token.unit && isMeasureKind(token.unit) ? { kind: token.unit, code: token.unit } : null;
}

/** Unit words invoices print, by their dotless form: what they mean is the parser's table's (units.ts). */
const OCR_UNITS = new Map<string, StatedUnit>(
  ['حبه', 'حبات', 'قطعه', 'كرتون', 'كرتونه', 'كيس', 'شوال', 'علبه', 'صندوق', 'كيلو', 'كجم', 'لتر'].map((word) => {
    const unit = lookupUnit(word)!;
    return [rasm(word), { kind: unit.kind, code: unit.code }];
  }),
);
