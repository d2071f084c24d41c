import { intlLocaleOf, type Language } from './language';

type CachedFormat = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

const formats = new Map<string, CachedFormat>();

function cached<Format extends CachedFormat>(key: string, create: () => Format): Format {
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

/**
 * Money in the company's currency (settings, CONTRACT §4), 2 decimals: "SAR 1,234.50" (en)
 * or "‏1,234.50 ر.س.‏" (ar). Money arrives as a decimal string ("1234.50").
 */
export function formatMoney(value: string | number, currency: string, language: Language): string {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return String(value);
  const locale = intlLocaleOf(language);
  return cached(
    `money:${currency}:${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}

/**
 * The currency as the language writes it next to an amount: "SAR" (en), "ر.س." (ar), from Intl
 * (the same words formatMoney prints), for field adornments and labels.
 */
export function currencyLabel(currency: string, language: Language): string {
  const locale = intlLocaleOf(language);
  const parts = cached(
    `money:${currency}:${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value.trim() ?? currency;
}

/** A quantity with up to 3 decimals (kg, L are fractional): "1,250.5". */
export function formatQuantity(value: number, language: Language): string {
  const locale = intlLocaleOf(language);
  return cached(`quantity:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })).format(value);
}

/**
 * A calendar day sent as "YYYY-MM-DD" (expiry dates): read as that day everywhere, whatever
 * the browser's time zone ("Dec 5, 2026" / "5 ديسمبر 2026").
 */
export function formatDay(value: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return formatDate(value, language);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const locale = intlLocaleOf(language);
  return cached(
    `day:${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}

/** A number of days with the language's plural forms: "1 day", "9.5 days", "5 أيام", "يومان". */
export function formatDays(days: number, language: Language): string {
  const locale = intlLocaleOf(language);
  return cached(
    `days:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 }),
  ).format(days);
}

/** A file's size for people: "850 KB", "2.4 MB" (Arabic unit names in Arabic). */
export function formatFileSize(bytes: number, language: Language): string {
  const locale = intlLocaleOf(language);
  const megabytes = bytes >= 1024 * 1024;
  const unit = megabytes ? 'megabyte' : 'kilobyte';
  const amount = megabytes ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  return cached(
    `size:${unit}:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
  ).format(amount);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as the Gulf writes it, day first in both languages with a 24-hour clock:
 * "22/11/2026 09:41" (local time).
 */
export function formatDayTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const day = `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
  return `${day} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

const relativeSteps: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or from now): "now", "5 minutes ago", "yesterday" / "الآن", "قبل 5 دقائق", "أمس". */
export function formatRelativeTime(value: string | Date, language: Language, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const locale = intlLocaleOf(language);
  const format = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  let amount = (date.getTime() - now) / 1000;
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) {
      // Under a minute is "now": a message a few seconds old is not counted in seconds.
      return unit === 'second' ? format.format(0, 'second') : format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return formatDate(date, language);
}
