import type { StockPackDto } from '@erp/contracts';
import { Decimal } from 'decimal.js';

/** A unit a stock item is sold in: its base unit (factor 1) or a pack. */
export interface SellableUnit {
  unit: string;
  /** Base units in one of it. */
  factor: Decimal;
  /** Its price when no price list says otherwise (CONTRACT §10). */
  price: Decimal;
}

/** A pack's price: its own, else factor × the base selling price, to the cent (half away from zero). */
export function packPrice(
  factor: Decimal.Value,
  ownPrice: Decimal.Value | null,
  baseSellingPrice: Decimal.Value,
): Decimal {
  if (ownPrice !== null) return new Decimal(ownPrice);
  return new Decimal(factor).times(baseSellingPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The units an item is sold in: its base unit first, then its packs as the item lists them. */
export function sellableUnits(item: {
  unit: string;
  sellingPrice: string;
  packs: readonly Pick<StockPackDto, 'unit' | 'factor' | 'price'>[];
}): SellableUnit[] {
  return [
    { unit: item.unit, factor: new Decimal(1), price: new Decimal(item.sellingPrice) },
    ...item.packs.map((pack) => ({
      unit: pack.unit,
      factor: new Decimal(pack.factor),
      price: new Decimal(pack.price),
    })),
  ];
}

/** Base units of `quantity` of a unit of `factor`: numeric(14,3), half away from zero. */
export function baseQuantity(quantity: Decimal.Value, factor: Decimal.Value): Decimal {
  return new Decimal(quantity).times(factor).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
}
