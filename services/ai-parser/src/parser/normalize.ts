/**
 * Text normalisation for the offline order parser: one place that knows how Arabic and Latin
 * text is folded before anything is compared.
 *
 * - `prepareText`: NFKC, vulgar fractions (½ → 0.5), invisible bidi and zero-width marks dropped,
 *   line endings unified. The result is the "original" text that token offsets point into.
 * - `normalizeWord`: the compared form of one word: lower case, Latin accents and Arabic tashkeel
 *   and tatweel dropped, alef forms (أ إ آ ٱ) → ا, ى → ي, ة → ه, ؤ → و, ئ → ي, Persian letter forms
 *   (ک ی گ پ چ ڤ) → Arabic, Arabic-Indic and Persian digits → 0-9, ٫ → '.', apostrophes dropped; a
 *   lone hamza (ء) dropped except at the end after an alef, where it tells words apart (ماء "water"
 *   vs ما "not", شراء, مساء, الرجاء).
 * - `skeleton`: a rough consonant key shared by Arabic script and Arabizi/English spellings
 *   ("7aleeb" and "حليب" → "hlb"), used only as a last-resort cross-script match.
 */

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u061C\u00AD]/g;
const VULGAR: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 0.125 };
const VULGAR_RE = /([0-9\u0660-\u0669\u06F0-\u06F9]+)?[ \t]?([½¼¾⅓⅔⅛])/g;

/** Arabic-Indic (U+0660) and Persian (U+06F0) digits to ASCII; ٫ to '.', ٬ dropped. */
export function toAsciiDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 0x660 && code <= 0x669) out += String.fromCharCode(48 + code - 0x660);
    else if (code >= 0x6f0 && code <= 0x6f9) out += String.fromCharCode(48 + code - 0x6f0);
    else if (code === 0x66b) out += '.';
    else if (code === 0x66c) continue;
    else out += char;
  }
  return out;
}

function formatFraction(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The text every later step works on (offsets of tokens point into it). */
export function prepareText(text: string): string {
  const fractions = text.replace(VULGAR_RE, (_match, whole: string | undefined, fraction: string) => {
    const base = whole ? Number(toAsciiDigits(whole)) : 0;
    const value = base + (VULGAR[fraction] ?? 0);
    return `${whole === undefined ? ' ' : ''}${formatFraction(value)}`;
  });
  return fractions.normalize('NFKC').replace(INVISIBLE, '').replace(/\r\n?/g, '\n');
}

const LETTER_FOLDS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ئ: 'ي',
  ى: 'ي',
  ة: 'ه',
  ک: 'ك',
  ی: 'ي',
  ې: 'ي',
  گ: 'ك',
  پ: 'ب',
  چ: 'ج',
  ڤ: 'ف',
  ژ: 'ز',
  ۀ: 'ه',
  ہ: 'ه',
  ھ: 'ه',
  ء: '',
};

/** Arabic tashkeel (incl. hamza/madda above and below), superscript alef, Quranic marks, tatweel. */
function isArabicMark(code: number): boolean {
  return (code >= 0x64b && code <= 0x65f) || code === 0x670 || code === 0x640 || (code >= 0x6d6 && code <= 0x6ed);
}

/** The compared form of a word (see the module comment). */
export function normalizeWord(word: string): string {
  // Accented Latin letters lose their accents through NFD (input is NFKC: precomposed).
  const text = /[\u00c0-\u024f]/.test(word) ? word.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : word;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (code >= 65 && code <= 90) out += String.fromCharCode(code + 32);
      else if (char !== "'" && char !== '`') out += char;
    } else if (code >= 0x660 && code <= 0x669) out += String.fromCharCode(48 + code - 0x660);
    else if (code >= 0x6f0 && code <= 0x6f9) out += String.fromCharCode(48 + code - 0x6f0);
    else if (code === 0x66b) out += '.';
    else if (code === 0x66c || isArabicMark(code) || (code >= 0x300 && code <= 0x36f)) continue;
    else if (code === 0x2019 || code === 0x2bc || code === 0xb4) continue;
    else if (char === 'ء' && out.endsWith('ا') && isWordEnd(text, i + 1)) out += char;
    else {
      const folded = LETTER_FOLDS[char];
      out += folded ?? char.toLowerCase();
    }
  }
  return out;
}

/** Only tashkeel (or nothing) follows `from`. */
function isWordEnd(text: string, from: number): boolean {
  for (let i = from; i < text.length; i += 1) if (!isArabicMark(text.charCodeAt(i))) return false;
  return true;
}

export function hasArabic(text: string): boolean {
  return /[\u0621-\u064a\u066e-\u06d3]/.test(text);
}

/**
 * The normalised phrase a client's wording is remembered under (client memory): words
 * normalised, punctuation dropped, spaces collapsed. Call it on the text you store.
 */
export function normalizePhrase(text: string): string {
  return prepareText(text)
    .split(/[^\p{L}\p{N}.'’]+/u)
    .map((word) => normalizeWord(word).replace(/^\.+|\.+$/g, ''))
    .filter((word) => word.length > 0)
    .join(' ');
}

/** Normalisation of names for the eval's alignment rule (README: NFKC, case-fold, tashkeel/tatweel out, spaces). */
export function normalizeNameForScoring(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Cross-script consonant skeleton
// ---------------------------------------------------------------------------------------------

const ARABIC_SKELETON: Record<string, string> = {
  ب: 'b',
  ت: 't',
  ط: 't',
  ث: 't',
  ج: 'j',
  ح: 'h',
  ه: 'h',
  خ: 'x',
  د: 'd',
  ض: 'd',
  ذ: 'd',
  ظ: 'd',
  ر: 'r',
  ز: 'z',
  س: 's',
  ص: 's',
  ش: 'c',
  غ: 'k',
  ف: 'f',
  ق: 'k',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
};

/**
 * Consonant skeleton: vowels (and ا و ي inside a word, ع, hamza) dropped, letters merged into
 * sound classes, doubled letters collapsed, a final ه (ta marbuta, written so once normalised) and
 * a final h after a vowel dropped; "kh" is خ, as "5" is.
 */
export function skeleton(word: string): string {
  const classes: string[] = [];
  if (/[\u0621-\u064a]/.test(word)) {
    const letters = [...word];
    letters.forEach((char, index) => {
      if ((char === 'و' || char === 'ي') && index === 0) classes.push(char === 'و' ? 'w' : 'y');
      else if (char === 'ه' && index === letters.length - 1 && index > 1) {
        /* ta marbuta or a silent final h */
      } else {
        const mapped = ARABIC_SKELETON[char];
        if (mapped) classes.push(mapped);
      }
    });
  } else {
    let text = word
      .toLowerCase()
      .replace(/kh/g, '5')
      .replace(/sh|ch/g, 'S')
      .replace(/th|dh/g, 't')
      .replace(/gh/g, 'k')
      .replace(/ph/g, 'f');
    text = text.replace(/[aeiou]h$/, (match) => match[0]);
    [...text].forEach((char, index) => {
      if ('aeiou'.includes(char)) return;
      if ((char === 'w' || char === 'y') && index > 0) return;
      const mapped: Record<string, string> = {
        '7': 'h',
        '5': 'x',
        '6': 't',
        '8': 'k',
        '9': 's',
        q: 'k',
        g: 'k',
        c: 'k',
        S: 'c',
        p: 'b',
        v: 'f',
        x: 'ks',
      };
      if (char === '2' || char === '3') return;
      if (/[0-9]/.test(char) && !mapped[char]) return;
      classes.push(mapped[char] ?? char);
    });
  }
  return classes.filter((value, index) => index === 0 || value !== classes[index - 1]).join('');
}
