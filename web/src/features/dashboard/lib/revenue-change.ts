import { intlLocaleOf, type Language } from '../../../lib/language';

export type Trend = 'up' | 'down' | 'flat' | 'none';

/** Up, down, flat, or none when there was nothing last month to compare with (null). */
export function trendOf(change: number | null): Trend {
  if (change === null || !Number.isFinite(change)) return 'none';
  if (change > 0) return 'up';
  return change < 0 ? 'down' : 'flat';
}

const formats = new Map<string, Intl.NumberFormat>();

/** "+12.4%", "-3.1%", "0.0%": one decimal, with its sign. */
export function formatChange(change: number, language: Language): string {
  const locale = intlLocaleOf(language);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    formats.set(locale, format);
  }
  return format.format(change);
}
