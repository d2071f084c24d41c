import { BUSINESS_WORDS, FROM_WORDS, INTRO_CUES, STOPWORDS } from './lexicon.js';
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
]);
const ORDER_HEADERS = new Set(['order', 'طلبيه', 'طلب', 'الطلب', 'الطلبيه', 'طلبية']);
const ORDER_CONNECTORS = new Set(['for', 'from', 'of', 'by', 'من', 'ل', 'لـ', 'حق', 'حقت', 'الى', 'الي']);
const THANKS = new Set([
  'thanks',
  'thank',
  'regards',
  'best',
  'kind',
  'cheers',
  'شكرا',
  'تحياتي',
  'مع',
  'الشكر',
  'shukran',
]);
/** Words that end a name: requests, branch numbers, conjunctions before an order. */
const NAME_STOPS = new Set([
  'need',
  'needs',
  'want',
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
const PERSON_PREFIXES = new Set(['abu', 'ابو', 'bin', 'بن', 'al', 'ال', 'um', 'ام', 'umm']);

interface Span {
  first: number;
  last: number;
}

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

function spanText(tokens: Token[], text: string, span: Span): string {
  return text
    .slice(tokens[span.first].start, tokens[span.last].end)
    .replace(/^[\s\-–—~•*:,،.]+|[\s\-–—~•*:,،.]+$/g, '')
    .trim();
}

function hasBusinessWord(tokens: Token[], span: Span): boolean {
  for (let i = span.first; i <= span.last; i += 1) if (BUSINESS_WORDS.has(tokens[i].norm)) return true;
  return false;
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

interface Found {
  name: string;
  kind: 'business' | 'person';
  priority: number;
  consumed: number[];
}

function range(first: number, last: number): number[] {
  const out: number[] = [];
  for (let i = first; i <= last; i += 1) out.push(i);
  return out;
}

/** Finds the client statement of a message (see ClientResult). */
export function extractClient(tokens: Token[], text: string, isKnownWord: (norm: string) => boolean): ClientResult {
  const found: Found[] = [];
  const lines = [...new Set(tokens.map((token) => token.line))];

  // "من: X", "Client: X"
  for (const line of lines) {
    const start = lineStart(tokens, line);
    if (start < 0) continue;
    if (LABELS.has(tokens[start].norm) && tokens[start + 1]?.norm === ':') {
      const span = takeName(tokens, start + 2);
      if (span) {
        found.push({
          name: spanText(tokens, text, span),
          kind: 'business',
          priority: 1,
          consumed: lineIndexes(tokens, line),
        });
      }
    }
  }

  // "Order for X:", "طلبية X:", "Order من X:"
  for (const line of lines) {
    const start = lineStart(tokens, line);
    if (start < 0 || !ORDER_HEADERS.has(tokens[start].norm)) continue;
    const indexes = lineIndexes(tokens, line);
    if (indexes.some((index) => tokens[index].kind === 'number' && tokens[index - 1]?.norm !== 'branch')) {
      const colon = indexes.find((index) => tokens[index].norm === ':');
      if (colon === undefined) continue;
    }
    let from = start + 1;
    if (tokens[from] && ORDER_CONNECTORS.has(tokens[from].norm)) from += 1;
    if (!tokens[from] || tokens[from].line !== line) continue;
    const span = takeName(tokens, from);
    if (!span) continue;
    const colon = indexes.find((index) => tokens[index].norm === ':' && index > span.last);
    found.push({
      name: spanText(tokens, text, span),
      kind: 'business',
      priority: 2,
      consumed: colon !== undefined ? range(indexes[0], colon) : indexes,
    });
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
        found.push({
          name: spanText(tokens, text, business),
          kind: 'business',
          priority: 3,
          consumed: range(index, business.last),
        });
        return;
      }
    }
    if (next && next.norm === '(') {
      const business = takeName(tokens, person.last + 2);
      if (business) {
        let close = business.last + 1;
        while (close < tokens.length && tokens[close].norm !== ')' && tokens[close].line === next.line) close += 1;
        found.push({
          name: spanText(tokens, text, business),
          kind: 'business',
          priority: 3,
          consumed: range(index, Math.min(close, tokens.length - 1)),
        });
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
      found.push({
        name: spanText(tokens, text, person),
        kind: business ? 'business' : 'person',
        priority: business ? 3 : 7,
        consumed: range(index, person.last),
      });
    }
  });

  // "Faisal from Green Valley Grocery": from + a business name.
  tokens.forEach((token, index) => {
    if (!FROM_WORDS.has(token.norm)) return;
    // "from" + a name with a business word ("من مياه نوفا" names none).
    const span = takeName(tokens, index + 1);
    if (!span || !hasBusinessWord(tokens, span)) return;
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
    found.push({
      name: spanText(tokens, text, span),
      kind: 'business',
      priority: 4,
      consumed: range(first, span.last),
    });
  });

  // "… for Al Noor Supermarket", "الطلبية التالية لمؤسسة النور التجارية:"
  tokens.forEach((token, index) => {
    let span: Span | null = null;
    let skip = 0;
    if (token.norm === 'for' || token.norm === 'لـ') {
      span = takeName(tokens, index + 1);
    } else if (token.arabic && token.norm.startsWith('ل') && BUSINESS_WORDS.has(token.norm.slice(1))) {
      span = takeName(tokens, index);
      skip = 1;
    }
    if (!span || STOPWORDS.has(tokens[span.first].norm) || (!skip && !hasBusinessWord(tokens, span))) return;
    const name = text.slice(tokens[span.first].start + skip, tokens[span.last].end).trim();
    found.push({ name, kind: 'business', priority: 5, consumed: range(index, span.last) });
  });

  // "Abu Faisal here"
  tokens.forEach((token, index) => {
    if (token.norm !== 'here') return;
    let first = index;
    while (first > 0 && tokens[first - 1].line === token.line && tokens[first - 1].kind === 'word') first -= 1;
    const words = range(first, index - 1).filter(
      (i) => !['hi', 'hello', 'salam', 'hey', 'its', 'im'].includes(tokens[i].norm),
    );
    if (words.length === 0 || words.length > 3) return;
    if (words.some((i) => STOPWORDS.has(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm))) return;
    if (words.some((i) => isKnownWord(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm))) return;
    found.push({
      name: spanText(tokens, text, { first: words[0], last: words[words.length - 1] }),
      kind: 'person',
      priority: 5,
      consumed: range(first, index),
    });
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
    const dashed = (from > 0 && indexes.slice(0, from).some((i) => isDash(tokens[i]))) || afterSignOff;
    // "Thanks, X" at the end of the message (possibly after other sentences on the line).
    let thanksAt = -1;
    for (let k = indexes.length - 1; k >= 0; k -= 1) {
      const token = tokens[indexes[k]];
      if (THANKS.has(token.norm) && [',', '،'].includes(tokens[indexes[k] + 1]?.norm ?? '')) {
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
        const isComma = tokens[i].norm === ',' || tokens[i].norm === '،' || (isDash(tokens[i]) && i > body[0]);
        if (isComma) {
          if (i - 1 >= partStart) parts.push({ first: partStart, last: i - 1 });
          partStart = i + 1;
        }
        if (k === body.length - 1 && !isComma && i >= partStart) parts.push({ first: partStart, last: i });
      });
      const business = parts.find((part) => hasBusinessWord(tokens, part));
      const consumed = thanksAt >= 0 ? range(indexes[thanksAt], indexes[indexes.length - 1]) : indexes;
      if (business) {
        found.push({ name: spanText(tokens, text, business), kind: 'business', priority: 6, consumed });
      } else if (
        dashed &&
        !body.some(
          (i) => tokens[i].kind === 'word' && isKnownWord(tokens[i].norm) && !PERSON_PREFIXES.has(tokens[i].norm),
        )
      ) {
        found.push({
          name: spanText(tokens, text, { first: body[0], last: body[body.length - 1] }),
          kind: 'person',
          priority: 8,
          consumed,
        });
      }
    }
  }

  const consumed = new Set<number>();
  for (const entry of found) for (const index of entry.consumed) consumed.add(index);
  const best = found.sort((a, b) => (a.kind === b.kind ? a.priority - b.priority : a.kind === 'business' ? -1 : 1))[0];
  return { name: best?.name || null, kind: best?.kind ?? null, consumed };
}
