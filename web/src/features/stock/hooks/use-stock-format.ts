import { formatDay, formatDays, formatMoney } from '../../../lib/format';
import { useUnitFormat, type PackSize } from '../../../lib/units';
import { useLanguage } from '../../../lib/use-language';

export interface StockFormat {
  /** "12.5 kg", "24 ctn" / "12.5 كغ", "24 كرتون" (the one units vocabulary, common.json `units`). */
  quantity: (value: number, unit: string) => string;
  /** A base quantity with its largest pack: "180 pcs = 15 ctn"; just "180 pcs" without packs. */
  inPacks: (baseQuantity: number, baseUnit: string, packs: readonly PackSize[] | undefined) => string;
  /** A unit's word in the current language: "carton" / "كرتون". */
  unitWord: (unit: string) => string;
  /** In the company's currency (settings), never "$". */
  money: (value: string | number) => string;
  /** "YYYY-MM-DD" as a localised day. */
  day: (value: string) => string;
  /** "9.5 days" / "9.5 يوم". */
  days: (value: number) => string;
}

/** The stock screen's numbers in the current language. */
export function useStockFormat(currency: string): StockFormat {
  const { language } = useLanguage();
  const units = useUnitFormat();
  return {
    quantity: units.quantity,
    inPacks: (baseQuantity, baseUnit, packs) => units.inPacks(baseQuantity, baseUnit, packs ?? []),
    unitWord: units.word,
    money: (value) => formatMoney(value, currency, language),
    day: (value) => formatDay(value, language),
    days: (value) => formatDays(value, language),
  };
}
