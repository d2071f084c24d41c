import { Decimal } from 'decimal.js';
import type { CatalogItem } from './catalog-index.js';
import { type StatedUnit, reportedUnit, unitMultiplier } from './units.js';

/**
 * A line's unit on its matched item (CONTRACT §10, docs/api/ai-intake.md): the customer's unit
 * word put onto the item's base unit or one of its packs, and the price of that unit.
 */

/** A pack of a catalogue item: `factor` base units, sold at `price` (the pack's own or factor × the base price). */
export interface CatalogPack {
  unit: string;
  factor: number;
  price: string;
}

export interface PlacedUnit {
  /** The unit the line is in; null only for an unmatched line with no unit word. */
  unit: string | null;
  /** The price of one `unit` of the item (2 decimals); null when unmatched or not sold in it. */
  unitPrice: string | null;
  /** The item is not sold in the customer's unit: it is kept, and the user must choose. */
  unitNeedsCheck: boolean;
}

export interface ItemUnit extends PlacedUnit {
  /** In `unit`. */
  quantity: number;
}

/**
 * A unit that means the same pack when the item has no pack of the word's own unit: "cartons" of
 * an item sold by the case are its cases, a "bag" of an item sold by the sack its sacks.
 */
const SAME_PACK: Partial<Record<string, readonly string[]>> = {
  carton: ['case'],
  case: ['carton'],
  bag: ['sack'],
  sack: ['bag'],
};

/** The packs a customer's unit may mean, most likely first: what placeUnit looks for on an item. */
export function packUnitsFor(stated: StatedUnit, itemUnit: string | null): string[] {
  return [...new Set([stated.code, reportedUnit(stated, itemUnit), ...(SAME_PACK[stated.code] ?? [])])];
}

/** A catalogue price as the API writes money (2 decimals), in decimal: never through a float's rounding. */
function money(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  } catch {
    return null; // not a number: no price
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The price of one `unit` of the item (its base unit or one of its packs), or undefined when it is not sold in it. */
export function priceIn(item: CatalogItem, unit: string): string | null | undefined {
  if (unit === item.unit) return money(item.sellingPrice);
  const pack = item.packs?.find((candidate) => candidate.unit === unit);
  return pack ? money(pack.price) : undefined;
}

/**
 * The line's unit on its item, and that unit's price:
 *
 * - No unit word: the item's base unit at its price (a catalogue name such as "Carton of 40" says
 *   what the base unit is; no pack is guessed).
 * - The word's own unit (صندوق → case, درزن → dozen, شد → pack), else the unit it reads as
 *   (case → carton, sack → bag, a tray of eggs → piece), else the same pack by another name
 *   (carton ↔ case, bag ↔ sack), when the item is sold in it: that unit at its price.
 * - Otherwise the unit it reads as, with no price and `unitNeedsCheck`: an order must name a unit
 *   the item has, and a base price beside a carton would be wrong by the pack's factor.
 * - Unmatched: the unit it reads as, no price, nothing to check against.
 */
export function placeUnit(stated: StatedUnit | null, item: CatalogItem | null): PlacedUnit {
  if (!item) return { unit: stated ? reportedUnit(stated, null) : null, unitPrice: null, unitNeedsCheck: false };
  if (!stated) return { unit: item.unit, unitPrice: money(item.sellingPrice), unitNeedsCheck: false };
  const reads = reportedUnit(stated, item.unit);
  for (const unit of packUnitsFor(stated, item.unit)) {
    const price = priceIn(item, unit);
    if (price !== undefined) return { unit, unitPrice: price, unitNeedsCheck: false };
  }
  return { unit: reads, unitPrice: null, unitNeedsCheck: true };
}

/**
 * placeUnit with the line's quantity. `quantity` is as the parser reads it, in the unit the word
 * reads as (a dozen already 12 pieces): a line put in the word's own pack counts that pack again.
 */
export function unitOnItem(stated: StatedUnit | null, quantity: number, item: CatalogItem | null): ItemUnit {
  const placed = placeUnit(stated, item);
  const own = stated !== null && placed.unit !== reportedUnit(stated, item?.unit ?? null);
  return { ...placed, quantity: own ? round3(quantity / unitMultiplier(stated.kind)) : quantity };
}
