import { formatDay, formatMoney, formatQuantity } from '../../../lib/format';
import { intlLocaleOf, type Language } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import type { SalesGranularity } from '../lib/sales-series';

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => Format): Format {
  let format = formats.get(key) as Format | undefined;
  if (!format) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

/** A "YYYY-MM-DD" day (or its month or year) as a short axis label, read as that day in every time zone. */
function formatBucket(start: string, granularity: SalesGranularity, language: Language): string {
  const [year, month, day] = start.split('-').map(Number);
  const date = new Date(Date.UTC(year, (month || 1) - 1, day || 1));
  const locale = intlLocaleOf(language);
  const options: Intl.DateTimeFormatOptions =
    granularity === 'day'
      ? { day: 'numeric', month: 'short' }
      : granularity === 'month'
        ? { month: 'short', year: 'numeric' }
        : { year: 'numeric' };
  return cached(
    `bucket:${granularity}:${locale}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }),
  ).format(date);
}

export interface AnalyticsFormat {
  /** The server's decimal string in the company's currency (settings), never "$". */
  money: (value: string) => string;
  /** A whole number: "1,483". */
  count: (value: number) => string;
  /** Quantities sold, up to 3 decimals. */
  quantity: (value: number) => string;
  /** One decimal and a percent sign: "18.3%", "-4.0%". */
  percent: (value: number) => string;
  /** "Nov 22, 2026". */
  day: (value: string) => string;
  /** A chart bucket: "Nov 22", "Nov 2026" or "2026". */
  bucket: (start: string, granularity: SalesGranularity) => string;
  /** An axis value, short: "12K", "1.2M" ("12 ألف"). */
  compact: (value: number) => string;
}

/** The Analytics screen's numbers in the current language. */
export function useAnalyticsFormat(currency: string): AnalyticsFormat {
  const { language } = useLanguage();
  const locale = intlLocaleOf(language);
  return {
    money: (value) => formatMoney(value, currency, language),
    count: (value) =>
      cached(`count:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(value),
    quantity: (value) => formatQuantity(value, language),
    percent: (value) =>
      cached(
        `percent1:${locale}`,
        () =>
          new Intl.NumberFormat(locale, {
            style: 'unit',
            unit: 'percent',
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
      ).format(value),
    day: (value) => formatDay(value, language),
    bucket: (start, granularity) => formatBucket(start, granularity, language),
    compact: (value) =>
      cached(
        `compact:${locale}`,
        () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
      ).format(value),
  };
}
