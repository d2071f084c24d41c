import { formatMoney, formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

export interface AgingFormat {
  /** A 2-decimal string in the company's currency: "SAR 1,234.50" / "‏1,234.50 ر.س.‏" (Latin digits, like every screen). */
  money: (value: string) => string;
  /** A whole number: "1,483". */
  count: (value: number) => string;
}

/** The receivables screens' numbers in the current language and the company's currency. */
export function useAgingFormat(currency: string): AgingFormat {
  const { language } = useLanguage();
  return {
    money: (value) => formatMoney(value, currency, language),
    count: (value) => formatQuantity(value, language),
  };
}
