import { Decimal } from 'decimal.js';

/**
 * The weighted-average cost after receiving `quantity` at `unitPrice`:
 * (max(onHand, 0) × oldCost + quantity × unitPrice) / (max(onHand, 0) + quantity), rounded half
 * away from zero to 2 decimals. Stock below zero (sold before it arrived) carries no cost.
 */
export function weightedAverageCost(onHand: Decimal, oldCost: Decimal, quantity: Decimal, unitPrice: Decimal): Decimal {
  const held = Decimal.max(onHand, 0);
  const total = held.plus(quantity);
  if (total.lte(0)) return unitPrice.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return held.times(oldCost).plus(quantity.times(unitPrice)).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
