import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useUnitFormat, type UnitFormat } from '../../../lib/units';

export interface OrderFormat {
  /** In the company's currency (settings), never "$". */
  money: (value: string | number) => string;
  /** "2.5 kg", "12 pcs" / "2.5 كغ", "12 حبة"; a unit the app does not know is shown as typed. */
  quantity: (value: number, unit: string) => string;
  /** A unit's short form: "kg", "pcs" / "كغ", "حبة"; an unknown unit as typed. */
  unit: (unit: string) => string;
  /** The app's one units vocabulary (common.json `units`, lib/units.ts). */
  units: UnitFormat;
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

/** The order screen's numbers and dates in the current language. */
export function useOrderFormat(currency: string): OrderFormat {
  const { language } = useLanguage();
  const units = useUnitFormat();
  return {
    money: (value) => formatMoney(value, currency, language),
    quantity: units.quantity,
    unit: units.short,
    units,
    date: (value) => formatDate(value, language),
    dateTime: (value) => formatDateTime(value, language),
  };
}
