import { conceptsOf, groupOf, wordForms } from './catalog-index.js';
import {
  BRANCH_CUES,
  BUSINESS_WORDS,
  DELIVERY_CUES,
  FROM_WORDS,
  INTRO_CUES,
  MONTHS,
  REFERENCE_CUES,
  STOPWORDS,
  WEEKDAYS,
} from './lexicon.js';
import { isNumberWord } from './numbers.js';
import type { Token } from './tokens.js';
import { lookupUnit } from './units.js';

/**
 * The client a message states, as a clerk would file it: the business when one is named
 * ("This is Abu Khalid from Al Noor Supermarket" → "Al Noor Supermarket", "Order for Hyper Panda
 * branch 12" → "Hyper Panda", "من: بقالة الريان"), otherwise the person ordering ("Abu Faisal
 * here", a "– Abu Turki" signature). Greeted salespeople ("Hi Ahmed") and receivers ("ask for
 * Sameer") are not clients. The tokens of the statement are returned so they are not read as items.
 */
export interface ClientResult {
  name: string | null;
  /** 'business' or 'person' (business wins). */
  kind: 'business' | 'person' | null;
  consumed: Set<number>;
}

const LABELS = new Set([
  'من',
  'from',
  'client',
  'customer',
  'العميل',
  'الزبون',
  'name',
  'الاسم',
  'اسم',
  'shop',
  'المحل',
  'buyer',
  'purchaser',
  'المشتري',
  'sender',
  'المرسل',
  'مرسل',
]);
const ORDER_HEADERS = new Set(['order', 'طلبيه', 'طلب', 'الطلب', 'الطلبيه', 'طلبية']);
const ORDER_CONNECTORS = new Set([
  'for',
  'from',
  'of',
  'by',
  'من',
  'ل',
  'لـ',
  'حق',
  'حقت',
  'الى',
  'الي',
  'mn',
  'min',
  'men',
]);
/** Words that qualify an order header without naming anyone ("Weekly order", "طلبية الأسبوع"). */
const ORDER_MODIFIERS = new Set([
  'weekly',
  'daily',
  'monthly',
  'new',
  'urgent',
  'today',
  'todays',
  'this',
  'my',
  'our',
  'the',
  'next',
  'usual',
  'regular',
  'week',
  'month',
  'اسبوعيه',
  'الاسبوعيه',
  'الاسبوع',
  'شهريه',
  'الشهريه',
  'الشهر',
  'يوميه',
  'اليوميه',
  'اليوم',
  'جديده',
  'جديد',
  'عاجل',
  'عاجله',
  'eid',
  'العيد',
  'عيد',
  ...WEEKDAYS,
  ...MONTHS,
  // "طلبية يوم الخميس:", "الطلب ليوم السبت:": the day is no name.
  'يوم',
  'ليوم',
  'لليوم',
  'day',
  // "This is the order for X:", "Here's the order …"
  'is',
  'here',
  'heres',
  // "هذي طلبية مطعم X:", "this order …": a demonstrative before the header names no one.
  'هذي',
  'هذه',
  'هذا',
  'هاذي',
  'هاي',
  'هيدي',
  'دي',
  // "نرفق لكم طلب …", "مرفق طلبية …", "Please find attached the order of …": sending it names no one.
  'نرفق',
  'نرسل',
  'مرفق',
  'مرفقه',
  'المرفق',
  'مرفقا',
  'لكم',
  'اليكم',
  'attached',
  'attaching',
  'enclosed',
  'find',
  'please',
  'pls',
  'kindly',
  'sending',
  'below',
]);
const BRANCH_WORDS = BRANCH_CUES;
/** "in the name of": باسم, bism. */
const NAME_MARKERS = new Set(['باسم', 'bism', 'besm', 'b2sm', 'bisem', 'لصالح']);
const ON_WORDS = new Set(['على', 'علي', 'ع', 'عل', 'تحت', 'under', '3ala', 'ala']);
/** What a client's name is put on: the invoice, the bill, the account. */
const BILLING_NOUNS = new Set([
  'invoice',
  'bill',
  'billing',
  'account',
  'acct',
  'فاتوره',
  'الفاتوره',
  'فاتورتنا',
  'حساب',
  'الحساب',
  'عالحساب',
  'fatora',
  'fatoora',
  'fatura',
  '7sab',
  '7esab',
  'hesab',
]);
const LEAD_INS = new Set([...ON_WORDS, 'و', 'and', 'w', 'on', 'the', 'to', 'put', 'it']);
/** "عالحساب تبع X", "الفاتورة على X", "الفاتورة لـ X". */
const BILLING_LINKS = new Set([
  'تبع',
  'حق',
  'حقت',
  'على',
  'علي',
  'ع',
  'عل',
  'لـ',
  'ل',
  'tab3',
  'ta3',
  '7a8',
  '3ala',
  'ala',
  '3a',
]);
const THANKS = new Set([
  'thanks',
  'thank',
  'regards',
  'best',
  'kind',
  'cheers',
  'شكرا',
  'تحياتي',
  'تحيات',
  'التحيات',
  'تحيه',
  'التحيه',
  'تحياتنا',
  'مع',
  'الشكر',
  'shukran',
  // "وتفضلوا بقبول فائق الاحترام": the formal close of a letter.
  'الاحترام',
  'وتفضلوا',
  'تفضلوا',
  'بقبول',
  'فايق',
  'والتقدير',
  'التقدير',
  'sincerely',
  'yours',
]);
/** What follows a sign-off before the signature: "Thanks, X", "مع تحيات: X", "Regards – X". */
const SIGN_OFF_MARKS = new Set([',', '،', ':', '-', '–', '—']);
/**
 * Requests that may follow the one who orders ("ماركت الحرمين محتاج …", "Al Noor Supermarket needs
 * …", "بقالة الريان نبي …"): first and third person.
 */
const REQUESTS = new Set([
  'need',
  'needs',
  'want',
  'wants',
  'requires',
  'ابي',
  'ابغي',
  'ابغا',
  'ابا',
  'بدي',
  'بدنا',
  'عايز',
  'عاوز',
  'عايزين',
  'عاوزين',
  'نبي',
  'نبغي',
  'نبغا',
  'نحتاج',
  'احتاج',
  'نريد',
  'اريد',
  'محتاج',
  'محتاجين',
  'محتاجه',
  'يحتاج',
  'تحتاج',
  'يطلب',
  'تطلب',
  'يطلبون',
  'يبي',
  'تبي',
  'يبغي',
  'تبغي',
  'بدو',
  'بده',
  'بدها',
  'abi',
  'abgha',
  'bade',
  'badi',
  '3ayez',
  'nabi',
  'm7taj',
  'mi7taj',
  'me7taj',
  'mehtaj',
  'mihtaj',
]);
/** Words that end a name: requests, branch numbers, conjunctions before an order. */
const NAME_STOPS = new Set([
  ...REQUESTS,
  'please',
  'pls',
  'plz',
  'kindly',
  'send',
  'order',
  'branch',
  'here',
  'فرع',
  'الفرع',
  'ابي',
  'ابغي',
  'ابغا',
  'بدي',
  'بدنا',
  'عايز',
  'عاوز',
  'نبي',
  'نبغي',
  'نرجو',
  'ارجو',
  'يرجي',
  'نطلب',
  'abi',
  'abgha',
  'bade',
  'badi',
  '3ayez',
  'nabi',
  'لو',
  'could',
  'can',
  'would',
]);
/** "Father of" / "mother of": a kunya ("Abu Fahad", "أم محمد") names a person. */
const KUNYA = new Set(['abu', 'abo', 'abou', 'bu', 'ابو', 'بو', 'um', 'umm', 'om', 'ام']);
const PERSON_PREFIXES = new Set(['abu', 'ابو', 'bin', 'بن', 'al', 'ال', 'um', 'ام', 'umm']);

/** A family name of the form al-…i ("العتيبي", "Alharbi", "al-shehri"). */
function isNisba(norm: string): boolean {
  return /^ال[\u0621-\u064a]{2,}ي$/.test(norm) || /^al-?[a-z]{3,}i$/.test(norm);
}

/** A kunya or a title: the words a person's name starts with ("Abu Faisal", "Eng. Sami"). */
function isPersonWord(norm: string): boolean {
  return KUNYA.has(norm) || TITLES.has(norm);
}

interface Span {
  first: number;
  last: number;
}

/** Marks that end a sentence or set a greeting apart: a name after them starts the sentence. */
const SENTENCE_MARKS = new Set([',', '،', '.', '!', '?', '؟', '-', '–', '—']);
/** "محل ميني ماركت القدس": the generic "shop" before a business word is not part of the name. */
const GENERIC_SHOP = new Set(['محل', 'المحل', 'shop']);

function isDash(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'punct' && ['-', '–', '—', '~', '•', '*', '>'].includes(token.norm);
}

function isBreak(token: Token): boolean {
  return token.kind === 'punct' && token.norm !== '&' && token.norm !== "'";
}

/** Consecutive name words from `from` on the same line, up to punctuation, a number, a request or a unit word. */
function takeName(
  tokens: Token[],
  from: number,
  options: { stopAtFrom?: boolean; maxWords?: number } = {},
): Span | null {
  const max = options.maxWords ?? 6;
  let last = -1;
  let words = 0;
  for (let i = from; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token.line !== tokens[from].line) break;
    if (token.kind === 'number' || token.kind === 'noise') break;
    if (isBreak(token)) {
      if (token.norm === '&' && i > from) continue;
      // "Dr. Samer", "م. خالد": the full stop of a title.
      if (token.norm === '.' && i > from && TITLES.has(tokens[i - 1].norm)) continue;
      break;
    }
    if (NAME_STOPS.has(token.norm)) break;
    if (options.stopAtFrom && FROM_WORDS.has(token.norm)) break;
    const unit = lookupUnit(token.norm);
    if ((unit && !unit.attachedOnly) || isNumberWord(token.norm)) break;
    if ((token.norm === 'و' || token.norm === 'w' || token.norm === 'and') && i + 1 < tokens.length) {
      const next = tokens[i + 1];
      if (NAME_STOPS.has(next.norm) || next.kind === 'number') break;
    }
    last = i;
    words += 1;
    if (words >= max) break;
  }
  return last >= from ? { first: from, last } : null;
}

/** Abbreviations a business name ends with, kept with their full stop ("Al Rawabi Est."). */
const ABBREVIATIONS = new Set(['est', 'co', 'corp', 'ltd', 'inc', 'bros', 'intl']);

function spanText(tokens: Token[], text: string, span: Span): string {
  let word = span.last;
  while (word > span.first && tokens[word].kind === 'punct') word -= 1;
  const stop = ABBREVIATIONS.has(tokens[word].norm) && text[tokens[word].end] === '.' ? '.' : '';
  return (
    text
      .slice(tokens[span.first].start, tokens[span.last].end)
      .replace(/^[\s\-–—~•*:,،.]+|[\s\-–—~•*:,،.]+$/g, '')
      .trim() + stop
  );
}

function hasBusinessWord(tokens: Token[], span: Span): boolean {
  for (let i = span.first; i <= span.last; i += 1) if (BUSINESS_WORDS.has(tokens[i].norm)) return true;
  return false;
}

/** Greeting words that are also common shop names after the shop word ("سوبرماركت السلام", "محل النور"). */
const GREETING_SHOP_NAMES = new Set(['السلام', 'النور', 'الخير']);

/**
 * A span that names a business on its own ("ماركت الحرمين", "محل ميني ماركت القدس" → "ميني ماركت
 * القدس"): a business word, every word a name or business word, and not only business words.
 * Returns the span without a leading generic "shop", or null.
 */
function businessSpan(tokens: Token[], span: Span, isKnownWord: (norm: string) => boolean): Span | null {
  let first = span.first;
  if (first < span.last && GENERIC_SHOP.has(tokens[first].norm) && BUSINESS_WORDS.has(tokens[first + 1].norm))
    first += 1;
  const words = range(first, span.last);
  if (!words.every((i) => BUSINESS_WORDS.has(tokens[i].norm) || isShopNameWord(tokens, i, isKnownWord))) return null;
  if (!words.some((i) => BUSINESS_WORDS.has(tokens[i].norm))) return null;
  if (words.every((i) => BUSINESS_WORDS.has(tokens[i].norm))) return null;
  return { first, last: span.last };
}

const linesOf = new WeakMap<Token[], Map<number, number[]>>();

/** Token positions of a line (grouped once per token list). */
function lineIndexes(tokens: Token[], line: number): number[] {
  let byLine = linesOf.get(tokens);
  if (!byLine) {
    byLine = new Map();
    tokens.forEach((token, index) => {
      const list = byLine?.get(token.line) ?? [];
      list.push(index);
      byLine?.set(token.line, list);
    });
    linesOf.set(tokens, byLine);
  }
  return byLine.get(line) ?? [];
}

/** First word position of a line, after bullets, emojis and dashes. */
function lineStart(tokens: Token[], line: number): number {
  for (const index of lineIndexes(tokens, line)) if (tokens[index].kind !== 'punct') return index;
  return -1;
}

/** The intro cue ending at `index` ("this is", "it's", "I'm", "I am", "ana", "معك", "my name is"), if any. */
function introAt(tokens: Token[], index: number): number {
  const token = tokens[index];
  const norm = token?.norm;
  if (!norm) return -1;
  if (INTRO_CUES.has(norm)) return index + 1;
  if ((norm === 'this' || norm === 'it') && tokens[index + 1]?.norm === 'is') return index + 2;
  if (norm === 'i' && tokens[index + 1]?.norm === 'am') return index + 2;
  if (norm === 'my' && tokens[index + 1]?.norm === 'name' && tokens[index + 2]?.norm === 'is') return index + 3;
  return -1;
}

/** A word that can be part of a name: not a request, a stopword, a number, a unit or a product word. */
function isNameWord(token: Token, isKnownWord: (norm: string) => boolean): boolean {
  const norm = token.norm;
  if (token.kind !== 'word' || NAME_STOPS.has(norm) || isNumberWord(norm)) return false;
  // "محل" is no product word (a stopword of order lines) but is a word of a shop's name.
  if (STOPWORDS.has(norm) && !PERSON_PREFIXES.has(norm) && !BUSINESS_WORDS.has(norm)) return false;
  const unit = lookupUnit(norm);
  if (unit && !unit.attachedOnly) return false;
  return !isKnownWord(norm) || BUSINESS_WORDS.has(norm) || PERSON_PREFIXES.has(norm);
}

/**
 * A word of a business name: a name word, or a brand ("Al Noor Supermarket"), or a colour ("Al
 * Hamra Laundry", "الفرن الذهبي"), but no product kind.
 */
function isBusinessNameWord(token: Token, isKnownWord: (norm: string) => boolean): boolean {
  return (
    isNameWord(token, isKnownWord) ||
    (isNameWord(token, () => false) &&
      !wordForms(token.norm).some((form) => conceptsOf(form).some((concept) => groupOf(concept) !== 'colour')))
  );
}

/** A word of a business name, or a greeting word right after the shop word ("سوبرماركت السلام"). */
function isShopNameWord(tokens: Token[], i: number, isKnownWord: (norm: string) => boolean): boolean {
  return (
    isBusinessNameWord(tokens[i], isKnownWord) ||
    (GREETING_SHOP_NAMES.has(tokens[i].norm) && BUSINESS_WORDS.has(tokens[i - 1]?.norm ?? ''))
  );
}

/**
 * Where a billing statement puts the client's name: "Invoice under X", "bill to X", "in the name
 * of X", "والفاتورة باسم X", "على اسم X", "عالحساب تبع X", "على حساب X". Returns the index the name
 * starts at and whether the cue is strong enough for a name without a business word.
 */
function billingNameAt(tokens: Token[], index: number): { from: number; strong: boolean } | null {
  const norm = tokens[index].norm;
  const next = tokens[index + 1]?.norm ?? '';
  const previous = tokens[index - 1]?.norm ?? '';
  if (NAME_MARKERS.has(norm)) return { from: index + 1, strong: true };
  // "من طرف X" (on behalf of X), "on behalf of X".
  if (norm === 'طرف' && previous === 'من') return { from: index + 1, strong: true };
  if (norm === 'behalf' && previous === 'on' && next === 'of') return { from: index + 2, strong: true };
  if (norm === 'اسم' && ON_WORDS.has(previous)) return { from: index + 1, strong: true };
  if (norm === 'name' && ['under', 'in', 'on', 'the'].includes(previous)) {
    return { from: index + (next === 'of' ? 2 : 1), strong: true };
  }
  if (!BILLING_NOUNS.has(norm)) return null;
  if (next === 'under' && tokens[index + 2]?.norm !== 'the') return { from: index + 2, strong: true };
  if (BILLING_LINKS.has(next)) return { from: index + 2, strong: true };
  if (['to', 'for', 'as', 'of'].includes(next)) return { from: index + 2, strong: false };
  if (ON_WORDS.has(previous) && tokens[index].arabic) return { from: index + 1, strong: true };
  return { from: index + 1, strong: false };
}

/**
 * The parts of a line set apart by dashes, commas, parentheses or a branch word (which starts a
 * part): token positions of each part, punctuation left out.
 */
function lineParts(tokens: Token[], indexes: number[]): number[][] {
  const parts: number[][] = [];
  let current: number[] = [];
  const flush = (): void => {
    if (current.length > 0) parts.push(current);
    current = [];
  };
  for (const i of indexes) {
    const token = tokens[i];
    // "… 5 3elab. Sayed Pharmacy": a full stop ends a part too, unless it closes "Est." or "Dr.".
    const stop =
      token.norm === '.' && !ABBREVIATIONS.has(tokens[i - 1]?.norm ?? '') && !TITLES.has(tokens[i - 1]?.norm ?? '');
    if (isDash(token) || stop || [',', '،', '(', ')', '|', '/'].includes(token.norm)) {
      flush();
      continue;
    }
    if (BRANCH_WORDS.has(token.norm)) flush();
    if (token.kind !== 'punct') current.push(i);
  }
  flush();
  return parts;
}

/** A part of a line that is only a business name: up to six name words, one of them a business word, not only those. */
function isBusinessPart(tokens: Token[], part: number[], isKnownWord: (norm: string) => boolean): boolean {
  // "محل الأمانة للمنظفات", "مؤسسة النور للأدوات الصحية": "لل…" after the name says the trade, in any words.
  const trade = part.findIndex((i, k) => k > 0 && tokens[i].arabic === true && /^لل.{3,}/.test(tokens[i].norm));
  const named = trade > 0 ? part.slice(0, trade) : part;
  return (
    part.length > 0 &&
    part.length <= 6 &&
    named.every((i) => isShopNameWord(tokens, i, isKnownWord)) &&
    part.every((i) => tokens[i].kind === 'word' && !isUnitWord(tokens[i].norm)) &&
    hasBusinessWord(tokens, { first: part[0], last: part[part.length - 1] }) &&
    !part.every((i) => BUSINESS_WORDS.has(tokens[i].norm))
  );
}

/** Titles before a name, often with a full stop ("Dr. Samer", "م. خالد العتيبي"). */
const TITLES = new Set([
  'dr',
  'eng',
  'engr',
  'mr',
  'mrs',
  'ms',
  'chef',
  'م',
  'د',
  'دكتور',
  'الدكتور',
  'مهندس',
  'المهندس',
]);

/** Politeness before a request ("please send", "kindly supply"). */
const POLITE = new Set(['please', 'pls', 'plz', 'kindly']);
/** Verbs that ask for goods after a business's name and "please". */
const SEND_VERBS = new Set(['send', 'supply', 'deliver', 'arrange']);

/** A unit word that is one on its own ("كرتون"; not "ل", a litre only after a figure). */
function isUnitWord(norm: string): boolean {
  const unit = lookupUnit(norm);
  return unit !== undefined && !unit.attachedOnly;
}

/** "here" after the sender's name: English, Levantine (hon, هون), Gulf (معك: "with you"). */
const HERE = new Set(['here', 'hon', 'هون', 'معك', 'm3ak', 'ma3ak']);

/** "PO# 88213", "Ref 4471", "#5521": a reference cue and its number. */
function isReference(tokens: Token[], part: number[]): boolean {
  const words = part.filter((i) => tokens[i].kind === 'word');
  const figures = part.filter((i) => tokens[i].kind === 'number' || tokens[i].kind === 'noise');
  return (
    figures.length > 0 &&
    words.length <= 1 &&
    words.every((i) => REFERENCE_CUES.has(tokens[i].norm) || ORDER_HEADERS.has(tokens[i].norm))
  );
}

/** Words that start a district or an area ("حي الملقا", "Olaya district" is a branch). */
const DISTRICT_CUES = new Set(['حي', 'منطقه', 'district', 'area', 'hay']);

/** "حي الملقا", "area Al Olaya": where the business is, up to four words. */
function isPlacePart(tokens: Token[], part: number[]): boolean {
  return part.length >= 2 && part.length <= 4 && DISTRICT_CUES.has(tokens[part[0]].norm);
}

/** One to three name words ("Fahad", "أبو جورج", "Purchasing"): the sender or a department. */
function isPersonPart(tokens: Token[], part: number[], isKnownWord: (norm: string) => boolean): boolean {
  return part.length >= 1 && part.length <= 3 && part.every((i) => isNameWord(tokens[i], isKnownWord));
}

interface Found {
  name: string;
  kind: 'business' | 'person';
  priority: number;
  consumed: number[];
  /**
   * An order header's name without a business word ("الطلب لمطبخ الفندق:", "Order for Rashid:"):
   * it gives way to a business named elsewhere in the message (a signature "– Dar Al Salam Hotel").
   */
  weak?: boolean;
}

function range(first: number, last: number): number[] {
  const out: number[] = [];
  for (let i = first; i <= last; i += 1) out.push(i);
  return out;
}

/** Finds the client statement of a message (see ClientResult). */
export function extractClient(tokens: Token[], text: string, isKnownWord: (norm: string) => boolean): ClientResult {
  const found: Found[] = [];
  /** A candidate named by the words of `span`, which takes the `consumed` tokens out of the order lines. */
  const add = (span: Span, kind: Found['kind'], priority: number, consumed: number[], weak?: boolean): void => {
    found.push({
      name: spanText(tokens, text, span),
      kind,
      priority,
      consumed,
      ...(weak === undefined ? {} : { weak }),
    });
  };
  const lines = [...new Set(tokens.map((token) => token.line))];

  // "من: X", "Client: X", also after a sentence on the same line ("… 5 كرتون بيبسي. المرسل: ماركت الأمل")
  for (const line of lines) {
    const start = lineStart(tokens, line);
    if (start < 0) continue;
    if (LABELS.has(tokens[start].norm) && tokens[start + 1]?.norm === ':') {
      const span = takeName(tokens, start + 2);
      if (span) {
        add(span, 'business', 1, lineIndexes(tokens, line));
      }
    }
  }
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    if (!previous || previous.line !== token.line || !['.', '!', '؟', '?'].includes(previous.norm)) return;
    if (!LABELS.has(token.norm) || tokens[index + 1]?.norm !== ':') return;
    const span = takeName(tokens, index + 2);
    if (span && tokens[span.first].line === token.line) add(span, 'business', 1, range(index, span.last));
  });

  // "Order for X:", "طلبية X:", "Order من X:", "Weekly order – X", and "X order - branch …",
  // also after a forwarding note set apart by a dash ("Fwd from rep Tariq – order for X, …").
  for (const line of lines) {
    const lineFirst = lineStart(tokens, line);
    if (lineFirst < 0) continue;
    const indexes = lineIndexes(tokens, line);
    // The header may follow a salutation set apart by a comma ("السادة المحترمين، نرفق طلب X:").
    const starts = [
      lineFirst,
      ...indexes.filter(
        (i) =>
          i > lineFirst &&
          (isDash(tokens[i - 1]) || [',', '،', '.', '!'].includes(tokens[i - 1].norm)) &&
          tokens[i].kind === 'word',
      ),
    ];
    // The header word first on the line (or after a dash), or after modifiers ("This is the order")
    // and up to three other words (the name: "Lulu order - …").
    let start = -1;
    let header = -1;
    for (const candidate of starts) {
      let at = candidate;
      let others = 0;
      let business = false;
      while (tokens[at]?.line === line && !ORDER_HEADERS.has(tokens[at].norm)) {
        // "Al Rawabi Est. order #5521": the full stop of an abbreviation.
        const stop = tokens[at].norm === '.' && ABBREVIATIONS.has(tokens[at - 1]?.norm ?? '');
        if (tokens[at].kind !== 'word' && !stop) break;
        if (tokens[at].kind === 'word' && !ORDER_MODIFIERS.has(tokens[at].norm)) others += 1;
        business ||= BUSINESS_WORDS.has(tokens[at].norm);
        // Up to three words of a name, five with a business word ("Lulu Hypermarket Al Khobar order:").
        if (others > (business ? 5 : 3)) break;
        at += 1;
      }
      if (tokens[at]?.line === line && ORDER_HEADERS.has(tokens[at].norm)) {
        start = candidate;
        header = at;
        break;
      }
    }
    if (header < 0) continue;
    const figures = indexes.some(
      (index) => tokens[index].kind === 'number' && !BRANCH_WORDS.has(tokens[index - 1]?.norm ?? ''),
    );
    if (figures && !indexes.some((index) => tokens[index].norm === ':')) continue;
    let from = header + 1;
    while (
      tokens[from]?.line === line &&
      (ORDER_MODIFIERS.has(tokens[from].norm) || (isDash(tokens[from]) && from === header + 1))
    ) {
      from += 1;
    }
    if (tokens[from] && ORDER_CONNECTORS.has(tokens[from].norm)) from += 1;
    while (tokens[from]?.line === line && (isDash(tokens[from]) || tokens[from].norm === ':')) from += 1;
    // Words before the header are modifiers ("Weekly order") or the name ("Lulu order - فرع …"),
    // any words with a business word ("Tea Time Cafeteria order:").
    const named = range(start, header - 1).filter(
      (i) => !ORDER_MODIFIERS.has(tokens[i].norm) && tokens[i].kind === 'word',
    );
    const businessNamed =
      named.some((i) => BUSINESS_WORDS.has(tokens[i].norm)) &&
      named.every((i) => !isUnitWord(tokens[i].norm) && !isNumberWord(tokens[i].norm));
    if (!businessNamed && !named.every((i) => isNameWord(tokens[i], isKnownWord))) continue;
    let span = tokens[from]?.line === line ? takeName(tokens, from) : null;
    if (span && STOPWORDS.has(tokens[span.first].norm) && !PERSON_PREFIXES.has(tokens[span.first].norm)) span = null;
    // "order for Thursday:": a day after the connector names no one.
    if (span && (WEEKDAYS.has(tokens[span.first].norm) || MONTHS.has(tokens[span.first].norm))) span = null;
    // "Order: Indomie ١٠ ctn": on a line with figures a name ends before a colon; what follows the
    // header's own colon is the order.
    const after = span;
    if (after && figures && !indexes.some((index) => tokens[index].norm === ':' && index > after.last)) span = null;
    if (!span && named.length > 0) span = { first: named[0], last: named[named.length - 1] };
    if (!span) continue;
    // "Order mn Ahmed - Cafe Dallah:": the business after the sender and a dash.
    if (!hasBusinessWord(tokens, span) && isDash(tokens[span.last + 1]) && tokens[span.last + 2]?.line === line) {
      const after = takeName(tokens, span.last + 2);
      if (after && hasBusinessWord(tokens, after)) span = after;
    }
    const end = Math.max(span.last, header);
    const colon = indexes.find((index) => tokens[index].norm === ':' && index > end);
    add(span, 'business', 2, colon !== undefined ? range(indexes[0], colon) : indexes, !hasBusinessWord(tokens, span));
  }

  // "This is Abu Khalid from Al Noor Supermarket", "ana 5alid min supermarket al noor",
  // "it's Rashid (Corner Store, Al Khobar)", "معك محمد من أسواق المزرعة"
  tokens.forEach((_token, index) => {
    const after = introAt(tokens, index);
    if (after < 0 || !tokens[after] || tokens[after].line !== tokens[index].line) return;
    const person = takeName(tokens, after, { stopAtFrom: true, maxWords: 4 });
    if (!person) return;
    const next = tokens[person.last + 1];
    if (next && FROM_WORDS.has(next.norm)) {
      const business = takeName(tokens, person.last + 2);
      if (business) {
        add(business, 'business', 3, range(index, business.last));
        return;
      }
    }
    // "أنا أبو رامي، محل ميني ماركت القدس": the business after the sender's name and a comma or dash.
    if (next && next.kind === 'punct' && [',', '،', '-', '–', '—'].includes(next.norm) && tokens[person.last + 2]) {
      const span = tokens[person.last + 2].line === next.line ? takeName(tokens, person.last + 2) : null;
      const business = span ? businessSpan(tokens, span, isKnownWord) : null;
      if (span && business) {
        add(business, 'business', 3, range(index, span.last));
        return;
      }
    }
    if (next && next.norm === '(') {
      const business = takeName(tokens, person.last + 2);
      if (business) {
        let close = business.last + 1;
        while (close < tokens.length && tokens[close].norm !== ')' && tokens[close].line === next.line) close += 1;
        add(business, 'business', 3, range(index, Math.min(close, tokens.length - 1)));
        return;
      }
    }
    const personWords = range(person.first, person.last).filter((i) => !STOPWORDS.has(tokens[i].norm));
    if (
      personWords.length > 0 &&
      personWords.length <= 3 &&
      !personWords.some((i) => isKnownWord(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm))
    ) {
      const business = hasBusinessWord(tokens, person);
      add(person, business ? 'business' : 'person', business ? 3 : 7, range(index, person.last));
    }
  });

  // "Invoice under Star Mini Mart", "والفاتورة باسم سوبر ماركت الهدى", "عالحساب تبع ميني ماركت الياسمين"
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    const cue = billingNameAt(tokens, index);
    if (!cue || !tokens[cue.from] || tokens[cue.from].line !== token.line) return;
    const span = takeName(tokens, cue.from);
    if (!span || !isNameWord(tokens[span.first], isKnownWord)) return;
    const business = hasBusinessWord(tokens, span);
    // "حساب أبو نايف": a kunya or a title names a person after any billing word.
    const named = cue.strong || isPersonWord(tokens[span.first].norm);
    if (!business && (!named || range(span.first, span.last).some((i) => !isNameWord(tokens[i], isKnownWord)))) return;
    // "… ع الحساب تبع X", "and on the account of X": the words leading into the cue go too.
    let first = index;
    while (first > 0 && tokens[first - 1].line === token.line && LEAD_INS.has(tokens[first - 1].norm)) first -= 1;
    add(span, business ? 'business' : 'person', business ? 2 : 4, range(first, span.last));
  });

  // "ازيك يا باشا، ماركت الحرمين محتاج …", "Al Noor Supermarket needs 5 ctn …": a business named
  // at the start of a sentence, right before a request.
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    const previous = tokens[index - 1];
    if (previous && previous.line === token.line && !(previous.kind === 'punct' && SENTENCE_MARKS.has(previous.norm)))
      return;
    const span = takeName(tokens, index);
    // "Bin Dayel Trading - please send:": a dash, a comma or a "please" may stand before the request.
    let at = span ? span.last + 1 : -1;
    while (
      at > 0 &&
      (isDash(tokens[at]) || [',', '،'].includes(tokens[at]?.norm ?? '') || POLITE.has(tokens[at]?.norm ?? ''))
    )
      at += 1;
    const request = span ? tokens[at] : undefined;
    if (
      !span ||
      !request ||
      request.line !== token.line ||
      !(REQUESTS.has(request.norm) || SEND_VERBS.has(request.norm))
    )
      return;
    const business = businessSpan(tokens, span, isKnownWord);
    if (!business) return;
    add(business, 'business', 4, range(index, span.last));
  });

  // "Faisal from Green Valley Grocery": from + a business name.
  tokens.forEach((token, index) => {
    if (!FROM_WORDS.has(token.norm)) return;
    // "from" + a name with a business word ("من مياه نوفا" names none), or a kunya ("from Abu Nasser:").
    const span = takeName(tokens, index + 1);
    if (!span) return;
    if (!hasBusinessWord(tokens, span)) {
      const words = range(span.first, span.last);
      if (
        KUNYA.has(tokens[span.first].norm) &&
        words.length >= 2 &&
        words.length <= 3 &&
        words.slice(1).every((i) => isNameWord(tokens[i], isKnownWord))
      )
        add(span, 'person', 7, range(index, span.last));
      return;
    }
    // The sender's name before "from" goes too, but never a quantity or a product.
    let first = index;
    while (
      first > 0 &&
      tokens[first - 1].line === token.line &&
      tokens[first - 1].kind === 'word' &&
      !lookupUnit(tokens[first - 1].norm) &&
      !isNumberWord(tokens[first - 1].norm) &&
      !isKnownWord(tokens[first - 1].norm)
    ) {
      first -= 1;
    }
    add(span, 'business', 4, range(first, span.last));
  });

  // "Imran, purchasing at Golden Fork Catering", "chef at Al Bustan Restaurant": where the sender
  // works; not a delivery place ("deliver at Al Noor Supermarket back gate").
  tokens.forEach((token, index) => {
    if (token.norm !== 'at' || token.kind !== 'word') return;
    for (let k = index - 1; k >= 0 && tokens[k].line === token.line && !isBreak(tokens[k]); k -= 1) {
      if (DELIVERY_CUES.has(tokens[k].norm)) return;
    }
    const span = takeName(tokens, index + 1);
    if (!span || STOPWORDS.has(tokens[span.first].norm) || !hasBusinessWord(tokens, span)) return;
    if (!range(span.first, span.last).every((i) => isBusinessNameWord(tokens[i], isKnownWord))) return;
    // The sender's role before "at" goes too ("purchasing", "head chef").
    let first = index;
    while (
      first > 0 &&
      tokens[first - 1].line === token.line &&
      tokens[first - 1].kind === 'word' &&
      isNameWord(tokens[first - 1], isKnownWord)
    ) {
      first -= 1;
    }
    add(span, 'business', 4, range(first, span.last));
  });

  // "… for Al Noor Supermarket", "الطلبية التالية لمؤسسة النور التجارية:"
  tokens.forEach((token, index) => {
    let span: Span | null = null;
    let skip = 0;
    if (token.norm === 'for' || token.norm === 'لـ' || token.norm === 'لل' || token.norm === 'للـ') {
      span = takeName(tokens, index + 1);
    } else if (token.arabic && token.norm.startsWith('ل') && BUSINESS_WORDS.has(token.norm.slice(1))) {
      span = takeName(tokens, index);
      skip = 1;
    }
    if (!span || STOPWORDS.has(tokens[span.first].norm) || (!skip && !hasBusinessWord(tokens, span))) return;
    const name = text.slice(tokens[span.first].start + skip, tokens[span.last].end).trim();
    found.push({ name, kind: 'business', priority: 5, consumed: range(index, span.last) });
  });

  // "send 5 ctn Pepsi to Al Rayyan Grocery": the shop the goods go to, when no other is named.
  tokens.forEach((token, index) => {
    if (token.norm !== 'to' || token.kind !== 'word') return;
    // The name's words, up to the first that is not one ("… to Al Rayyan Grocery tomorrow").
    let last = index;
    while (
      last - index < 6 &&
      tokens[last + 1]?.line === token.line &&
      tokens[last + 1].kind === 'word' &&
      !STOPWORDS.has(tokens[last + 1].norm) &&
      isBusinessNameWord(tokens[last + 1], isKnownWord)
    ) {
      last += 1;
    }
    const part = range(index + 1, last);
    if (!isBusinessPart(tokens, part, isKnownWord)) return;
    add({ first: index + 1, last }, 'business', 7, range(index, last));
  });

  // "مع تحيات مطعم الشرق", "Regards Al Safa Supermarket": a sign-off straight before a business.
  tokens.forEach((token, index) => {
    if (!THANKS.has(token.norm)) return;
    const span = takeName(tokens, index + 1);
    if (!span || tokens[span.first].line !== token.line || THANKS.has(tokens[span.first].norm)) return;
    if (!hasBusinessWord(tokens, span)) return;
    if (!range(span.first, span.last).every((i) => isBusinessNameWord(tokens[i], isKnownWord))) return;
    let first = index;
    if (first > 0 && tokens[first - 1].line === token.line && ['مع', 'with'].includes(tokens[first - 1].norm))
      first -= 1;
    add(span, 'business', 5, range(first, span.last));
  });

  // "Abu Faisal here", "Abu Ali hon", "أبو ناصر معك"
  tokens.forEach((token, index) => {
    if (!HERE.has(token.norm)) return;
    let first = index;
    while (first > 0 && tokens[first - 1].line === token.line && tokens[first - 1].kind === 'word') first -= 1;
    const words = range(first, index - 1).filter(
      (i) => !['hi', 'hello', 'salam', 'hey', 'its', 'im'].includes(tokens[i].norm),
    );
    if (words.length === 0 || words.length > 3) return;
    if (words.some((i) => STOPWORDS.has(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm))) return;
    if (words.some((i) => isKnownWord(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm))) return;
    add({ first: words[0], last: words[words.length - 1] }, 'person', 5, range(first, index));
  });

  // A signature: the last line "– Abu Turki", "- Ahmed, Al Waha Minimarket", or "Thanks, Al Safa Supermarket".
  const lastLine = [...lines]
    .reverse()
    .find((line) => lineIndexes(tokens, line).some((i) => tokens[i].kind === 'word'));
  if (lastLine !== undefined) {
    const indexes = lineIndexes(tokens, lastLine);
    let from = indexes.findIndex((i) => tokens[i].kind === 'word');
    // A sign-off line ("Regards,", "شكراً") right before the last line makes it a signature too.
    const previousLine = lines[lines.indexOf(lastLine) - 1];
    const previousWords =
      previousLine === undefined ? [] : lineIndexes(tokens, previousLine).filter((i) => tokens[i].kind === 'word');
    const afterSignOff =
      previousWords.length > 0 &&
      previousWords.every((i) => THANKS.has(tokens[i].norm) || STOPWORDS.has(tokens[i].norm));
    // "… ١٠ كرتون 🙏 - بو ناصر": a dash right after an emoji starts a signature inside the last line.
    let signatureAt = 0;
    for (let k = indexes.length - 3; k > from; k -= 1) {
      const [mark, dash, word] = [k, k + 1, k + 2].map((j) => tokens[indexes[j]!]!);
      if (mark!.norm === '•' && isDash(dash) && word!.kind === 'word') {
        signatureAt = k;
        from = k + 2;
        break;
      }
    }
    const dashed = (from > 0 && indexes.slice(0, from).some((i) => isDash(tokens[i]))) || afterSignOff;
    // "Thanks, X" at the end of the message (possibly after other sentences on the line).
    let thanksAt = -1;
    for (let k = indexes.length - 1; k >= 0; k -= 1) {
      const token = tokens[indexes[k]];
      if (THANKS.has(token.norm) && SIGN_OFF_MARKS.has(tokens[indexes[k] + 1]?.norm ?? '')) {
        thanksAt = k;
        break;
      }
    }
    if (thanksAt >= 0) from = thanksAt + 2;
    const body = indexes.slice(from);
    const clean = body.every(
      (i) => tokens[i].kind !== 'number' && !(lookupUnit(tokens[i].norm) && !lookupUnit(tokens[i].norm)?.attachedOnly),
    );
    const wordCount = body.filter((i) => tokens[i].kind === 'word').length;
    const isFirstLine = lastLine === lines[0];
    if (
      (dashed || thanksAt >= 0) &&
      clean &&
      wordCount > 0 &&
      wordCount <= 7 &&
      !(isFirstLine && !dashed && thanksAt < 0)
    ) {
      const parts: Span[] = [];
      let partStart = body[0];
      body.forEach((i, k) => {
        // Parts: "Ahmed, Al Waha Minimarket", "Mohammed – Al Rayyan Trading", "Bilal (Bilal Grocery)".
        const isComma = [',', '،', '(', ')'].includes(tokens[i].norm) || (isDash(tokens[i]) && i > body[0]);
        if (isComma) {
          if (i - 1 >= partStart) parts.push({ first: partStart, last: i - 1 });
          partStart = i + 1;
        }
        if (k === body.length - 1 && !isComma && i >= partStart) parts.push({ first: partStart, last: i });
      });
      // "– أبو فيصل، جوالات الصقر": after a kunya or a title, a last part of two words or more is the
      // business ("– Abu Ali, Riyadh" names a city).
      const lastPart = parts[parts.length - 1];
      const signedBy =
        parts.length >= 2 &&
        dashed &&
        isPersonWord(tokens[parts[0]!.first]!.norm) &&
        lastPart !== undefined &&
        lastPart.last > lastPart.first;
      const business = parts.find((part) => hasBusinessWord(tokens, part)) ?? (signedBy ? lastPart : undefined);
      const consumed =
        thanksAt >= 0 ? range(indexes[thanksAt], indexes[indexes.length - 1]) : indexes.slice(signatureAt);
      if (business) {
        add(business, 'business', 6, consumed);
      } else if (
        dashed &&
        !body.some(
          (i) => tokens[i].kind === 'word' && isKnownWord(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm),
        )
      ) {
        add({ first: body[0], last: body[body.length - 1] }, 'person', 8, consumed);
      }
    }
  }

  // A kunya alone on the last line, or in the last sentence, signs the message ("Abu Fahad",
  // "… لبن المراعي. أبو عبدالله"), with or without a dash ("Abu Kass" is rice: a catalogue word is
  // not a name).
  if (lastLine !== undefined) {
    const indexes = lineIndexes(tokens, lastLine);
    let from = 0;
    indexes.forEach((i, k) => {
      if (['.', '،', ',', '!'].includes(tokens[i].norm)) from = k + 1;
    });
    const body = indexes.slice(from).filter((i) => tokens[i].kind !== 'punct');
    if (
      (lastLine !== lines[0] || from > 0) &&
      body.length >= 2 &&
      body.length <= 3 &&
      KUNYA.has(tokens[body[0]].norm) &&
      body.slice(1).every((i) => isNameWord(tokens[i], isKnownWord) && !PERSON_PREFIXES.has(tokens[i].norm))
    ) {
      add({ first: body[0], last: body[body.length - 1] }, 'person', 8, indexes.slice(from));
    }
    // A full name alone on the last line, its family name a nisba ("محمد العتيبي", "Fahad Alharbi").
    const words = indexes.filter((i) => tokens[i].kind !== 'punct');
    if (
      lastLine !== lines[0] &&
      words.length === indexes.length &&
      words.length >= 2 &&
      words.length <= 3 &&
      words.every((i) => isNameWord(tokens[i], isKnownWord)) &&
      isNisba(tokens[words[words.length - 1]!]!.norm)
    ) {
      add({ first: words[0]!, last: words[words.length - 1]! }, 'person', 8, indexes);
    }
  }

  // A line that is only a business name, heading or signing a message of several lines
  // ("مؤسسة الفجر التجارية" under the list, "Al Safa Supermarket" above it), possibly with its
  // branch ("Al Hilal Supermarket - Olaya branch"), a reference ("PO# 88213 – Marina Hotel"), a
  // department ("(Purchasing)") or the sender ("Fahad - baqalat al jazeera", "مطعم ريف الشام - أبو جورج")
  // set apart by dashes, commas or parentheses.
  const wordLines = lines.filter((line) => lineIndexes(tokens, line).some((i) => tokens[i].kind === 'word'));
  if (wordLines.length > 1) {
    for (const line of new Set([wordLines[0], wordLines[wordLines.length - 1]])) {
      const indexes = lineIndexes(tokens, line);
      const parts = lineParts(tokens, indexes);
      const businessAt = parts.findIndex((part) => isBusinessPart(tokens, part, isKnownWord));
      if (businessAt < 0) continue;
      const branchAt = parts.findIndex((part) => part.some((i) => BRANCH_WORDS.has(tokens[i].norm)));
      const others = parts.filter((_part, k) => k !== businessAt && (branchAt < 0 || k < branchAt));
      if (branchAt >= 0 && branchAt < businessAt) continue;
      if (
        !others.every(
          (part) => isReference(tokens, part) || isPlacePart(tokens, part) || isPersonPart(tokens, part, isKnownWord),
        )
      )
        continue;
      const business = parts[businessAt];
      add({ first: business[0], last: business[business.length - 1] }, 'business', 6, indexes);
    }
  }

  // The message's last words set apart as a business, after the order on the same line
  // ("ابي 5 كراتين حليب، بقالة الريان", "… 3 bags sugar - Al Rayyan Grocery", "…, baqala al rayyan"),
  // possibly with its branch after it ("…، بقالة الريان فرع العليا").
  if (lastLine !== undefined) {
    const indexes = lineIndexes(tokens, lastLine);
    const parts = lineParts(tokens, indexes);
    let at = parts.length - 1;
    if (at > 0 && parts[at].some((i) => BRANCH_WORDS.has(tokens[i].norm))) at -= 1;
    const part = parts[at];
    if (at > 0 && isBusinessPart(tokens, part, isKnownWord)) {
      const separator = indexes.filter((i) => i < part[0] && tokens[i].kind === 'punct').pop() ?? part[0];
      add(
        { first: part[0], last: part[part.length - 1] },
        'business',
        6,
        range(separator, indexes[indexes.length - 1]),
      );
    }
  }

  const consumed = new Set<number>();
  for (const entry of found) for (const index of entry.consumed) consumed.add(index);
  const tier = (entry: Found): number => (entry.kind === 'person' ? 2 : entry.weak ? 1 : 0);
  const best = found.sort((a, b) => tier(a) - tier(b) || a.priority - b.priority)[0];
  return { name: best?.name || null, kind: best?.kind ?? null, consumed };
}
