import { intlLocaleOf, type Language } from './language';

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => Format): Format {
  let format = formats.get(key) as Format | undefined;
  if (!format) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

/** `90` -> "90%" (en) or the Arabic form with Latin digits (ar). */
export function formatPercent(value: number, language: Language): string {
  const locale = intlLocaleOf(language);
  return cached(
    `percent:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
  ).format(value / 100);
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026" (en) or "22 نوفمبر 2026" (ar); an unreadable value is shown as it is. */
export function formatDate(value: string | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocaleOf(language);
  return cached(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
  ).format(date);
}

/** "Nov 22, 2026, 9:41 AM" (en) or its Arabic form. */
export function formatDateTime(value: string | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocaleOf(language);
  return cached(
    `datetime:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(date);
}

/**
 * A wait in words, rounded up: "45 seconds", "15 minutes" (Intl picks the Arabic plural
 * forms: "دقيقتان", "5 دقائق", "15 دقيقة").
 */
export function formatWait(seconds: number, language: Language): string {
  const locale = intlLocaleOf(language);
  const whole = Math.max(1, Math.ceil(seconds));
  const unit = whole < 60 ? 'second' : 'minute';
  const amount = unit === 'second' ? whole : Math.ceil(whole / 60);
  return cached(
    `unit:${unit}:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }),
  ).format(amount);
}
