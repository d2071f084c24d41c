/**
 * Exact decimal arithmetic for what the order screens show before the server answers (line
 * totals, the grand total). Amounts are integers of their smallest unit (bigint), never
 * binary floats; the server's figures stay authoritative (CONTRACT §4).
 */

/** Decimal places of money (numeric(12,2)) and of quantities (up to 3 decimals). */
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * "12.5" at scale 2 -> 1250n. Null when the text is not a plain decimal number or has more
 * significant decimals than `scale` ("1.234" at scale 2). Signs are kept: "-1" -> -100n.
 */
export function parseScaled(text: string, scale: number): bigint | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (!whole && !fraction) return null;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) return null;
  const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(significant.padEnd(scale, '0') || '0');
  return sign === '-' ? -units : units;
}

/** `numerator / divisor`, rounded half away from zero (CONTRACT §4's rounding). */
function divideRounded(numerator: bigint, divisor: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/** round(quantity × unitPrice, 2), half away from zero: the server's line total, in cents. */
export function lineTotalCents(quantityThousandths: bigint, priceCents: bigint): bigint {
  return divideRounded(quantityThousandths * priceCents, 10n ** BigInt(QUANTITY_SCALE));
}

/** Cents as the API's money string: 123450n -> "1234.50". */
export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const whole = magnitude / 100n;
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Money text for the API, always 2 decimals: "12.1" -> "12.10"; null when it is not a valid amount. */
export function moneyText(text: string): string | null {
  const cents = parseScaled(text, MONEY_SCALE);
  return cents === null ? null : centsToString(cents);
}

/** A scaled value back as the shortest decimal text: 2500n at scale 3 -> "2.5". */
export function scaledToString(units: bigint, scale: number): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const factor = 10n ** BigInt(scale);
  const fraction = String(magnitude % factor)
    .padStart(scale, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${magnitude / factor}${fraction ? `.${fraction}` : ''}`;
}
