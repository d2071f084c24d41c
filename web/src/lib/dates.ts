import { latinDigits } from './decimal';
import type { Language } from './language';

const pad = (value: number) => String(value).padStart(2, '0');

/** A YYYY-MM-DD day that exists in the calendar. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A date as typed in the Gulf: day first (31/12/2027, 31-12-2027, 31.12.2027, with Arabic-Indic
 * or Persian digits), or YYYY-MM-DD. The day as YYYY-MM-DD, '' for nothing typed, null when it
 * is not a date.
 */
export function parseTypedDate(text: string): string | null {
  const typed = latinDigits(text).trim();
  if (typed === '') return '';
  if (isIsoDate(typed)) return typed;
  const match = /^(\d{1,2})\s*[/.\-\u2215]\s*(\d{1,2})\s*[/.\-\u2215]\s*(\d{4})$/.exec(typed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** A YYYY-MM-DD day as the date fields show it, dd/mm/yyyy in both languages; other text as it is. */
export function typedDateOf(iso: string): string {
  if (!isIsoDate(iso)) return iso;
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

const hijriFormat = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-arab', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The same day in the Umm al-Qura calendar Saudi Arabia uses: "٢٦ جمادى الآخرة ١٤٤٩ هـ". */
export function hijriDateOf(iso: string, language: Language): string | null {
  if (!isIsoDate(iso) || language !== 'ar') return null;
  return hijriFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** A list filter takes a date field's value once it is a whole day, or emptied; a half-typed one waits. */
export function wholeDate(value: string, apply: (day: string) => void): void {
  if (value === '' || isIsoDate(value)) apply(value);
}
