import { Decimal } from 'decimal.js';

/** What FEFO needs to know of a batch that holds stock. */
export interface FefoBatch {
  id: string;
  batchNumber: string | null;
  quantity: Decimal;
  /** YYYY-MM-DD, or null for a batch without an expiry. */
  expiryDate: string | null;
  createdAt: Date;
}

/** A quantity taken from one batch, or from unbatched stock when `batch` is null. */
export interface FefoPortion {
  batch: FefoBatch | null;
  quantity: Decimal;
}

export interface TakePlan {
  /** What to take, in order; empty when short. */
  portions: FefoPortion[];
  /** Expired batches that hold stock: never sold, named in the answer. */
  skippedExpired: FefoBatch[];
  /** What can be sold: the batches that have not expired plus unbatched stock, never below 0. */
  available: Decimal;
  short: boolean;
}

const zero = new Decimal(0);

/** A batch has expired the day after its expiry date (it is sold through that date). */
export function isExpired(batch: Pick<FefoBatch, 'expiryDate'>, today: string): boolean {
  return batch.expiryDate !== null && batch.expiryDate < today;
}

/** Earliest expiry first, batches without an expiry after dated ones, then the oldest batch first. */
export function fefoOrder(batches: readonly FefoBatch[]): FefoBatch[] {
  return [...batches].sort((a, b) => {
    if (a.expiryDate !== b.expiryDate) {
      if (a.expiryDate === null) return 1;
      if (b.expiryDate === null) return -1;
      return a.expiryDate < b.expiryDate ? -1 : 1;
    }
    const age = a.createdAt.getTime() - b.createdAt.getTime();
    if (age !== 0) return age;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

function sum(batches: readonly FefoBatch[]): Decimal {
  return batches.reduce((total, batch) => total.plus(batch.quantity), zero);
}

/** Takes `amount` from the batches in FEFO order, as far as they go; returns the portions and what is left. */
function takeInOrder(batches: readonly FefoBatch[], amount: Decimal): { portions: FefoPortion[]; left: Decimal } {
  const portions: FefoPortion[] = [];
  let left = amount;
  for (const batch of fefoOrder(batches)) {
    if (left.lte(0)) break;
    if (batch.quantity.lte(0)) continue;
    const quantity = Decimal.min(batch.quantity, left);
    portions.push({ batch, quantity });
    left = left.minus(quantity);
  }
  return { portions, left };
}

/**
 * Taking `needed` of an item for an order (CONTRACT §5): the batches that have not expired,
 * earliest expiry first, then unbatched stock. `onHand` is the item's quantity: its batches
 * plus unbatched stock. Short when more is needed than can be sold, unless negative stock is
 * allowed: then the rest comes out of unbatched stock, which goes below zero.
 */
export function planTake(input: {
  batches: readonly FefoBatch[];
  onHand: Decimal;
  needed: Decimal;
  today: string;
  allowNegative: boolean;
}): TakePlan {
  const stocked = input.batches.filter((batch) => batch.quantity.gt(0));
  const skippedExpired = fefoOrder(stocked.filter((batch) => isExpired(batch, input.today)));
  const sellable = stocked.filter((batch) => !isExpired(batch, input.today));
  const available = Decimal.max(zero, input.onHand.minus(sum(skippedExpired)));
  if (input.needed.gt(available) && !input.allowNegative) {
    return { portions: [], skippedExpired, available, short: true };
  }
  const { portions, left } = takeInOrder(sellable, input.needed);
  if (left.gt(0)) portions.push({ batch: null, quantity: left });
  return { portions, skippedExpired, available, short: false };
}

/**
 * A manual change of an item's quantity to `target` (at least 0): when the batches hold no
 * more than the target, unbatched stock becomes the difference and no batch changes;
 * otherwise unbatched stock becomes 0 and the batches give up the excess, earliest expiry
 * first (expired batches included, as they expire first). Returns what leaves each batch.
 */
export function planReduction(batches: readonly FefoBatch[], target: Decimal): FefoPortion[] {
  const stocked = batches.filter((batch) => batch.quantity.gt(0));
  const excess = sum(stocked).minus(target);
  if (excess.lte(0)) return [];
  return takeInOrder(stocked, excess).portions;
}
