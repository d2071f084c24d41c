import type { KnownUnit, PackUnit } from '@erp/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from './format';
import { useLanguage } from './use-language';

/** A pack of a stock item as the screens need it: its unit and the base units in one. */
export interface PackSize {
  unit: string;
  factor: number;
}

/**
 * The system's units (libs/contracts units.ts: the contracts are types only in the browser): the
 * compiler checks the list is complete, the locale test that each has its words.
 */
export const knownUnits = [
  'kg',
  'g',
  'L',
  'ml',
  'piece',
  'box',
  'carton',
  'bag',
  'pack',
  'case',
  'dozen',
  'bundle',
  'tray',
  'pallet',
  'sack',
] as const satisfies readonly KnownUnit[];
type MissingUnit = Exclude<KnownUnit, (typeof knownUnits)[number]>;
const everyUnitListed: [MissingUnit] extends [never] ? true : MissingUnit = true;
void everyUnitListed;

/** The units a stock item is sold in by the pack (libs/contracts `packUnits`), in the contract's order. */
export const packUnits = [
  'carton',
  'box',
  'bag',
  'pack',
  'case',
  'dozen',
  'bundle',
  'tray',
  'pallet',
  'sack',
] as const satisfies readonly PackUnit[];
type MissingPackUnit = Exclude<PackUnit, (typeof packUnits)[number]>;
const everyPackUnitListed: [MissingPackUnit] extends [never] ? true : MissingPackUnit = true;
void everyPackUnitListed;

export function isPackUnit(unit: string): unit is PackUnit {
  return (packUnits as readonly string[]).includes(unit);
}

/** How people also write some units: read as the unit (as the server reads them). */
const unitAliases: Readonly<Record<string, KnownUnit>> = {
  l: 'L',
  liter: 'L',
  litre: 'L',
  pieces: 'piece',
  pc: 'piece',
  cartons: 'carton',
  boxes: 'box',
  bags: 'bag',
  packs: 'pack',
  cases: 'case',
  doz: 'dozen',
  dozens: 'dozen',
  bundles: 'bundle',
  trays: 'tray',
  pallets: 'pallet',
  sacks: 'sack',
};

export function isKnownUnit(unit: string): unit is KnownUnit {
  return (knownUnits as readonly string[]).includes(unit);
}

/** A unit code as written by the server or typed by hand ("KG", "liter"), or undefined. */
function knownCodeOf(written: string): KnownUnit | undefined {
  const key = written.trim().toLowerCase();
  return unitAliases[key] ?? knownUnits.find((unit) => unit.toLowerCase() === key);
}

/**
 * The largest pack that holds `baseQuantity` at least once, and how many of it: 180 pieces with a
 * carton of 12 and a pallet of 960 → 15 cartons. None when no pack fits (or there are none).
 */
export function largestPackOf(
  baseQuantity: number,
  packs: readonly PackSize[],
): { unit: string; count: number } | null {
  const fitting = packs.filter((pack) => pack.factor > 0 && Math.abs(baseQuantity) >= pack.factor);
  if (fitting.length === 0) return null;
  const largest = fitting.reduce((best, pack) => (pack.factor > best.factor ? pack : best));
  return { unit: largest.unit, count: Math.round((baseQuantity / largest.factor) * 1000) / 1000 };
}

export interface UnitFormat {
  /** A unit's word in the current language: "carton" / "كرتون"; a unit the app does not know, as written. */
  word: (unit: string) => string;
  /** A unit's short form: "ctn", "pcs" / "كرتون", "حبة". */
  short: (unit: string) => string;
  /** "12.5 kg", "24 ctn", "5 boxes" / "12.5 كغ", "5 كراتين", "24 كرتونًا": the unit as the count wants it. */
  quantity: (value: number, unit: string) => string;
  /**
   * A base quantity with its largest pack: "180 pcs = 15 ctn"; "14 pcs ≈ 2.3 ctn" when the packs do
   * not come out even (to one decimal); just "180 pcs" when no pack fits.
   */
  inPacks: (baseQuantity: number, baseUnit: string, packs: readonly PackSize[]) => string;
  /** A unit as typed in either language ("كرتون", "ctn", "Carton") as its code, or undefined. */
  codeOf: (text: string) => KnownUnit | undefined;
}

/** Units in the current language, from the one vocabulary (common.json `units`, libs/contracts units.ts). */
export function useUnitFormat(): UnitFormat {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const known = knownCodeOf;
  const word = (unit: string) => {
    const code = known(unit);
    return code ? t(`units.word.${code}`) : unit;
  };
  const short = (unit: string) => {
    const code = known(unit);
    return code ? t(`units.short.${code}`) : unit;
  };
  // The short form as the count wants it: "1 pc", "5 boxes"; "3 كراتين", "15 كرتونًا", "100 كرتون".
  const counted = (value: number, unit: string) => {
    const code = known(unit);
    return code ? t(`units.counted.${code}`, { count: value }) : unit;
  };
  const quantity = (value: number, unit: string) => `${formatQuantity(value, language)} ${counted(value, unit)}`;
  const codeOf = (text: string): KnownUnit | undefined => {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return undefined;
    const byCode = known(text);
    if (byCode) return byCode;
    return knownUnits.find((code) =>
      (['en', 'ar'] as const).some(
        (lng) =>
          t(`units.word.${code}`, { lng }).toLowerCase() === wanted ||
          t(`units.short.${code}`, { lng }).toLowerCase() === wanted,
      ),
    );
  };
  return {
    word,
    short,
    quantity,
    codeOf,
    inPacks: (baseQuantity, baseUnit, packs) => {
      const base = quantity(baseQuantity, baseUnit);
      const pack = largestPackOf(baseQuantity, packs);
      if (!pack) return base;
      const factor = packs.find((candidate) => candidate.unit === pack.unit)?.factor ?? 0;
      // Even when the count (3 decimals) makes the quantity again; else about so many, to a tenth.
      const even = Math.abs(pack.count * factor - baseQuantity) < 0.0005;
      return even
        ? `${base} = ${quantity(pack.count, pack.unit)}`
        : `${base} ≈ ${quantity(Math.round(pack.count * 10) / 10, pack.unit)}`;
    },
  };
}
