/**
 * Decimals as the user types them and as the API takes them: text in, text out, exact
 * arithmetic on bigints of the smallest unit, never binary floats (CONTRACT §4). The server's
 * figures stay authoritative; these are for checking input and showing totals before it answers.
 */

/** Decimal places of quantities (numeric(14,3)) and of money (numeric(12,2)). */
export const QUANTITY_SCALE = 3;
export const MONEY_SCALE = 2;

const arabicIndicZero = 0x0660;
const persianZero = 0x06f0;

/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII, the Arabic decimal separator (٫) as a
 * point and the Arabic thousands separator (٬) dropped: "٢٤٫٥" -> "24.5". Anything else is kept.
 */
export function latinDigits(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= arabicIndicZero && code <= arabicIndicZero + 9) result += String(code - arabicIndicZero);
    else if (code >= persianZero && code <= persianZero + 9) result += String(code - persianZero);
    else if (char === '\u066B') result += '.';
    else if (char === '\u066C') continue;
    else result += char;
  }
  return result;
}

const decimalPattern = /^(\d*)(?:\.(\d*))?$/;

/**
 * A non-negative decimal text at `scale` as an integer of its smallest unit: "12.5" at scale 2
 * -> 1250n. Null when it is not a plain decimal or has more significant decimals than `scale`.
 */
export function parseScaled(text: string, scale: number): bigint | null {
  const match = decimalPattern.exec(latinDigits(text).trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) return null;
  return BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(significant.padEnd(scale, '0') || '0');
}

export type DecimalProblem = 'number' | 'min' | 'scale';

/**
 * What is wrong with a typed amount, or null: not a number, below the minimum (0, or above 0
 * when `positive`), or with more decimals than `scale`.
 */
export function checkDecimal(
  text: string,
  { scale, positive = false }: { scale: number; positive?: boolean },
): DecimalProblem | null {
  const trimmed = latinDigits(text).trim();
  if (/^-\s*(\d|\.\d)/.test(trimmed)) return 'min';
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return 'number';
  const value = parseScaled(trimmed, scale);
  if (value === null) return 'scale';
  if (positive && value === 0n) return 'min';
  return null;
}

/** A scaled integer back as the shortest decimal text: 2500n at scale 3 -> "2.5". */
export function scaledToString(units: bigint, scale: number): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const factor = 10n ** BigInt(scale);
  const fraction = String(magnitude % factor)
    .padStart(scale, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${magnitude / factor}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as the API's money text, always 2 decimals: 123450n -> "1234.50". */
export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  return `${negative ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** round(quantity × unit price, 2), half away from zero (CONTRACT §4), in cents. */
export function lineTotalCents(quantityThousandths: bigint, priceCents: bigint): bigint {
  const product = quantityThousandths * priceCents;
  const divisor = 10n ** BigInt(QUANTITY_SCALE);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/**
 * A quantity the reader sent as a JSON number, as text for the field: 24 -> "24", 1.5 -> "1.5".
 * Its decimal form is taken as written (no float arithmetic); a value with float noise past
 * the quantity scale is rounded to that scale.
 */
export function quantityTextOf(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (/e/i.test(text) || (text.split('.')[1]?.length ?? 0) > QUANTITY_SCALE) {
    return value.toFixed(QUANTITY_SCALE).replace(/\.?0+$/, '');
  }
  return text;
}

/** Typed money as the API's 2-decimal text ("5.5" -> "5.50"), or null when it is not valid money. */
export function moneyTextOf(text: string): string | null {
  const cents = parseScaled(text, MONEY_SCALE);
  return cents === null ? null : centsToString(cents);
}

/** A typed quantity as the API's plain decimal text ("٢٤" -> "24", "1.50" -> "1.5"), or null. */
export function quantityTextFor(text: string): string | null {
  const units = parseScaled(text, QUANTITY_SCALE);
  return units === null ? null : scaledToString(units, QUANTITY_SCALE);
}
