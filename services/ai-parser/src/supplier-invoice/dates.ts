/**
 * Dates as printed on Gulf invoices: dd/mm/yyyy (also with - or .), yyyy-mm-dd, "20 Nov 2026",
 * "Nov 20, 2026", "20 نوفمبر 2026", month/year expiries ("EXP 12/2026" → the month's last day),
 * in Latin or Arabic-Indic digits. Hijri dates (a year from 1300 to 1500, or marked هـ / AH)
 * are recognised and skipped, never read as Gregorian ones.
 */

export interface FoundDate {
  /** yyyy-mm-dd, or null for a Hijri date. */
  iso: string | null;
  hijri: boolean;
  /** Offsets of the match in the (digit-normalised) text. */
  start: number;
  end: number;
  /** Only month and year were printed (an expiry like 12/2026). */
  monthOnly: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
  يناير: 1,
  فبراير: 2,
  مارس: 3,
  ابريل: 4,
  أبريل: 4,
  إبريل: 4,
  مايو: 5,
  يونيو: 6,
  يونيه: 6,
  يوليو: 7,
  يوليه: 7,
  اغسطس: 8,
  أغسطس: 8,
  سبتمبر: 9,
  اكتوبر: 10,
  أكتوبر: 10,
  نوفمبر: 11,
  ديسمبر: 12,
  'كانون الثاني': 1,
  شباط: 2,
  آذار: 3,
  نيسان: 4,
  أيار: 5,
  حزيران: 6,
  تموز: 7,
  آب: 8,
  أيلول: 9,
  'تشرين الأول': 10,
  'تشرين الثاني': 11,
  'كانون الأول': 12,
};

/** Arabic-Indic and Persian digits to ASCII, ٫ to '.', ٬ dropped. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (char) => String(char.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (char) => String(char.charCodeAt(0) - 0x6f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, '');
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fullYear(year: string): number {
  const value = Number(year);
  return year.length === 2 ? 2000 + value : value;
}

const HIJRI_MARK = /^\s*(هـ|ه\b|ه$|ھ|H\b|AH\b|A\.H\.?)/i;

function isHijriYear(year: number): boolean {
  return year >= 1300 && year <= 1500;
}

const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/ /g, '\\s+'))
  .join('|');

const PATTERNS: Array<{ re: RegExp; read: (m: RegExpExecArray) => { y: string; m: number; d: number } | null }> = [
  // yyyy-mm-dd
  {
    re: /(?<![\d/.-])(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?![\d/.-]*\d)/g,
    read: (m) => ({ y: m[1], m: Number(m[2]), d: Number(m[3]) }),
  },
  // dd/mm/yyyy (mm/dd when the first part cannot be a month… see below)
  {
    re: /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d])/g,
    read: (m) => {
      let day = Number(m[1]);
      let month = Number(m[2]);
      if (month > 12 && day <= 12) [day, month] = [month, day];
      return { y: m[3], m: month, d: day };
    },
  },
  // 20 Nov 2026, 20-Nov-2026, 20 نوفمبر 2026
  {
    re: new RegExp(`(?<![\\d])(\\d{1,2})(?:st|nd|rd|th)?[\\s/.-]*(${MONTH_NAMES})\\.?[\\s/.,-]*(\\d{4})`, 'gi'),
    read: (m) => ({ y: m[3], m: MONTHS[m[2].toLowerCase().replace(/\s+/g, ' ')] ?? 0, d: Number(m[1]) }),
  },
  // Nov 20, 2026
  {
    re: new RegExp(`(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'gi'),
    read: (m) => ({ y: m[3], m: MONTHS[m[1].toLowerCase().replace(/\s+/g, ' ')] ?? 0, d: Number(m[2]) }),
  },
];

const MONTH_YEAR = /(?<![\d/.-])(\d{1,2})[/.-](\d{4})(?![\d/.-]*\d)/g;

/**
 * Every date in a line, in order. `text` should already have ASCII digits (asciiDigits).
 * With `monthYear`, "12/2026" counts too (as the month's last day: an expiry).
 */
export function findDates(text: string, monthYear = false): FoundDate[] {
  const found: FoundDate[] = [];
  const taken = (start: number, end: number): boolean => found.some((date) => start < date.end && end > date.start);
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken(start, end)) continue;
      const parts = read(match);
      if (!parts) continue;
      const year = fullYear(parts.y);
      const hijri = isHijriYear(year) || HIJRI_MARK.test(text.slice(end, end + 4));
      found.push({ iso: hijri ? null : iso(year, parts.m, parts.d), hijri, start, end, monthOnly: false });
    }
  }
  if (monthYear) {
    MONTH_YEAR.lastIndex = 0;
    for (let match = MONTH_YEAR.exec(text); match; match = MONTH_YEAR.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken(start, end)) continue;
      const year = Number(match[2]);
      const month = Number(match[1]);
      const hijri = isHijriYear(year);
      const value = hijri || month < 1 || month > 12 ? null : iso(year, month, daysIn(year, month));
      found.push({ iso: value, hijri, start, end, monthOnly: true });
    }
  }
  return found.filter((date) => date.iso !== null || date.hijri).sort((a, b) => a.start - b.start);
}
