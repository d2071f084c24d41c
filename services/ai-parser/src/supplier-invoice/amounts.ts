import { Decimal } from 'decimal.js';
import { isMeasureKind } from '../parser/units.js';
import { type RowToken, saleUnitOf } from './invoice-text.js';

/**
 * Quantity, unit price and line total of an item row, found by arithmetic: among the row's
 * numbers, those for which quantity × unit price = line total (or − a printed discount = the net
 * amount, or × 1 + VAT = an amount with VAT). That tells them apart from pack sizes ("Tea 100
 * Bags"), serial numbers and VAT columns whatever the column order, and confirms what OCR read.
 * When OCR lost a decimal point ("40320" for 403.20, "330" for 33.0), one figure may be repaired if
 * the repair makes the row add up; the line is then marked for checking. A row that does not add
 * up is read by position (the number printed with a unit, the next one, the last one) and marked.
 *
 * The search compares floating-point values within a tolerance; the figures returned are the
 * printed decimals (money is never computed in floats).
 */

export interface RowAmounts {
  /** Index in the row's tokens of the quantity (a number, or a weight "25 kg"). */
  quantityAt: number;
  quantity: Decimal;
  unitPrice: Decimal | null;
  lineTotal: Decimal | null;
  /** Token indexes of the figures used (quantity, price, totals, discount, VAT-inclusive amount). */
  used: Set<number>;
  /** The row adds up. */
  confirmed: boolean;
  /** A figure was repaired (an OCR decimal point). */
  repaired: boolean;
}

interface Figure {
  at: number;
  /** For the search. */
  float: number;
  /** As printed, or as repaired. */
  text: string;
  repaired: boolean;
}

const VAT_FACTORS = [1.15, 1.05, 1.1];
/** Rows with more numbers than this are read on their last ones (OCR noise must not cost seconds). */
const MAX_MONEY = 20;
const MAX_QUANTITIES = 12;
/** How far after the unit price a discount column may be (quantity, unit between them). */
const DISCOUNT_REACH = 3;

function isQuantityToken(token: RowToken): boolean {
  if (token.kind === 'number') return true;
  return token.kind === 'size' && token.unit !== undefined && isMeasureKind(token.unit);
}

/** The readings of a number: as printed, and (OCR) with a lost decimal point put back. */
function readings(token: RowToken, at: number, repairs: boolean): Figure[] {
  const text = token.value;
  if (!text || !Number.isFinite(Number(text))) return [];
  const out: Figure[] = [{ at, float: Number(text), text, repaired: false }];
  const digits = token.digits ?? '';
  if (repairs && token.kind === 'number' && /^\d{3,7}$/.test(digits) && !token.raw.includes('.')) {
    for (const decimals of [2, 1]) {
      const repaired = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
      out.push({ at, float: Number(repaired), text: repaired, repaired: true });
    }
  }
  return out;
}

/** The sale unit printed next to the quantity at `at` (after it, else before it), or the weight itself. */
export function unitNextTo(tokens: RowToken[], at: number): RowToken | null {
  const token = tokens[at];
  if (token?.kind === 'size') return token;
  const after = tokens[at + 1];
  if (after && saleUnitOf(after)) return after;
  const before = tokens[at - 1];
  const beforeThat = tokens[at - 2];
  if (before && saleUnitOf(before) && !(beforeThat && isQuantityToken(beforeThat))) return before;
  return null;
}

function close(quantity: number, product: number, printed: number): boolean {
  // Half a halala per unit of rounding in the printed unit price, at least one halala.
  const tolerance = Math.max(0.0101, Math.abs(quantity) * 0.005);
  return Math.abs(product - printed) <= tolerance;
}

type Reading = 'exact' | 'discounted' | 'net-after-gross' | 'with-vat';

interface Fit {
  q: Figure;
  p: Figure;
  /** The figure equal to quantity × price (exact), the net amount (discounted), or the amount with VAT. */
  t: Figure;
  discount: Figure | null;
  reading: Reading;
}

function score(tokens: RowToken[], fit: Fit): number {
  const { q, p, t } = fit;
  const last = Math.max(1, tokens.length - 1);
  let value = 0;
  if (unitNextTo(tokens, q.at)) value += 3;
  if (Number.isInteger(q.float)) value += 1;
  if (tokens[q.at].kind === 'size') value -= 2;
  // The first figure of a row is usually its serial number.
  if (q.at === 0 && tokens.length > 3) value -= 1.5;
  if ((p.at === 0 || t.at === 0) && tokens.length > 3) value -= 3;
  if (q.at < t.at && p.at < t.at) value += 1;
  if (q.at < p.at) value += 0.5;
  if (p.repaired || t.repaired) value -= 2;
  if (fit.reading === 'with-vat') value -= 1;
  if (fit.reading === 'discounted') value -= 0.5;
  return value + (0.2 * t.at) / last;
}

/**
 * Finds the row's quantity, unit price and total (see the module comment). `repairs`: the text
 * came from OCR. Returns null when the row has no number that can be a quantity.
 */
export function findAmounts(tokens: RowToken[], repairs: boolean): RowAmounts | null {
  const quantities: Figure[] = [];
  const money: Figure[] = [];
  tokens.forEach((token, at) => {
    if (!isQuantityToken(token) || !token.value) return;
    const float = Number(token.value);
    if (float > 0 && float < 1e7) quantities.push({ at, float, text: token.value, repaired: false });
    if (token.kind === 'number') money.push(...readings(token, at, repairs));
  });
  const prices = money.slice(-MAX_MONEY).filter((figure) => figure.float > 0);
  const candidates = quantities.slice(-MAX_QUANTITIES);

  let best: { score: number; fit: Fit } | null = null;
  const consider = (fit: Fit): void => {
    const value = score(tokens, fit);
    if (!best || value > best.score) best = { score: value, fit };
  };
  for (const q of candidates) {
    for (const p of prices) {
      if (p.at === q.at) continue;
      const gross = q.float * p.float;
      for (const t of prices) {
        if (t.at === q.at || t.at === p.at || (p.repaired && t.repaired)) continue;
        if (close(q.float, gross, t.float)) {
          consider({ q, p, t, discount: null, reading: 'exact' });
          continue;
        }
        if (VAT_FACTORS.some((factor) => close(q.float * factor, gross * factor, t.float))) {
          consider({ q, p, t, discount: null, reading: 'with-vat' });
        }
        // "6 × 81.50, discount 9.00, net 480.00": the gross is not printed.
        if (t.at > p.at && !t.repaired && !p.repaired) {
          for (const d of prices) {
            if (d.repaired || d.at <= p.at || d.at >= t.at || d.at > p.at + DISCOUNT_REACH || d.at === q.at) continue;
            if (d.float < gross && close(q.float, gross - d.float, t.float)) {
              consider({ q, p, t, discount: d, reading: 'discounted' });
            }
          }
        }
      }
    }
  }
  if (!best) return byPosition(tokens, quantities);
  const fit = (best as { fit: Fit }).fit;
  return settle(fit, prices);
}

/** The answer for the chosen reading: the printed decimals, a discount and net amount after the gross. */
function settle(fit: Fit, prices: Figure[]): RowAmounts {
  const { q, p, t } = fit;
  const quantity = new Decimal(q.text);
  const used = new Set([q.at, p.at, t.at]);
  let unitPrice = new Decimal(p.text);
  let lineTotal = new Decimal(t.text);
  if (fit.reading === 'with-vat') {
    lineTotal = quantity.times(unitPrice).toDecimalPlaces(2);
  } else if (fit.reading === 'discounted' && fit.discount) {
    used.add(fit.discount.at);
    unitPrice = lineTotal.dividedBy(quantity).toDecimalPlaces(2);
  } else {
    // "6.00 144.00 10.80 133.20": a discount and the net amount after the gross total.
    for (const d of prices) {
      if (d.at <= t.at || d.repaired || d.float >= t.float) continue;
      const net = prices.find((n) => n.at > d.at && !n.repaired && Math.abs(t.float - d.float - n.float) <= 0.0101);
      if (net) {
        used.add(d.at).add(net.at);
        lineTotal = new Decimal(net.text);
        unitPrice = lineTotal.dividedBy(quantity).toDecimalPlaces(2);
        break;
      }
    }
  }
  return {
    quantityAt: q.at,
    quantity,
    unitPrice,
    lineTotal,
    used,
    confirmed: true,
    repaired: p.repaired || t.repaired,
  };
}

function byPosition(tokens: RowToken[], quantities: Figure[]): RowAmounts | null {
  const firstWord = tokens.findIndex((token) => token.kind === 'word' && /\p{L}{2,}/u.test(token.norm));
  const withUnit = quantities.find((q) => tokens[q.at].kind === 'number' && unitNextTo(tokens, q.at) !== null);
  const afterWords = quantities.find((q) => q.at > firstWord && tokens[q.at].kind === 'number');
  const quantity = withUnit ?? afterWords ?? null;
  if (!quantity) return null;
  const later = tokens
    .map((token, at) => ({ token, at }))
    .filter(({ token, at }) => at > quantity.at && token.kind === 'number' && token.value)
    .map(({ token, at }) => ({ at, value: new Decimal(token.value as string) }));
  const price = later[0] ?? null;
  const total = later.length > 1 ? later[later.length - 1] : null;
  const used = new Set([quantity.at]);
  if (price) used.add(price.at);
  if (total) used.add(total.at);
  return {
    quantityAt: quantity.at,
    quantity: new Decimal(quantity.text),
    unitPrice: price?.value ?? null,
    lineTotal: total?.value ?? null,
    used,
    confirmed: false,
    repaired: false,
  };
}
