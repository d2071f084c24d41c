/**
 * The units of the system, in one place (docs/decisions/0014-units-packs-prices.md): the base
 * units stock is counted in, and the packs it is sold in. The web app names them in its locale
 * files (a test checks every unit has an English and an Arabic word); invoices print
 * `unitNamesAr` under the English code.
 */

/** Base units: what a stock item's quantity, batches and moves count (SPEC §3's stock form). */
export const stockUnits = ['kg', 'g', 'L', 'ml', 'piece', 'box', 'carton', 'bag'] as const;
export type StockUnit = (typeof stockUnits)[number];

/** Packs: what a base unit is sold in, by the pack (a carton of 12 bottles, a pallet of 960). */
export const packUnits = ['carton', 'box', 'bag', 'pack', 'case', 'dozen', 'bundle', 'tray', 'pallet', 'sack'] as const;
export type PackUnit = (typeof packUnits)[number];

/** Every unit a stock item can be counted or sold in. */
export const knownUnits = [...new Set<string>([...stockUnits, ...packUnits])] as readonly (StockUnit | PackUnit)[];
export type KnownUnit = StockUnit | PackUnit;

/** The Arabic word of each unit as a Gulf wholesaler's staff write it (invoices print it under the code). */
export const unitNamesAr: Readonly<Record<KnownUnit, string>> = {
  kg: 'كغ',
  g: 'غ',
  L: 'لتر',
  ml: 'مل',
  piece: 'حبة',
  box: 'علبة',
  carton: 'كرتون',
  bag: 'كيس',
  pack: 'شد',
  case: 'صندوق',
  dozen: 'درزن',
  bundle: 'ربطة',
  tray: 'طبق',
  pallet: 'طبلية',
  sack: 'شوال',
};

/**
 * Arabic words of units a line may be written in by hand without being one of the system's
 * (a line not linked to a stock item keeps its unit as written): printed under the code too.
 */
export const writtenUnitNamesAr: Readonly<Record<string, string>> = { tin: 'علبة', can: 'علبة', bottle: 'قارورة' };

/** The Arabic word of a unit as written, when it has one: a system unit's, or a common written one's. */
export function unitNameAr(written: string): string | null {
  const code = normalizeUnit(written);
  if (Object.hasOwn(unitNamesAr, code)) return unitNamesAr[code as KnownUnit];
  return Object.hasOwn(writtenUnitNamesAr, code) ? writtenUnitNamesAr[code]! : null;
}

/** How people write some units (the order screen's "liter", "pcs", "ctn"): read as the unit. */
const unitAliases: Readonly<Record<string, KnownUnit>> = {
  l: 'L',
  liter: 'L',
  litre: 'L',
  pieces: 'piece',
  pcs: 'piece',
  pc: 'piece',
  ctn: 'carton',
  cartons: 'carton',
  boxes: 'box',
  bags: 'bag',
  packs: 'pack',
  pk: 'pack',
  cases: 'case',
  dz: 'dozen',
  doz: 'dozen',
  dozens: 'dozen',
  bundles: 'bundle',
  trays: 'tray',
  pallets: 'pallet',
  plt: 'pallet',
  sacks: 'sack',
};

/** A unit as written, as its code: "KG" → "kg", "ctn" → "carton"; anything else as it is (trimmed). */
export function normalizeUnit(written: string): string {
  const key = written.trim().toLowerCase();
  return unitAliases[key] ?? knownUnits.find((unit) => unit.toLowerCase() === key) ?? written.trim();
}

export function isStockUnit(unit: string): unit is StockUnit {
  return (stockUnits as readonly string[]).includes(unit);
}

export function isPackUnit(unit: string): unit is PackUnit {
  return (packUnits as readonly string[]).includes(unit);
}
