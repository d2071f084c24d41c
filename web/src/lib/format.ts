import { intlLocaleOf, type Language } from './language';

const percentFormats = new Map<string, Intl.NumberFormat>();

/** `90` -> "90%" (en) or the Arabic form with Latin digits (ar). */
export function formatPercent(value: number, language: Language): string {
  const locale = intlLocaleOf(language);
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(value / 100);
}
