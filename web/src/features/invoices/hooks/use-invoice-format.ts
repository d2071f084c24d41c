import { formatDate, formatDay, formatMoney } from '../../../lib/format';
import { intlLocaleOf } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';

export interface InvoiceFormat {
  /** In the invoice's own currency, 2 decimals: "SAR 1,150.00" / "‏1,150.00 ر.س.‏". */
  money: (value: string, currency: string) => string;
  /** The VAT rate in percent: 15 -> "15%", 12.5 -> "12.5%". */
  rate: (percent: number) => string;
  /** An ISO timestamp as a day in the current language: "Nov 22, 2026" / "22 نوفمبر 2026". */
  date: (value: string) => string;
  /** A calendar day "YYYY-MM-DD" (a due date) as that day in any time zone. */
  day: (value: string) => string;
}

const rateFormats = new Map<string, Intl.NumberFormat>();

function rateFormat(locale: string): Intl.NumberFormat {
  let format = rateFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    rateFormats.set(locale, format);
  }
  return format;
}

/** The invoices screen's numbers and dates in the current language. */
export function useInvoiceFormat(): InvoiceFormat {
  const { language } = useLanguage();
  return {
    money: (value, currency) => formatMoney(value, currency, language),
    rate: (percent) => rateFormat(intlLocaleOf(language)).format(percent / 100),
    date: (value) => formatDate(value, language),
    day: (value) => formatDay(value, language),
  };
}
