/**
 * Decimals as the user types them and as the API sends and takes them: text in, text out, exact
 * arithmetic on bigints of the smallest unit, never binary floats (CONTRACT §4). The server's
 * figures stay authoritative; these check input and show totals before it answers.
 */

/** Decimal places of money (numeric(12,2)) and of quantities (numeric(14,3)). */
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;

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

const decimalPattern = /^(-?)(\d*)(?:\.(\d*))?$/;

interface Decimal {
  negative: boolean;
  whole: string;
  /** The decimals without trailing zeros. */
  fraction: string;
}

/** A plain decimal ("12.5", "-3", ".5", "7.", "١٢٫٥"), or null; no "+", exponent or grouping. */
function readDecimal(text: string): Decimal | null {
  const match = decimalPattern.exec(latinDigits(text).trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  return { negative: sign === '-', whole, fraction: fraction.replace(/0+$/, '') };
}

/** The decimal as an integer of 10^-scale units; its decimals must fit in `scale`. */
function unitsOf({ negative, whole, fraction }: Decimal, scale: number): bigint {
  const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return negative ? -units : units;
}

/** `numerator / divisor`, rounded half away from zero (CONTRACT §4's rounding). */
function divideRounded(numerator: bigint, divisor: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/**
 * A decimal text at `scale` as an integer of its smallest unit: "12.5" at scale 2 -> 1250n,
 * "-1" -> -100n. Null when it is not a plain decimal or has more significant decimals than
 * `scale` ("1.234" at scale 2). Forms refuse negatives themselves (`checkDecimal`, or `> 0n`).
 */
export function parseScaled(text: string, scale: number): bigint | null {
  const decimal = readDecimal(text);
  return decimal === null || decimal.fraction.length > scale ? null : unitsOf(decimal, scale);
}

/**
 * An amount the server sent ("12004.50") as cents: a third decimal rounds half away from zero
 * ("1.005" -> 101n), and text that is no amount counts as 0. Not for what the user types:
 * that is `parseScaled`, which refuses what it cannot read.
 */
export function toCents(amount: string): bigint {
  const decimal = readDecimal(amount);
  if (decimal === null) return 0n;
  const places = Math.max(decimal.fraction.length, MONEY_SCALE);
  return divideRounded(unitsOf(decimal, places), 10n ** BigInt(places - MONEY_SCALE));
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

/** round(quantity × unit price, 2), half away from zero: the server's line total, in cents. */
export function lineTotalCents(quantityThousandths: bigint, priceCents: bigint): bigint {
  return divideRounded(quantityThousandths * priceCents, 10n ** BigInt(QUANTITY_SCALE));
}

/** Discounts in hundredths of a percent (0–100 with 2 decimals, CONTRACT §10). */
export const DISCOUNT_SCALE = 2;

/**
 * round(quantity × unit price × (1 − discount/100), 2), half away from zero, rounded once: the
 * server's line total (CONTRACT §10), in cents. The discount is in hundredths of a percent.
 */
export function discountedLineTotalCents(
  quantityThousandths: bigint,
  priceCents: bigint,
  discountHundredths: bigint,
): bigint {
  const full = 100n * 10n ** BigInt(DISCOUNT_SCALE);
  return divideRounded(
    quantityThousandths * priceCents * (full - discountHundredths),
    10n ** BigInt(QUANTITY_SCALE) * full,
  );
}

/**
 * A quantity in one unit as the same goods in another: quantity × fromFactor / toFactor, to
 * QUANTITY_SCALE (half away from zero). All three in thousandths; `exact` when nothing was rounded.
 */
export function convertScaledQuantity(
  quantityThousandths: bigint,
  fromFactorThousandths: bigint,
  toFactorThousandths: bigint,
): { thousandths: bigint; exact: boolean } {
  const numerator = quantityThousandths * fromFactorThousandths;
  return {
    thousandths: divideRounded(numerator, toFactorThousandths),
    exact: numerator % toFactorThousandths === 0n,
  };
}

/** Typed money as the API's 2-decimal text ("5.5" -> "5.50", "٣٫٢٥" -> "3.25"), or null. */
export function moneyText(text: string): string | null {
  const cents = parseScaled(text, MONEY_SCALE);
  return cents === null ? null : centsToString(cents);
}

/** A typed quantity as the API's shortest decimal text ("٢٤" -> "24", "1.50" -> "1.5"), or null. */
export function quantityText(text: string): string | null {
  const units = parseScaled(text, QUANTITY_SCALE);
  return units === null ? null : scaledToString(units, QUANTITY_SCALE);
}

/**
 * A quantity a reader sent as a JSON number, as text for a field: 24 -> "24", 1.5 -> "1.5".
 * Its decimal form is taken as written (no float arithmetic); a value with float noise past
 * the quantity scale (0.1 + 0.2) is rounded to that scale.
 */
export function quantityTextOfNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (/e/i.test(text) || (text.split('.')[1]?.length ?? 0) > QUANTITY_SCALE) {
    return value.toFixed(QUANTITY_SCALE).replace(/\.?0+$/, '');
  }
  return text;
}

/**
 * A quantity in packs as base units, both in thousandths: 2.5 cartons (2500n) of 12 pieces
 * (12000n) -> 30 pieces (30000n), rounded to the quantity scale half away from zero.
 */
export function baseQuantityThousandths(quantityThousandths: bigint, factorThousandths: bigint): bigint {
  return divideRounded(quantityThousandths * factorThousandths, 10n ** BigInt(QUANTITY_SCALE));
}

/**
 * The price of one base unit when a pack of `factorThousandths` base units costs `packCents`, to the
 * cent half away from zero (the server's cost per base unit of a receipt line in packs): 70.00 for
 * 12 -> 5.83. Null for a factor that is not above 0.
 */
export function perBaseUnitCents(packCents: bigint, factorThousandths: bigint): bigint | null {
  if (factorThousandths <= 0n) return null;
  return divideRounded(packCents * 10n ** BigInt(QUANTITY_SCALE), factorThousandths);
}

/** factor × base price, to the cent: what a pack without a price of its own sells at (CONTRACT §10). */
export function packPriceCents(factorThousandths: bigint, baseCents: bigint): bigint {
  return lineTotalCents(factorThousandths, baseCents);
}
