import { Decimal } from 'decimal.js';

export interface TaxedAmounts {
  subtotal: string;
  taxRate: string;
  taxAmount: string;
  total: string;
}

/**
 * VAT on a subtotal (CONTRACT §5): tax = round(subtotal × rate / 100, 2), half away from zero;
 * total = subtotal + tax. The rate is the settings' percentage (a number such as 15 or 5).
 */
export function withTax(subtotal: Decimal.Value, ratePercent: number): TaxedAmounts {
  const base = new Decimal(subtotal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const rate = new Decimal(String(ratePercent));
  const tax = base.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    subtotal: base.toFixed(2),
    taxRate: rate.toFixed(2),
    taxAmount: tax.toFixed(2),
    total: base.plus(tax).toFixed(2),
  };
}
