import {
  AVAILABILITY_CUES,
  BIG_WORDS,
  BRANCH_CUES,
  CANCEL_CUES,
  CANCEL_PRONOUN_CUES,
  CONDITIONAL_CUES,
  CONDITION_WORDS,
  CORRECTION_CUES,
  CURRENCY,
  DATE_CUES,
  DELIVERY_CUES,
  FROM_WORDS,
  MONTHS,
  NEGATION_CUES,
  PACK_CONTENT_WORDS,
  PAST_FIGURE_CUES,
  PRICE_CUES,
  PRICE_QUESTION_CUES,
  REFERENCE_CUES,
  SMALL_WORDS,
  STOCK_QUESTION_CUES,
  STOPWORDS,
  TIME_CUES,
  TOTAL_CUES,
  WEEKDAYS,
} from './lexicon.js';
import { fractionValue, isArticle, isFractionWord, isNumberWord, readNumber } from './numbers.js';
import type { KnownUnit } from '@erp/contracts';
import type { Token } from './tokens.js';
import { type UnitKind, isDescriptiveKind, isMeasureKind, lookupUnit, unitMultiplier } from './units.js';

// ---------------------------------------------------------------------------------------------
// Arabic prefixes
// ---------------------------------------------------------------------------------------------

/** و-initial words that are words in their own right, not "and" + word. */
const WAW_WORDS = new Set(['وجه', 'ورق', 'وزن', 'وسط', 'وقت', 'واحد', 'واحده', 'وحده', 'ورد', 'وجبه', 'وادي', 'وطني']);

function isLexical(norm: string, isKnown: (norm: string) => boolean): boolean {
  return isKnown(norm) || isNumberWord(norm) || lookupUnit(norm) !== undefined || STOPWORDS.has(norm);
}

/**
 * Fat descriptors written as one word ("lowfat milk", "fullfat laban"): read as the two words the
 * catalogue names them with, so a variant asked for is seen. (Not "sugarfree": "sugar" alone
 * would name sugar.)
 */
const COMPOUNDS = new Map<string, string[]>([
  ['lowfat', ['low', 'fat']],
  ['lofat', ['lo', 'fat']],
  ['fullfat', ['full', 'fat']],
]);

/** A compound descriptor as its words, each with its own offsets; null when it is not one. */
function splitCompound(token: Token): Token[] | null {
  const parts = COMPOUNDS.get(token.norm);
  if (!parts || token.raw.length !== token.norm.length) return null;
  const out: Token[] = [];
  let start = token.start;
  for (const part of parts) {
    const raw = token.raw.slice(start - token.start, start - token.start + part.length);
    out.push({ ...token, raw, norm: part === 'lo' ? 'low' : part, start, end: start + part.length });
    start += part.length;
  }
  return out;
}

/**
 * Splits the conjunction و ("وخمسة", "وكرتونين", "وشوالين") and the preposition ب before a number
 * ("بعشرة") off Arabic words, and compound descriptors ("lowfat") into their words, keeping offsets
 * into the text.
 */
export function splitPrefixes(
  tokens: Token[],
  isKnown: (norm: string) => boolean,
  isVocabulary: (norm: string) => boolean,
): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const compound = token.kind === 'word' && !token.arabic ? splitCompound(token) : null;
    if (compound) {
      out.push(...compound);
      continue;
    }
    if (token.kind === 'word' && token.arabic && token.norm.length >= 3) {
      const rest = token.norm.slice(1);
      const head = token.norm[0];
      const splitWaw =
        head === 'و' &&
        !WAW_WORDS.has(token.norm) &&
        !isVocabulary(token.norm) &&
        (isLexical(rest, isKnown) || (rest.length >= 3 && !isNumberWord(token.norm)));
      const splitBa =
        head === 'ب' && (isNumberWord(rest) || lookupUnit(rest) !== undefined) && !isLexical(token.norm, isKnown);
      if (splitWaw || splitBa) {
        // The first letter and any tashkeel on it.
        let cut = 1;
        while (cut < token.raw.length && /[\u064b-\u065f\u0670\u0640]/.test(token.raw[cut])) cut += 1;
        if (splitWaw) out.push({ ...token, raw: token.raw.slice(0, cut), norm: head, end: token.start + cut });
        out.push({ ...token, raw: token.raw.slice(cut), norm: rest, start: token.start + cut });
        continue;
      }
    }
    out.push(token);
  }
  return out;
}

/**
 * Two words written apart that the catalogue writes as one ("كلير بلو" for كليربلو, "clear blue"
 * for Clearblue), when they are not both words of it on their own: one word, with both offsets.
 */
export function joinSplitWords(tokens: Token[], isVocabulary: (norm: string) => boolean): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const first = tokens[i];
    const second = tokens[i + 1];
    if (
      second !== undefined &&
      first.kind === 'word' &&
      second.kind === 'word' &&
      first.line === second.line &&
      first.arabic === second.arabic &&
      first.norm.length >= 2 &&
      second.norm.length >= 2 &&
      isVocabulary(first.norm + second.norm) &&
      !(isVocabulary(first.norm) && isVocabulary(second.norm))
    ) {
      out.push({ ...first, raw: first.raw + second.raw, norm: first.norm + second.norm, end: second.end });
      i += 1;
      continue;
    }
    out.push(first);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbers that are never quantities
// ---------------------------------------------------------------------------------------------

function neighbour(tokens: Token[], index: number, step: 1 | -1): Token | undefined {
  const token = tokens[index + step];
  return token && token.line === tokens[index].line ? token : undefined;
}

const ORDER_WORDS = new Set(['order', 'طلب', 'الطلب', 'طلبيه', 'الطلبيه', 'talab', 'talabiya']);
/** The Arabic article written apart in Arabizi ("el 3asr", "al sob7", "l 5"). */
const LATIN_ARTICLES = new Set(['el', 'al', 'il', 'l', 'e']);
const TIME_BEFORE = new Set(['الساعه', 'ساعه', 'sa3a', 'الساعة']);
const DURATION_AFTER = new Set([
  'min',
  'mins',
  'minutes',
  'hour',
  'hours',
  'hrs',
  'days',
  'day',
  'دقيقه',
  'دقايق',
  'دقائق',
  'ساعات',
  'ايام',
  'يوم',
]);

/**
 * Marks numbers that are prices, totals, times, dates, references ("invoice 4471", "branch 12")
 * or the replaced figure of a correction ("30 not 20"), and their cue words, as noise.
 */
export function markNoise(tokens: Token[], isKnownWord: (norm: string) => boolean = () => false): void {
  tokens.forEach((token, index) => {
    if (token.kind !== 'number') return;
    // A list number: "1) Kiri 5", "2. Nadec milk 8 ctns" (first on its line, then ')' or '.', and
    // the line has another number).
    const previous = tokens[index - 1];
    const firstOnLine = !previous || previous.line !== token.line || (previous.kind === 'punct' && index <= 1);
    const marker = tokens[index + 1];
    if (
      firstOnLine &&
      marker?.kind === 'punct' &&
      (marker.norm === ')' || marker.norm === '.') &&
      tokens.some((other, j) => j > index + 1 && other.line === token.line && other.kind === 'number')
    ) {
      token.kind = 'noise';
      return;
    }
    const before = neighbour(tokens, index, -1);
    const before2 = before ? neighbour(tokens, index - 1, -1) : undefined;
    const after = neighbour(tokens, index, 1);
    const cues: Token[] = [];
    let noise = false;
    // "٦ ساعات شاومي" where the catalogue sells watches (ساعة): the word names the product, not hours.
    const duration = after !== undefined && DURATION_AFTER.has(after.norm) && !isKnownWord(after.norm);
    if (after && (TIME_CUES.has(after.norm) || duration) && after.kind === 'word') {
      noise = true;
      if (after.norm === 'am' || after.norm === 'pm') cues.push(after);
    }
    // "5 el 3asr", "9 al sob7": a time of day after a separate Arabizi article.
    const afterArticle = after && LATIN_ARTICLES.has(after.norm) ? neighbour(tokens, index + 1, 1) : undefined;
    if (afterArticle && afterArticle.kind === 'word' && TIME_CUES.has(afterArticle.norm)) {
      noise = true;
      cues.push(afterArticle);
    }
    if (after && ['st', 'nd', 'rd', 'th'].includes(after.norm)) {
      noise = true;
      cues.push(after);
    }
    if (before && TIME_BEFORE.has(before.norm)) {
      noise = true;
      cues.push(before);
    }
    if (before && DATE_CUES.has(before.norm)) {
      noise = true;
      cues.push(before);
    }
    if (after && MONTHS.has(after.norm)) {
      noise = true;
      cues.push(after);
    }
    if (before && (PRICE_CUES.has(before.norm) || CURRENCY.has(before.norm))) noise = true;
    // "Rabea bags was 15.75": a figure in the past tense is a price or an earlier order.
    if (before && PAST_FIGURE_CUES.has(before.norm)) noise = true;
    if (after && CURRENCY.has(after.norm)) {
      noise = true;
      cues.push(after);
    }
    if (after && (after.norm === '%' || after.norm === '٪')) noise = true;
    // "invoice 4471" is a reference; "add to the invoice 8 boxes" a quantity with its unit.
    const unitAfter = after?.kind === 'word' && lookupUnit(after.norm) !== undefined;
    if (before && (REFERENCE_CUES.has(before.norm) || before.norm === '#') && !unitAfter) {
      noise = true;
      cues.push(before);
    }
    // "Purchase order 7781", "طلبية ٤٥٢١:": an order number closing its phrase, not "order 1200 Nova cans".
    if (before && ORDER_WORDS.has(before.norm) && (token.value ?? 0) >= 1000 && (!after || after.kind === 'punct')) {
      noise = true;
    }
    if (before && NEGATION_CUES.has(before.norm)) {
      noise = true;
      cues.push(before);
    }
    if (before2 && NEGATION_CUES.has(before2.norm) && before?.norm === 'of') noise = true;
    // "٨ حبة × 92 = 736 ريال", "8 pcs x 12.5 = 100": in "count × price = total" the price is never
    // the quantity. (Not "@ 22 x 12 = 264": the price, already read, comes first.)
    if ((before?.norm === 'x' || before?.norm === '*') && after?.norm === '=') {
      const unitBefore = before2?.kind === 'word' && lookupUnit(before2.norm) !== undefined;
      const count = unitBefore ? neighbour(tokens, index - 2, -1) : before2;
      // "= 736 ريال" or "= SAR 736".
      const currencyFirst = CURRENCY.has(neighbour(tokens, index + 1, 1)?.norm ?? '');
      const totalAt = index + (currencyFirst ? 3 : 2);
      const total = neighbour(tokens, totalAt - 1, 1);
      const money = currencyFirst || (total !== undefined && CURRENCY.has(neighbour(tokens, totalAt, 1)?.norm ?? ''));
      // Without money, a count with its unit ("8 pcs x 92 = 736") whose product is the total.
      const product =
        unitBefore && count?.value !== undefined && total?.value !== undefined && token.value !== undefined
          ? Math.abs(count.value * token.value - total.value) <= 0.01 * total.value
          : false;
      if (count?.kind === 'number' && total?.value !== undefined && (money || product)) noise = true;
    }
    if (noise) {
      token.kind = 'noise';
      for (const cue of cues) cue.kind = 'noise';
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Segments
// ---------------------------------------------------------------------------------------------

export interface Segment {
  tokens: Token[];
  line: number;
  /** Closed by a question mark ("Mountain Dew?"). */
  question?: boolean;
}

const HARD_SEPARATORS = new Set([',', '،', ';', '؛', '!', '?', '؟', '+', '&', '|', '•', '·', '.', '\n']);
const CONJUNCTIONS = new Set(['and', 'و', 'w', 'wa', 'also', 'plus', 'كمان', 'ايضا', 'كذلك']);
const LABEL_WORDS = new Set(['qty', 'quantity', 'عدد', 'الكميه', 'كميه', 'الكمية', 'quantities']);

/** Words that cannot be part of a product name. */
const NON_PRODUCT = new Set([
  ...STOPWORDS,
  ...PRICE_CUES,
  ...CURRENCY,
  ...DELIVERY_CUES,
  ...TOTAL_CUES,
  ...CORRECTION_CUES,
  ...NEGATION_CUES,
  ...CANCEL_CUES,
  ...CANCEL_PRONOUN_CUES,
  ...PRICE_QUESTION_CUES,
  ...BIG_WORDS,
  ...SMALL_WORDS,
  ...LABEL_WORDS,
  ...BRANCH_CUES,
  // "يوم الأحد", "Thursday": a delivery day names no product.
  ...WEEKDAYS,
  ...DATE_CUES,
  'al',
  'el',
  'x',
  'invoice',
  'فاتوره',
  'الفاتوره',
  'رقم',
  'am',
  'pm',
]);

function isQuantityCue(token: Token, next: Token | undefined): boolean {
  if (token.kind === 'number') return true;
  if (token.kind !== 'word') return false;
  if (isNumberWord(token.norm)) return true;
  const unit = lookupUnit(token.norm);
  if (unit && !unit.attachedOnly && !isDescriptiveKind(unit.kind)) return true;
  // A box or tin before the product ("صندوق سكري", "علبة نسكافيه") starts an item; after it
  // ("Pepsi cans", "Puck jar") it only describes the product.
  if (unit && !unit.attachedOnly && next !== undefined && isProductWord(next) && lookupUnit(next.norm) === undefined)
    return true;
  return isArticle(token.norm) && next !== undefined && (lookupUnit(next.norm) !== undefined || isProductWord(next));
}

/** "a"/"an" right before a product word and not after one (a name's letter: "Grade A eggs", "Vitamin A"). */
function articleBeforeProduct(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  const previous = tokens[i - 1];
  return (
    isArticle(tokens[i].norm) &&
    next !== undefined &&
    next.line === tokens[i].line &&
    isProductWord(next) &&
    lookupUnit(next.norm) === undefined &&
    !(previous && previous.line === tokens[i].line && isProductWord(previous))
  );
}

export function isProductWord(token: Token): boolean {
  if (token.kind !== 'word') return false;
  if (NON_PRODUCT.has(token.norm) || isNumberWord(token.norm)) return false;
  const unit = lookupUnit(token.norm);
  // A gallon is matched as the size it states, not as a word of the name.
  if (unit && (!isDescriptiveKind(unit.kind) || unit.kind === 'gallon')) return false;
  return token.norm.length > 0;
}

function hasQuantityCue(tokens: Token[]): boolean {
  return tokens.some((token, index) => isQuantityCue(token, tokens[index + 1]));
}

function hasProductWord(tokens: Token[]): boolean {
  return tokens.some(isProductWord);
}

/** A fraction after "and" that continues the number before it ("كيلو ونص") rather than starting a new one. */
function continuesNumber(tokens: Token[], andIndex: number): boolean {
  let at = andIndex + 1;
  if (tokens[at] && isArticle(tokens[at].norm)) at += 1;
  const fraction = tokens[at];
  if (!fraction || fraction.kind !== 'word' || !isFractionWord(fraction.norm)) return false;
  // "2 and a half kilo" is 2.5 kg; "2 ctn and half kilo" two measures.
  return tokens[andIndex - 1]?.kind === 'number' || !startsMeasure(tokens, at + 1);
}

/** A unit word at `at`, possibly after an article: "(half) a dozen", "(نص) كيلو" start a new number. */
function startsMeasure(tokens: Token[], at: number): boolean {
  const skip = tokens[at] && isArticle(tokens[at].norm) ? 1 : 0;
  const unit = tokens[at + skip];
  return unit !== undefined && unit.kind === 'word' && lookupUnit(unit.norm) !== undefined;
}

/**
 * A slash standing apart between two words or figures ("Red lentils – 6 / brown lentils – 6")
 * joins two items like "and"; a date ("12/05") is one token and "w/" is glued to its word.
 */
function isSpacedSlash(tokens: Token[], k: number): boolean {
  const token = tokens[k];
  const previous = tokens[k - 1];
  const next = tokens[k + 1];
  return (
    token.norm === '/' &&
    previous !== undefined &&
    next !== undefined &&
    previous.line === token.line &&
    next.line === token.line &&
    previous.end < token.start &&
    next.start > token.end
  );
}

/** "and", و, or a slash standing apart ("Red lentils – 6 / brown lentils – 6"). */
function isJoin(piece: Token[], i: number): boolean {
  const token = piece[i];
  return (token.kind === 'word' && CONJUNCTIONS.has(token.norm)) || isSpacedSlash(piece, i);
}

/** Splits a piece at "and"/و or a spaced slash between two items (each side a product with a quantity). */
function splitConjunctions(piece: Token[]): Token[][] {
  const cuts: number[] = [];
  let start = 0;
  for (let i = 1; i < piece.length - 1; i += 1) {
    if (!isJoin(piece, i)) continue;
    if (continuesNumber(piece, i)) continue;
    const left = piece.slice(start, i);
    let nextCut = piece.length;
    for (let j = i + 1; j < piece.length; j += 1) {
      if (isJoin(piece, j) && !continuesNumber(piece, j)) {
        nextCut = j;
        break;
      }
    }
    const right = piece.slice(i + 1, nextCut);
    if (hasProductWord(left) && hasQuantityCue(left) && (hasProductWord(right) || hasQuantityCue(right))) {
      // "بدي كيلو ونص هيل وتنين كيلو خلاص": fine. "خمسة وعشرين كرتون": left has no product.
      cuts.push(i);
      start = i + 1;
    }
  }
  const parts: Token[][] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(piece.slice(from, cut));
    from = cut + 1;
  }
  parts.push(piece.slice(from));
  return parts;
}

/**
 * A colon after a label or header ("الكمية:", "Delivery on the 15th:") drops what is before it,
 * but not a correction cue ("عفواً التصحيح: ١٠ كراتين", "correction: 6"): the figure corrects.
 */
function dropHeader(piece: Token[]): Token[] {
  const colon = piece.findIndex((token) => token.kind === 'punct' && token.norm === ':');
  if (colon < 0) return piece;
  const left = piece.slice(0, colon);
  if (left.some((token) => CORRECTION_CUES.has(token.norm))) return piece;
  // A branch heading ("فرع العليا:", "far3 el naseem:", "Branch Olaya:") names no product.
  const firstWord = left.find((token) => token.kind === 'word');
  if (firstWord && BRANCH_CUES.has(firstWord.norm)) return piece.slice(colon + 1);
  if (hasProductWord(left)) return piece;
  const leftHasLabel = left.some((token) => LABEL_WORDS.has(token.norm));
  if (hasQuantityCue(left) && !leftHasLabel && left.some((token) => token.kind === 'number')) return piece;
  return piece.slice(colon + 1);
}

/**
 * Drops parenthesised remarks without digits ("(separate invoice pls)") and splits the message
 * into candidate item segments: lines, sentences, commas, '+', and "and"/و between two items.
 */
export function splitSegments(tokens: Token[]): Segment[] {
  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token.kind === 'punct' && (token.norm === '(' || token.norm === '[')) {
      const close = token.norm === '(' ? ')' : ']';
      let j = i + 1;
      while (j < tokens.length && tokens[j].norm !== close && tokens[j].norm !== '\n') j += 1;
      const inside = tokens.slice(i + 1, j);
      if (j < tokens.length && tokens[j].norm === close && !inside.some((t) => t.kind === 'number')) {
        i = j;
        continue;
      }
      continue;
    }
    if (token.kind === 'punct' && (token.norm === ')' || token.norm === ']')) continue;
    kept.push(token);
  }

  const pieces: Array<{ tokens: Token[]; question: boolean }> = [];
  let current: Token[] = [];
  for (const token of kept) {
    if (token.kind === 'punct' && HARD_SEPARATORS.has(token.norm)) {
      if (current.length > 0) pieces.push({ tokens: current, question: token.norm === '?' || token.norm === '؟' });
      current = [];
      continue;
    }
    current.push(token);
  }
  if (current.length > 0) pieces.push({ tokens: current, question: false });

  const segments: Segment[] = [];
  for (const piece of pieces) {
    for (const part of splitConjunctions(dropHeader(piece.tokens))) {
      const meaningful = part.filter((token) => token.kind !== 'punct' || token.norm === ':' || token.norm === 'x');
      if (meaningful.length > 0) segments.push({ tokens: part, line: part[0].line, question: piece.question });
    }
  }
  return segments;
}

// ---------------------------------------------------------------------------------------------
// Segment analysis
// ---------------------------------------------------------------------------------------------

export interface Measure {
  value: number;
  unit: UnitKind | null;
  /** The unit of units.ts the unit word names (with `unit`; null without one). */
  code: KnownUnit | null;
  format: 'x' | 'label' | 'colon' | 'unit' | 'bare';
  /** Token positions (in the segment) the measure covers. */
  first: number;
  last: number;
  /** Follows a correction ("sorry make it 6"). */
  correction: boolean;
  /** Before any product word. */
  leading: boolean;
  /** A bare count of what a pack holds ("24 portions", "30 sticks", "٢٤ مكعب"): a pack size when it fits. */
  packCount?: boolean;
}

export interface FreeUnit {
  kind: UnitKind;
  code: KnownUnit;
  position: number;
}

export interface SegmentAnalysis {
  tokens: Token[];
  /** Positions of product words. */
  words: number[];
  measures: Measure[];
  freeUnits: FreeUnit[];
  sizeHint: 'big' | 'small' | null;
  /**
   * Asks a price or whether we stock something ("بكم …", "متوفر عندكم نيدو", "Do you have X"):
   * not an order until a quantity follows.
   */
  priceQuestion: boolean;
  /** Closed by a question mark. */
  question: boolean;
  /** A conditional order's head ("if yes", "if you have it", "لو موجود", "law fi", "اذا فيه"). */
  conditional: boolean;
  correctionCue: boolean;
  /** The figure a correction replaces ("15 trays not 12" → 12), or null. */
  replaced: number | null;
  /** States a price or a past figure ("was 15.75", "@ 13.5", "17 ريال"). */
  priceRemark: boolean;
  deliveryCue: boolean;
  /**
   * A cancellation: 'named' drops the line it names ("cancel the Goody tuna", "شيل التونة"),
   * 'previous' the line before ("cancel that", "الغيها").
   */
  cancel: 'named' | 'previous' | null;
  /** Ends with a colon ("Sugar order:", "Dairy:"): a heading, not an item unless it has a quantity. */
  heading: boolean;
  totalLine: boolean;
  line: number;
}

const INLINE_CORRECTION = new Set([
  'sorry',
  'make',
  'change',
  'correction',
  'actually',
  'instead',
  'خليها',
  'خليه',
  'خلها',
  'خله',
  'خلوها',
  'خلوه',
  'بدلها',
  'عدلها',
  'عدله',
  'غيرها',
  'غيره',
  'khaliha',
  'khalliha',
  'khaleha',
  'oops',
  'whoops',
  'خليهم',
  'خليهن',
  'خلوهم',
  'khalihom',
  'khallihom',
]);
const WAREHOUSE_WORDS = ['warehouse', 'المستودع', 'مستودع'];
const DELIVERY_SEGMENT_CUES = new Set([...DELIVERY_CUES, ...BRANCH_CUES, ...WAREHOUSE_WORDS]);
/** Where goods go: words after these, following a product's words, name a place (not a branch: "Khurais branch: …"). */
const PLACE_CUES = new Set([...DELIVERY_CUES, ...WAREHOUSE_WORDS]);

function isDashToken(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'punct' && ['-', '–', '—'].includes(token.norm);
}

function isX(token: Token | undefined): boolean {
  return token !== undefined && (token.norm === 'x' || token.norm === '*') && token.kind !== 'noise';
}

function fractionContinuation(tokens: Token[], at: number): { value: number; end: number } | null {
  const and = tokens[at];
  if (!and || !['and', 'و', 'w', 'wa'].includes(and.norm)) return null;
  let index = at + 1;
  if (tokens[index] && isArticle(tokens[index].norm)) index += 1;
  const fraction = tokens[index];
  if (!fraction || fraction.kind !== 'word') return null;
  const value = fractionValue(fraction.norm);
  if (value === undefined || startsMeasure(tokens, index + 1)) return null;
  return { value, end: index + 1 };
}

/**
 * "can" after a product word and before a quantity or the end ("Pepsi can x 48", "7up cans - 24")
 * is the pack, not the verb ("can you send").
 */
function isPackNoun(tokens: Token[], position: number): boolean {
  const token = tokens[position];
  if (token.norm !== 'can' && token.norm !== 'cans') return false;
  const previous = tokens[position - 1];
  if (!previous || !isProductWord(previous) || lookupUnit(previous.norm) !== undefined) return false;
  const next = tokens[position + 1];
  return !next || next.kind !== 'word' || isX(next) || isNumberWord(next.norm) || lookupUnit(next.norm) !== undefined;
}

/** Words of addition between a number and its unit ("2 more ctn", "٣ كمان كراتين"). */
const ADDITION_WORDS = new Set(['more', 'extra', 'additional', 'كمان', 'زياده', 'زيادة', 'kaman']);

/** Gulf أبو "the one with" before a pack size ("ابو ١٠٠", "abu 500"). */
const OF_SIZE = new Set(['ابو', 'abu', 'abo', 'bu', 'بو']);
/** "ديتول سعة ٥٠٠ مل", "size 750ml", "مقاس ٧٥٠ مل": a word that only labels the size after it. */
export const SIZE_LABELS = new Set(['سعه', 'حجم', 'بحجم', 'مقاس', 'بمقاس', 'size', 'capacity']);
const CANCELLED_OBJECTS = new Set(['it', 'that', 'this', 'them', 'those', 'these', 'last', 'previous']);

/** "no need for X", "don't send X", "do not need X": the line naming X is not wanted. */
const NEGATED_REQUESTS = new Set(['need', 'send', 'want', 'bring']);

function cancelOf(tokens: Token[]): SegmentAnalysis['cancel'] {
  let cancel: SegmentAnalysis['cancel'] = null;
  tokens.forEach((token, k) => {
    if (token.kind !== 'word') return;
    const next = tokens[k + 1];
    if (CANCEL_PRONOUN_CUES.has(token.norm)) cancel = 'previous';
    else if (CANCEL_CUES.has(token.norm)) {
      cancel = next?.kind === 'word' && CANCELLED_OBJECTS.has(next.norm) ? 'previous' : (cancel ?? 'named');
    } else if (['no', 'dont', 'not'].includes(token.norm) && next && NEGATED_REQUESTS.has(next.norm)) {
      cancel ??= 'named';
    }
  });
  return cancel;
}

/** A price question's word; "how" only in "how much" (not "how are you"). */
function asksPrice(norm: string, next: string | undefined): boolean {
  return PRICE_QUESTION_CUES.has(norm) && (norm !== 'how' || next === 'much');
}

/**
 * Asks whether we stock something: a stock-question word ("عندكم", "3indak", "يوجد"; not "من
 * عندكم": from you) or English "do you have", "have you got".
 */
function asksStock(tokens: Token[]): boolean {
  return tokens.some((token, k) => {
    if (token.kind !== 'word') return false;
    if (STOCK_QUESTION_CUES.has(token.norm)) return !FROM_WORDS.has(tokens[k - 1]?.norm ?? '');
    if (token.norm !== 'have' && token.norm !== 'got') return false;
    const you = (at: number): boolean => tokens[at]?.norm === 'you' || tokens[at]?.norm === 'u';
    return (you(k - 1) && ['do', 'does', 'did'].includes(tokens[k - 2]?.norm ?? '')) || you(k + 1);
  });
}

/** "if yes", "if so", "if you have it", "لو موجود", "اذا فيه", "law fi": a condition word within three words of "if". */
function isConditional(tokens: Token[]): boolean {
  return tokens.some(
    (token, k) =>
      token.kind === 'word' &&
      CONDITIONAL_CUES.has(token.norm) &&
      tokens.slice(k + 1, k + 4).some((next) => next.kind === 'word' && CONDITION_WORDS.has(next.norm)),
  );
}

/** Ordinals and words that name a branch of the client's business ("الفرع الاول", "the main branch"). */
const BRANCH_NAMES = new Set([
  'first',
  'second',
  'third',
  'fourth',
  'main',
  'new',
  'old',
  'الاول',
  'الثاني',
  'التاني',
  'الثالث',
  'التالت',
  'الرابع',
  'الرئيسي',
  'الجديد',
  'القديم',
  'awal',
  'awwal',
  'thani',
  'tani',
  'thalith',
]);
/** Words before an English branch name ("for Olaya branch", "to the Malaz branch"). */
const BRANCH_LEAD_INS = new Set(['for', 'to', 'the', 'at']);

/**
 * A branch phrase ("للفرع الاول", "فرع العليا", "far3 el naseem", "for Olaya branch", "the second
 * branch"): the branch word and its name, which are neither words of a product's name nor a
 * delivery note. Returns their positions.
 */
function branchPhrases(tokens: Token[]): Set<number> {
  const out = new Set<number>();
  const named = (token: Token | undefined): boolean =>
    token !== undefined &&
    token.kind === 'word' &&
    (BRANCH_NAMES.has(token.norm) || (isProductWord(token) && lookupUnit(token.norm) === undefined));
  tokens.forEach((token, k) => {
    if (token.kind !== 'word' || !BRANCH_CUES.has(token.norm)) return;
    let at = k + 1;
    if (tokens[at] && LATIN_ARTICLES.has(tokens[at].norm) && !token.arabic) at += 1;
    if (named(tokens[at])) {
      for (let p = k; p <= at; p += 1) out.add(p);
      return;
    }
    const before = tokens[k - 1];
    if (
      !token.arabic &&
      named(before) &&
      (BRANCH_NAMES.has(before.norm) || BRANCH_LEAD_INS.has(tokens[k - 2]?.norm ?? ''))
    ) {
      out.add(k - 1);
      out.add(k);
    }
  });
  return out;
}

/** Reads the quantities, units, product words and cues of one segment. */
export function analyseSegment(segment: Segment): SegmentAnalysis {
  const tokens = segment.tokens;
  const measures: Measure[] = [];
  const freeUnits: FreeUnit[] = [];
  const consumed = new Set<number>();
  let firstProduct = tokens.findIndex((token) => isProductWord(token) && lookupUnit(token.norm) === undefined);
  if (firstProduct < 0) firstProduct = tokens.length;

  // "sorry make it 6": a cue up to four tokens before the figure, with no product word between
  // ("sorry Almarai milk 2L 3 ctn": 2L is a pack size, not the corrected figure).
  const correctionBefore = (position: number): boolean => {
    for (let k = position - 1; k >= Math.max(0, position - 4); k -= 1) {
      if (INLINE_CORRECTION.has(tokens[k].norm)) return true;
      if (isProductWord(tokens[k]) && lookupUnit(tokens[k].norm) === undefined) return false;
    }
    return false;
  };
  const push = (measure: Omit<Measure, 'correction' | 'leading'>): void => {
    measures.push({ ...measure, correction: correctionBefore(measure.first), leading: measure.first < firstProduct });
    for (let k = measure.first; k <= measure.last; k += 1) consumed.add(k);
  };

  for (let i = 0; i < tokens.length; i += 1) {
    if (consumed.has(i)) continue;
    const token = tokens[i];
    if (token.kind === 'noise') continue;
    if (isX(token)) {
      const read = readNumber(tokens, i + 1);
      if (read && !read.fractionOnly) {
        const unitToken = tokens[read.end];
        const unit = unitToken?.kind === 'word' ? lookupUnit(unitToken.norm) : undefined;
        if (unit && !isDescriptiveKind(unit.kind)) {
          push({
            value: read.value * unitMultiplier(unit.kind),
            unit: unit.kind,
            code: unit.code,
            format: 'x',
            first: i,
            last: read.end,
          });
        } else {
          push({ value: read.value, unit: null, code: null, format: 'x', first: i, last: read.end - 1 });
        }
        i = read.end - 1;
      }
      continue;
    }
    if (token.kind === 'punct') continue;
    let read = readNumber(tokens, i);
    if (!read && isArticle(token.norm) && tokens[i + 1]?.kind === 'word' && lookupUnit(tokens[i + 1].norm)) {
      read = { value: 1, end: i + 1, words: true, fractionOnly: false };
    }
    // "Add a Pledge and one Windex": an article before a product, not inside a name ("Grade A eggs"), orders one.
    if (!read && articleBeforeProduct(tokens, i)) read = { value: 1, end: i + 1, words: true, fractionOnly: false };
    if (read) {
      // "2 more ctn", "٣ كمان كراتين": a word of addition may stand between the number and its unit.
      const skip = ADDITION_WORDS.has(tokens[read.end]?.norm ?? '') && tokens[read.end + 1]?.kind === 'word' ? 1 : 0;
      const unitToken = tokens[read.end + skip];
      const unit = unitToken?.kind === 'word' ? lookupUnit(unitToken.norm) : undefined;
      if (unit && !(skip && unit.attachedOnly)) {
        const multiplier = unitMultiplier(unit.kind);
        let value = read.value * unit.count * multiplier;
        let end = read.end + skip + 1;
        const more = fractionContinuation(tokens, end);
        if (more) {
          value += more.value * multiplier;
          end = more.end;
        }
        push({ value, unit: unit.kind, code: unit.code, format: 'unit', first: i, last: end - 1 });
        i = end - 1;
        continue;
      }
      const next = tokens[read.end];
      if (isX(next)) {
        const second = readNumber(tokens, read.end + 1);
        if (second && !second.fractionOnly) {
          // "Kiri 24 x 5": the first number is a pack count, the quantity follows the x.
          push({ value: read.value, unit: null, code: null, format: 'bare', first: i, last: read.end - 1 });
          i = read.end - 1;
          continue;
        }
        push({ value: read.value, unit: null, code: null, format: 'x', first: i, last: read.end });
        i = read.end;
        continue;
      }
      let previous = i - 1;
      while (previous >= 0 && tokens[previous].kind === 'punct' && tokens[previous].norm !== ':') previous -= 1;
      const before = tokens[previous];
      // "Adol 500 - 24": a figure after a dash that ends the line is its quantity, as after a colon.
      const dashed =
        isDashToken(tokens[i - 1]) &&
        tokens.slice(read.end).every((after) => after.kind === 'punct' || after.kind === 'noise');
      const format: Measure['format'] =
        before && LABEL_WORDS.has(before.norm) ? 'label' : before?.norm === ':' || dashed ? 'colon' : 'bare';
      const packCount = next?.kind === 'word' && PACK_CONTENT_WORDS.has(next.norm);
      push({ value: read.value, unit: null, code: null, format, first: i, last: read.end - 1, packCount });
      i = read.end - 1;
      continue;
    }
    if (token.kind === 'word') {
      const unit = lookupUnit(token.norm);
      if (unit && !unit.attachedOnly) {
        const multiplier = unitMultiplier(unit.kind);
        const more = fractionContinuation(tokens, i + 1);
        if (unit.count === 2 || unit.kind === 'dozen' || more) {
          push({
            value: unit.count * multiplier + (more ? more.value * multiplier : 0),
            unit: unit.kind,
            code: unit.code,
            format: 'unit',
            first: i,
            last: more ? more.end - 1 : i,
          });
          if (more) i = more.end - 1;
          continue;
        }
        // "كرتون واحد"
        const one = readNumber(tokens, i + 1);
        if (one && one.words && one.value === 1 && !one.fractionOnly) {
          push({ value: multiplier, unit: unit.kind, code: unit.code, format: 'unit', first: i, last: one.end - 1 });
          i = one.end - 1;
          continue;
        }
        freeUnits.push({ kind: unit.kind, code: unit.code, position: i });
        if (!isDescriptiveKind(unit.kind)) consumed.add(i);
      }
    }
  }

  const words: number[] = [];
  let sizeHint: SegmentAnalysis['sizeHint'] = null;
  const branch = branchPhrases(tokens);
  const isDeliveryCue = (token: Token, k: number): boolean =>
    token.kind === 'word' && !branch.has(k) && DELIVERY_SEGMENT_CUES.has(token.norm);
  // "5 ctn Pepsi to the warehouse" on one segment ("ابي ٥ كراتين بيبسي توصيل للمستودع"): from a
  // delivery cue after the product's words on, the words name the place, not the product.
  let placeFrom = -1;
  tokens.forEach((token, position) => {
    if (token.kind !== 'word' || placeFrom >= 0) return;
    if (BIG_WORDS.has(token.norm)) sizeHint = 'big';
    if (SMALL_WORDS.has(token.norm)) sizeHint = 'small';
    if (consumed.has(position) || branch.has(position)) return;
    if (words.length > 0 && PLACE_CUES.has(token.norm)) {
      placeFrom = position;
      return;
    }
    // "شاي ربيع ابو ١٠٠ كيس", "حليب ابو لترين": أبو before a size is "the one with", not a word of the name.
    const next = tokens[position + 1];
    if (OF_SIZE.has(token.norm) && next && (next.kind === 'number' || isNumberWord(next.norm) || lookupUnit(next.norm)))
      return;
    // Only before a measure: "مقاس ٣" is a size of diapers, a figure of the name.
    const measured = lookupUnit(tokens[position + 2]?.norm ?? '');
    if (SIZE_LABELS.has(token.norm) && next?.kind === 'number' && measured && isMeasureKind(measured.kind)) return;
    // "…, plus 50 Alfanar switches": a conjunction opening the segment before its figure joins, it names nothing.
    const opens = tokens.slice(0, position).every((before) => before.kind === 'punct');
    if (opens && CONJUNCTIONS.has(token.norm) && next && (next.kind === 'number' || isNumberWord(next.norm))) return;
    if (isProductWord(token) || isPackNoun(tokens, position)) words.push(position);
  });
  const norms = tokens.filter((token) => token.kind === 'word').map((token) => token.norm);
  const firstWord = norms[0];
  const priceRemark = tokens.some((token, k) => {
    if (token.kind !== 'noise' || token.value === undefined) return false;
    const before = tokens[k - 1]?.norm ?? '';
    const after = tokens[k + 1]?.norm ?? '';
    return PRICE_CUES.has(before) || PAST_FIGURE_CUES.has(before) || CURRENCY.has(before) || CURRENCY.has(after);
  });
  let replaced: number | null = null;
  tokens.forEach((token, k) => {
    if (token.kind !== 'noise' || token.value === undefined) return;
    const before = tokens[k - 1]?.norm ?? '';
    const negated = before === 'of' ? tokens[k - 2]?.norm : before;
    if (negated !== undefined && NEGATION_CUES.has(negated)) replaced = token.value;
  });
  return {
    tokens,
    words,
    measures,
    freeUnits,
    sizeHint,
    priceQuestion:
      norms.some((norm, k) => asksPrice(norm, norms[k + 1]) || AVAILABILITY_CUES.has(norm)) || asksStock(tokens),
    question: segment.question ?? false,
    conditional: isConditional(tokens),
    correctionCue: norms.some((norm) => CORRECTION_CUES.has(norm)),
    priceRemark,
    replaced,
    deliveryCue: tokens.some(isDeliveryCue),
    cancel: cancelOf(tokens),
    heading: tokens.length > 0 && tokens[tokens.length - 1].norm === ':',
    totalLine: firstWord !== undefined && TOTAL_CUES.has(firstWord),
    line: segment.line,
  };
}
