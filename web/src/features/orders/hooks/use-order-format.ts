import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

export interface OrderFormat {
  /** In the company's currency (settings), never "$". */
  money: (value: string | number) => string;
  /** "2.5 kg", "12 pcs" / "2.5 كغ", "12 حبة"; a unit the app does not know is shown as typed. */
  quantity: (value: number, unit: string) => string;
  /** A unit's short form: "kg", "pcs" / "كغ", "حبة"; an unknown unit as typed. */
  unit: (unit: string) => string;
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

/** The order screen's numbers and dates in the current language. */
export function useOrderFormat(currency: string): OrderFormat {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const unitText = (unit: string) => t(`units.short.${unit.trim().toLowerCase()}`, { defaultValue: unit });
  return {
    money: (value) => formatMoney(value, currency, language),
    quantity: (value, unit) => `${formatQuantity(value, language)} ${unitText(unit)}`,
    unit: unitText,
    date: (value) => formatDate(value, language),
    dateTime: (value) => formatDateTime(value, language),
  };
}
