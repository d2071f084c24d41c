import type { Token } from './tokens.js';
import { isMeasureKind, lookupUnit } from './units.js';

/**
 * Number words in English, Arabic (MSA and the Gulf, Egyptian and Levantine forms) and Arabizi,
 * in normalised spelling (see normalizeWord: ة → ه, ى → ي, hamza forms folded).
 */
const UNITS: Array<[number, string[]]> = [
  [1, ['one', 'واحد', 'واحده', 'وحده', 'wa7ed', 'wahed', 'wahid', 'wa7id', 'wa7da', 'wahda', 'wahdeh', 'wa7deh']],
  [
    2,
    [
      'two',
      'اثنا',
      'اثنين',
      'اثنان',
      'اثنتين',
      'اثنتان',
      'ثنين',
      'اتنين',
      'تنين',
      'زوج',
      'ithnain',
      'ithnein',
      'ithnen',
      'itnain',
      'itnen',
      'etnen',
      'etneen',
      'tnen',
      'tneen',
      'thnain',
      'thnen',
      'ethnain',
    ],
  ],
  [
    3,
    [
      'three',
      'ثلاث',
      'ثلاثه',
      'تلات',
      'تلاته',
      'ثلاثه',
      'thalath',
      'thalatha',
      'talat',
      'tlat',
      'tlata',
      'talata',
      'tlateh',
    ],
  ],
  [4, ['four', 'اربع', 'اربعه', 'arba', 'arba3', 'arba3a', 'arbaa', 'arb3a', 'arba3ah']],
  [5, ['five', 'خمس', 'خمسه', 'khamsa', 'khams', '5amsa', '5ams', 'khamseh', '5amseh']],
  [6, ['six', 'ست', 'سته', 'sitta', 'sit', 'setta', 'sitteh']],
  [7, ['seven', 'سبع', 'سبعه', 'sab3a', 'saba', 'sab3', 'sabaa', 'sab3ah']],
  [
    8,
    [
      'eight',
      'ثمان',
      'ثماني',
      'ثمانيه',
      'ثمنيه',
      'تمان',
      'تماني',
      'تمانيه',
      'tamanya',
      'thamanya',
      'thamaniya',
      'tmanyeh',
    ],
  ],
  [9, ['nine', 'تسع', 'تسعه', 'tis3a', 'tes3a', 'tis3', 'tesa', 'tis3ah']],
  [10, ['ten', 'عشر', 'عشره', '3ashara', 'ashara', '3ashra', 'ashra', '3ashr', '3asharah', 'ashrah']],
  // Teens: MSA, Gulf and Levantine (-طعش, -تعش), Egyptian (-تاشر, -اشر) and their Arabizi spellings.
  [
    11,
    [
      'eleven',
      'احدعش',
      'احدعشر',
      'حداشر',
      'احداشر',
      'حدعش',
      'ادعش',
      'hda3sh',
      '7da3sh',
      'hdaash',
      '7edashar',
      'hedashar',
      'hidashar',
      '7idashar',
      'ida3sh',
      '7ida3sh',
      'hida3sh',
    ],
  ],
  [
    12,
    [
      'twelve',
      'اثنعش',
      'اثنعشر',
      'اثناعشر',
      'اطناشر',
      'اتناشر',
      'تناشر',
      'اثناشر',
      'طنعش',
      'اطنعش',
      'تنعش',
      'اتنعش',
      'ثنعش',
      'ithna3sh',
      'itna3sh',
      'tna3sh',
      'etna3sh',
      'tnaash',
      'etnashar',
      'itnashar',
      'etnasher',
      'tnashar',
      'itnasher',
    ],
  ],
  [
    13,
    [
      'thirteen',
      'ثلاثطعش',
      'ثلطعش',
      'تلتاشر',
      'ثلاثتعش',
      'تلطعش',
      'تلتعش',
      'talatashar',
      'tlatashar',
      'tlata3sh',
      'tlatta3sh',
      'thalatta3sh',
    ],
  ],
  [14, ['fourteen', 'اربعطعش', 'اربعتاشر', 'اربعتعش', 'arba3tashar', 'arbatashar', 'arba3ta3sh', 'arbata3sh']],
  [
    15,
    [
      'fifteen',
      'خمسطعش',
      'خمستاشر',
      'خمستعش',
      'خمسطاشر',
      'khamsta3sh',
      '5amsta3sh',
      'khamastashar',
      '5amastashar',
      'khamasta3sh',
      '5amasta3sh',
    ],
  ],
  [16, ['sixteen', 'ستطعش', 'ستاشر', 'سطعش', 'ستعش', 'سطاشر', 'sitta3sh', 'setta3sh', 'settashar', 'sittashar']],
  [17, ['seventeen', 'سبعطعش', 'سبعتاشر', 'سبعتعش', 'saba3tashar', 'sab3ta3sh', 'saba3ta3sh']],
  [18, ['eighteen', 'ثمنطعش', 'تمنتاشر', 'ثمانطعش', 'تمنطعش', 'تمنتعش', 'tamantashar', 'tmanta3sh', 'thamanta3sh']],
  [19, ['nineteen', 'تسعطعش', 'تسعتاشر', 'تسعتعش', 'tes3atashar', 'tis3ta3sh', 'tesa3tashar', 'tis3tashar']],
];

const TENS: Array<[number, string[]]> = [
  [20, ['twenty', 'عشرين', 'عشرون', '3ishreen', '3eshreen', 'ishreen', 'eshreen', '3ishrin', 'ishrin']],
  [30, ['thirty', 'ثلاثين', 'تلاتين', 'ثلاثون', 'thalatheen', 'talateen', 'tlateen']],
  [40, ['forty', 'اربعين', 'اربعون', 'arb3een', 'arba3een', 'arbaeen']],
  [50, ['fifty', 'خمسين', 'خمسون', 'khamseen', '5amseen']],
  [60, ['sixty', 'ستين', 'ستون', 'sitteen']],
  [70, ['seventy', 'سبعين', 'سبعون', 'sab3een']],
  [80, ['eighty', 'ثمانين', 'تمانين', 'ثمانون', 'thamaneen', 'tamaneen']],
  [90, ['ninety', 'تسعين', 'تسعون', 'tis3een']],
];

const HUNDREDS: Array<[number, string[]]> = [
  [100, ['hundred', 'ميه', 'مايه', 'مييه', 'miya', 'mia', 'meya', 'miyeh']],
  [200, ['ميتين', 'مايتين', 'mitain', 'miteen']],
];

const FRACTIONS: Array<[number, string[]]> = [
  [0.5, ['half', 'نص', 'نصف', 'nos', 'nus', 'nuss', 'noss', 'nusf']],
  [0.25, ['quarter', 'ربع', 'rub3', 'rob3', 'rubu3', 'roba']],
  [1 / 3, ['third', 'ثلث', 'tholth', 'tult']],
];

function table(entries: Array<[number, string[]]>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [value, words] of entries) for (const word of words) map.set(word, value);
  return map;
}

const unitWords = table(UNITS);
const tenWords = table(TENS);
const hundredWords = table(HUNDREDS);
const fractionWords = table(FRACTIONS);
/** Articles that stand for 1 before a unit word ("a carton", "a dozen"). */
const ARTICLES = new Set(['a', 'an']);
const AND_WORDS = new Set(['and', 'و', 'w', 'wa', 'we', '&']);
/** The decimal point said aloud: "one point five", "واحد فاصل خمسة". */
const POINT_WORDS = new Set(['point', 'فاصل', 'فاصله', 'fasel', 'fasil', 'fasle']);
const ZERO_WORDS = new Set(['zero', 'oh', 'صفر', 'sifr', 'sefr']);

/**
 * The decimals after a spoken point: digits ("1 point 25") or digit words said one by one
 * ("five", "two five", "zero five"); null when there are none.
 */
function readDecimals(tokens: Token[], index: number): { fraction: number; end: number } | null {
  const first = tokens[index];
  if (first?.kind === 'number' && /^\d+$/.test(first.norm)) {
    return { fraction: Number(`0.${first.norm}`), end: index + 1 };
  }
  let digits = '';
  let end = index;
  for (;;) {
    const token = tokens[end];
    if (!token || token.kind !== 'word') break;
    const value = ZERO_WORDS.has(token.norm) ? 0 : unitWords.get(token.norm);
    if (value === undefined || value > 9) break;
    digits += String(value);
    end += 1;
  }
  return digits ? { fraction: Number(`0.${digits}`), end } : null;
}

export function isNumberWord(norm: string): boolean {
  return unitWords.has(norm) || tenWords.has(norm) || hundredWords.has(norm) || fractionWords.has(norm);
}

export function isFractionWord(norm: string): boolean {
  return fractionWords.has(norm);
}

export function fractionValue(norm: string): number | undefined {
  return fractionWords.get(norm);
}

export function isArticle(norm: string): boolean {
  return ARTICLES.has(norm);
}

/** Words for a thousand after a figure ("٢٠ ألف"). */
const THOUSANDS = new Set(['الف', 'الاف', 'alf', 'alaf', 'thousand']);

export interface NumberRead {
  value: number;
  /** Index after the last token read. */
  end: number;
  /** The number was written in words (or was an article). */
  words: boolean;
  /** Only a fraction word ("half", "نص"): it may continue a previous number ("كيلو ونص"). */
  fractionOnly: boolean;
}

function wordValue(token: Token | undefined): { value: number; kind: 'unit' | 'ten' | 'hundred' | 'fraction' } | null {
  if (!token || token.kind !== 'word') return null;
  const norm = token.norm;
  if (unitWords.has(norm)) return { value: unitWords.get(norm) as number, kind: 'unit' };
  if (tenWords.has(norm)) return { value: tenWords.get(norm) as number, kind: 'ten' };
  if (hundredWords.has(norm)) return { value: hundredWords.get(norm) as number, kind: 'hundred' };
  if (fractionWords.has(norm)) return { value: fractionWords.get(norm) as number, kind: 'fraction' };
  return null;
}

function isAnd(token: Token | undefined): boolean {
  return token !== undefined && (token.kind === 'word' || token.kind === 'punct') && AND_WORDS.has(token.norm);
}

/**
 * Reads a number written in digits or words at `index`: "12", "twelve", "twenty five",
 * "خمسه وعشرين", "one and a half", "2 and a half", "half a", "نص". Returns null when there is none.
 * Articles ("a", "an") are left to the caller (they count only before a unit word).
 */
export function readNumber(tokens: Token[], index: number): NumberRead | null {
  const first = tokens[index];
  if (!first) return null;
  let value: number;
  let end: number;
  let words = false;
  if (first.kind === 'number' && first.value !== undefined) {
    value = first.value;
    end = index + 1;
  } else {
    // "سكري الثلاث كيلو", "الزيت الخمسة لتر": a number word with the article names a size
    // ("the three-kilo one"), read only before a weight or volume ("الاثنين" alone is Monday).
    const plain = wordValue(first);
    const definite = plain === null && first.arabic === true && first.norm.startsWith('ال') && first.norm.length > 3;
    const head = definite ? wordValue({ ...first, norm: first.norm.slice(2) }) : plain;
    if (!head) return null;
    if (definite) {
      const unit = tokens[index + 1]?.kind === 'word' ? lookupUnit(tokens[index + 1].norm) : undefined;
      if (head.kind !== 'unit' && head.kind !== 'ten') return null;
      if (!unit || !isMeasureKind(unit.kind)) return null;
      return { value: head.value, end: index + 1, words: true, fractionOnly: false };
    }
    words = true;
    if (head.kind === 'fraction') {
      // "half a (kilo)", "نص (كيلو)"
      end = index + 1;
      if (tokens[end]?.kind === 'word' && ARTICLES.has(tokens[end].norm)) end += 1;
      return { value: head.value, end, words, fractionOnly: true };
    }
    value = head.value;
    end = index + 1;
    // "two hundred", "twenty five", "twenty-five", "خمسه وعشرين", "ميه وخمسين"
    for (;;) {
      const next = tokens[end];
      const nextValue = wordValue(next);
      if (nextValue?.kind === 'hundred' && value < 10 && nextValue.value === 100) {
        value *= 100;
        end += 1;
        continue;
      }
      // MSA teens: "خمسة عشر" (15), "اثنا عشر" (12)
      if (nextValue?.value === 10 && next?.arabic && value < 10) {
        value += 10;
        end += 1;
        continue;
      }
      if (nextValue && nextValue.kind !== 'fraction' && nextValue.value < value && value >= 20) {
        value += nextValue.value;
        end += 1;
        continue;
      }
      if (next?.kind === 'punct' && next.norm === '-' && wordValue(tokens[end + 1])?.kind === 'unit' && value >= 20) {
        value += (wordValue(tokens[end + 1]) as { value: number }).value;
        end += 2;
        continue;
      }
      if (isAnd(next)) {
        const after = wordValue(tokens[end + 1]);
        if (
          after &&
          after.kind !== 'fraction' &&
          (after.kind === 'ten' || after.kind === 'hundred') &&
          value < after.value
        ) {
          value += after.value;
          end += 2;
          continue;
        }
        if (after && after.kind !== 'fraction' && value >= 100 && after.value < 100) {
          value += after.value;
          end += 2;
          continue;
        }
      }
      break;
    }
  }
  // "٢٠ ألف", "30 alf", "3 آلاف": thousands (a power bank's 20000 mAh, said as Gulf shops say it).
  if (tokens[end]?.kind === 'word' && THOUSANDS.has(tokens[end].norm)) {
    return { value: value * 1000, end: end + 1, words, fractionOnly: false };
  }
  // "one point five" (1.5), "two point two five" (2.25): a size or a weight said aloud.
  if (Number.isInteger(value) && tokens[end]?.kind === 'word' && POINT_WORDS.has(tokens[end].norm)) {
    const decimals = readDecimals(tokens, end + 1);
    if (decimals) return { value: value + decimals.fraction, end: decimals.end, words: true, fractionOnly: false };
  }
  // "... and a half", "... and half", "... ونص", "1 w nos" (but not "w nos darzan": that is a new number)
  const and = tokens[end];
  if (isAnd(and)) {
    let at = end + 1;
    if (tokens[at]?.kind === 'word' && ARTICLES.has(tokens[at].norm)) at += 1;
    const fraction = wordValue(tokens[at]);
    if (fraction?.kind === 'fraction') {
      return { value: value + fraction.value, end: at + 1, words, fractionOnly: false };
    }
  }
  return { value, end, words, fractionOnly: false };
}
