import type { StockUnit } from '@erp/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDays, formatMoney, formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

export interface StockFormat {
  /** "12.5 kg", "24 ctn" / "12.5 كغ", "24 كرتون". */
  quantity: (value: number, unit: StockUnit) => string;
  /** In the company's currency (settings), never "$". */
  money: (value: string | number) => string;
  /** "YYYY-MM-DD" as a localised day. */
  day: (value: string) => string;
  /** "9.5 days" / "9.5 يوم". */
  days: (value: number) => string;
}

/** The stock screen's numbers in the current language. */
export function useStockFormat(currency: string): StockFormat {
  const { t } = useTranslation('stock');
  const { language } = useLanguage();
  return {
    quantity: (value, unit) => `${formatQuantity(value, language)} ${t(`units.short.${unit}`, { defaultValue: unit })}`,
    money: (value) => formatMoney(value, currency, language),
    day: (value) => formatDay(value, language),
    days: (value) => formatDays(value, language),
  };
}
