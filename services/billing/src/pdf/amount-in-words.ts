/**
 * An amount in words, in English and in Arabic, as printed under an invoice's total:
 * 1235.50 SAR → "One thousand two hundred thirty-five riyals and fifty halalas" and
 * "ألف ومئتان وخمسة وثلاثون ريالاً وخمسون هللة". SAR and AED name their units; any other
 * currency code is written cheque-style ("… and 50/100 USD"). Amounts 0 to 999,999,999.99.
 *
 * Arabic grammar of the counted noun (تمييز العدد), for a noun of either gender:
 * 1 → noun + واحد/واحدة after it; 2 → the dual alone (ريالان); 3–10 → the number with the
 * opposite gender + the plural (ثلاثة ريالات، ثلاث هللات); 11–99 → the singular accusative
 * (أحد عشر ريالاً، إحدى عشرة هللة); round hundreds, thousands and millions → the singular
 * genitive after them (مئة ريال، مئتا ريال، ألفا ريال، عشرون ألف ريال). The last part of the
 * number decides: 1235 → "ألف ومئتان وخمسة وثلاثون ريالاً", 1003 → "ألف وثلاثة ريالات".
 */
export interface AmountInWords {
  en: string;
  ar: string;
}

/** Thrown for an amount that is not a plain decimal in 0–999,999,999.99. */
export class AmountInWordsError extends Error {
  constructor(amount: string) {
    super(`amount in words needs a decimal from 0 to 999999999.99 with at most 2 decimals, got "${amount}"`);
    this.name = 'AmountInWordsError';
  }
}

type Gender = 'masculine' | 'feminine';

/** The forms of a counted Arabic noun. */
export interface ArabicNoun {
  gender: Gender;
  singular: string;
  /** Nominative dual: ريالان. */
  dual: string;
  /** Dual in construct, before another noun: ألفا ريال. */
  dualConstruct: string;
  plural: string;
  /** Singular accusative (tamyeez of 11–99): ريالاً. */
  accusative: string;
}

interface CurrencyNames {
  en: { unit: [string, string]; subunit: [string, string] };
  ar: { unit: ArabicNoun; subunit: ArabicNoun };
}

const tanween = 'اً';

const noun = (gender: Gender, singular: string, dual: string, plural: string, accusative: string): ArabicNoun => ({
  gender,
  singular,
  dual,
  dualConstruct: dual.slice(0, -1),
  plural,
  accusative,
});

const thousand = noun('masculine', 'ألف', 'ألفان', 'آلاف', `ألف${tanween}`);
const million = noun('masculine', 'مليون', 'مليونان', 'ملايين', `مليون${tanween}`);

const currencies: Record<string, CurrencyNames> = {
  SAR: {
    en: { unit: ['riyal', 'riyals'], subunit: ['halala', 'halalas'] },
    ar: {
      unit: noun('masculine', 'ريال', 'ريالان', 'ريالات', `ريال${tanween}`),
      // The accusative tanween of a word ending in ة is a vowel mark only; unvoweled text writes هللة.
      subunit: noun('feminine', 'هللة', 'هللتان', 'هللات', 'هللة'),
    },
  },
  AED: {
    en: { unit: ['dirham', 'dirhams'], subunit: ['fils', 'fils'] },
    ar: {
      unit: noun('masculine', 'درهم', 'درهمان', 'دراهم', `درهم${tanween}`),
      subunit: noun('masculine', 'فلس', 'فلسان', 'فلوس', `فلس${tanween}`),
    },
  },
};

// ---- Arabic

/** 1–10 for a masculine counted noun (the number takes ة) and for a feminine one. */
const arabicUnits: Record<Gender, string[]> = {
  masculine: ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'],
  feminine: ['', 'واحدة', 'اثنتان', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع', 'ثماني', 'تسع', 'عشر'],
};
const arabicTens = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const arabicHundreds = ['', 'مئة', 'مئتان', 'ثلاثمئة', 'أربعمئة', 'خمسمئة', 'ستمئة', 'سبعمئة', 'ثمانمئة', 'تسعمئة'];
const and = ' و';

/** Hundreds directly before a noun: مئتا ريال, not مئتان ريال. */
function hundredsBeforeNoun(hundreds: number): string {
  return hundreds === 2 ? 'مئتا' : arabicHundreds[hundreds];
}

/** 1–99 as a number agreeing with a counted noun of `gender` (the noun itself not included). */
function arabicBelowHundred(value: number, gender: Gender): string {
  const masculine = gender === 'masculine';
  if (value <= 10) return arabicUnits[gender][value];
  if (value === 11) return masculine ? 'أحد عشر' : 'إحدى عشرة';
  if (value === 12) return masculine ? 'اثنا عشر' : 'اثنتا عشرة';
  if (value < 20) return `${arabicUnits[gender][value - 10]} ${masculine ? 'عشر' : 'عشرة'}`;
  const unit = value % 10;
  const tens = arabicTens[Math.floor(value / 10)];
  if (unit === 0) return tens;
  let unitWord = arabicUnits[gender][unit];
  if (unit === 1) unitWord = masculine ? 'واحد' : 'إحدى';
  if (unit === 8 && !masculine) unitWord = 'ثمان';
  return `${unitWord}${and}${tens}`;
}

/**
 * How the noun after a group reads: `counted` for the currency noun ending the phrase,
 * `construct` for a scale word followed directly by the currency noun (ألفا ريال, عشرون ألف ريال),
 * `standalone` for a scale word followed by more of the number or by nothing (ألفان وخمسمئة).
 */
type NounMode = 'counted' | 'construct' | 'standalone';

/** 1–999 of `counted` with the noun in the form the grammar gives it. */
function arabicGroup(value: number, counted: ArabicNoun, mode: NounMode): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const lead = hundreds > 0 ? `${arabicHundreds[hundreds]}${and}` : '';
  if (rest === 0) return `${hundredsBeforeNoun(hundreds)} ${counted.singular}`;
  if (rest === 1 || rest === 2) {
    // One and two: the noun itself carries the count (ريال واحد، ريالان، ألف، ألفان).
    const one = mode === 'counted' ? `${counted.singular} ${arabicUnits[counted.gender][1]}` : counted.singular;
    const two = mode === 'construct' ? counted.dualConstruct : counted.dual;
    const phrase = rest === 1 ? one : two;
    if (hundreds === 0) return phrase;
    // A scale word repeats after the hundreds, so that 101,000 cannot read as 100 + 1,000.
    return mode === 'counted'
      ? `${lead}${phrase}`
      : `${hundredsBeforeNoun(hundreds)} ${counted.singular}${and}${phrase}`;
  }
  const number = arabicBelowHundred(rest, counted.gender);
  if (rest <= 10) return `${lead}${number} ${counted.plural}`;
  return `${lead}${number} ${mode === 'construct' ? counted.singular : counted.accusative}`;
}

/** 1–999 as a bare masculine number (no counted noun). */
function arabicBareGroup(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts = [hundreds > 0 ? arabicHundreds[hundreds] : '', rest > 0 ? arabicBelowHundred(rest, 'masculine') : ''];
  return parts.filter(Boolean).join(and);
}

/** 0–999,999,999 in Arabic words, followed by `counted` in its grammatical form when given. */
export function arabicNumberWords(value: number, counted?: ArabicNoun): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999_999) throw new AmountInWordsError(String(value));
  if (value === 0) return counted ? `صفر ${counted.singular}` : 'صفر';
  const groups: Array<[number, ArabicNoun | null]> = [
    [Math.floor(value / 1_000_000), million],
    [Math.floor(value / 1000) % 1000, thousand],
    [value % 1000, null],
  ];
  const parts: string[] = [];
  groups.forEach(([count, scale], index) => {
    if (count === 0) return;
    const last = groups.slice(index + 1).every(([later]) => later === 0);
    if (scale) parts.push(arabicGroup(count, scale, last && counted ? 'construct' : 'standalone'));
    else parts.push(counted ? arabicGroup(count, counted, 'counted') : arabicBareGroup(count));
  });
  const words = parts.join(and);
  // Ending on a scale word: the noun follows it in the genitive singular (ألف ريال).
  return counted && value % 1000 === 0 ? `${words} ${counted.singular}` : words;
}

// ---- English

const englishSmall = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const englishTens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function englishGroup(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${englishSmall[hundreds]} hundred`);
  if (rest >= 20) {
    const unit = rest % 10;
    parts.push(englishTens[Math.floor(rest / 10)] + (unit ? `-${englishSmall[unit]}` : ''));
  } else if (rest > 0) {
    parts.push(englishSmall[rest]);
  }
  return parts.join(' ');
}

/** 0–999,999,999 in English words, lower case, no "and": "one thousand two hundred thirty-five". */
export function englishNumberWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999_999) throw new AmountInWordsError(String(value));
  if (value === 0) return 'zero';
  const parts: string[] = [];
  const millions = Math.floor(value / 1_000_000);
  const thousands = Math.floor(value / 1000) % 1000;
  const units = value % 1000;
  if (millions) parts.push(`${englishGroup(millions)} million`);
  if (thousands) parts.push(`${englishGroup(thousands)} thousand`);
  if (units) parts.push(englishGroup(units));
  return parts.join(' ');
}

// ---- Amounts

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function parseAmount(amount: string): { whole: number; cents: number } {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new AmountInWordsError(amount);
  return { whole: Number(match[1]), cents: Number((match[2] ?? '0').padEnd(2, '0')) };
}

/** `amount` ("1235.50", as the billing service formats money) in words for `currency` (ISO 4217). */
export function amountInWords(amount: string, currency: string): AmountInWords {
  const { whole, cents } = parseAmount(amount);
  const code = currency.trim().toUpperCase();
  const names = currencies[code];
  if (!names) {
    const fraction = `${String(cents).padStart(2, '0')}/100`;
    return {
      en: capitalise(`${englishNumberWords(whole)} and ${fraction} ${code}`),
      ar: `${arabicNumberWords(whole)}${and}${fraction} ${code}`,
    };
  }
  const english = (value: number, [one, many]: [string, string]): string =>
    `${englishNumberWords(value)} ${value === 1 ? one : many}`;
  const en: string[] = [];
  const ar: string[] = [];
  if (whole > 0 || cents === 0) {
    en.push(english(whole, names.en.unit));
    ar.push(arabicNumberWords(whole, names.ar.unit));
  }
  if (cents > 0) {
    en.push(english(cents, names.en.subunit));
    ar.push(arabicNumberWords(cents, names.ar.subunit));
  }
  return { en: capitalise(en.join(' and ')), ar: ar.join(and) };
}
