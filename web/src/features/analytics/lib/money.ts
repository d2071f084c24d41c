/**
 * Money arrives as decimal strings ("12004.50"). Adding or comparing amounts is done in whole
 * cents (BigInt), never with floats; only the ratios that size bars become numbers.
 */

const moneyPattern = /^\s*(-)?(\d+)(?:\.(\d*))?\s*$/;

/** "12004.5" -> 1200450n; a third decimal rounds half away from zero; anything unreadable is 0. */
export function toCents(value: string | number): bigint {
  const match = moneyPattern.exec(String(value));
  if (!match) return 0n;
  const [, minus, whole, fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  return minus ? -cents : cents;
}

/** 1200450n -> "12004.50", the server's own form. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = String(absolute % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

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
