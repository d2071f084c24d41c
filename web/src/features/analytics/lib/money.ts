/**
 * Money arrives as decimal strings ("12004.50"). Adding or comparing amounts is done in whole
 * cents (BigInt, lib/decimal's `toCents`), never with floats; only the ratios that size bars
 * become numbers.
 */
import { toCents } from '../../../lib/decimal';

/**
 * How long a bar is, in % of the largest (the top product's revenue): 0–100, never more,
 * whatever the server sends; 0 when there is nothing to compare with.
 */
export function shareOfTop(value: string, top: string): number {
  const amount = toCents(value);
  const largest = toCents(top);
  if (largest <= 0n || amount <= 0n) return 0;
  if (amount >= largest) return 100;
  return (Number(amount) / Number(largest)) * 100;
}

/** The largest of some amounts, as the server wrote it ("0.00" when there are none). */
export function largestAmount(values: readonly string[]): string {
  let largest: string | null = null;
  for (const value of values) {
    if (largest === null || toCents(value) > toCents(largest)) largest = value;
  }
  return largest ?? '0.00';
}
