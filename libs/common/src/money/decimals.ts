import type { DecimalInput } from '@erp/contracts';
import { Decimal } from 'decimal.js';

/** A decimal from a validated input (JSON number or numeric string) or a numeric column (a string). */
export function dec(value: DecimalInput): Decimal {
  return new Decimal(typeof value === 'number' ? String(value) : value.trim());
}

/** A quantity for a numeric(14,3) column. */
export function quantityColumn(value: Decimal): string {
  return value.toFixed(3);
}

/** A money amount for a numeric(12,2) column. */
export function moneyColumn(value: Decimal): string {
  return value.toFixed(2);
}

/** A numeric(14,3) column's text: at most 3 decimals, so Number() of it is the same double as of its toFixed(3). */
const QUANTITY_TEXT = /^-?\d{1,11}(?:\.\d{1,3})?$/;
/** A numeric(12,2) column's text: already what moneyJson answers. */
const MONEY_TEXT = /^-?\d{1,10}\.\d{2}$/;

/**
 * A quantity in JSON: a number (at most 3 decimals and 14 digits, so exact as a double). A column's
 * text is read without decimal.js: lists map thousands of them per request.
 */
export function quantityJson(value: Decimal | string): number {
  if (typeof value === 'string' && QUANTITY_TEXT.test(value)) return Number(value);
  return Number(new Decimal(value).toFixed(3));
}

/** Money in JSON: a string with 2 decimals (CONTRACT §4); a numeric(12,2) column's text is that already. */
export function moneyJson(value: Decimal | string): string {
  if (typeof value === 'string' && MONEY_TEXT.test(value)) return value;
  return new Decimal(value).toFixed(2);
}

/**
 * A line total (CONTRACT §4, §10): round(quantity × unitPrice × (1 − discountPercent/100), 2),
 * half away from zero, rounded once at the end.
 */
export function lineTotal(
  quantity: Decimal.Value,
  unitPrice: Decimal.Value,
  discountPercent: Decimal.Value = 0,
): Decimal {
  return new Decimal(quantity)
    .times(unitPrice)
    .times(new Decimal(100).minus(discountPercent))
    .div(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
