import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fefoOrder, isExpired, planReduction, planTake, type FefoBatch, type FefoPortion } from './fefo.js';

const today = '2026-03-15';

function batch(id: string, quantity: string, expiryDate: string | null, createdAt = '2026-01-01T00:00:00Z'): FefoBatch {
  return {
    id,
    batchNumber: id.toUpperCase(),
    quantity: new Decimal(quantity),
    expiryDate,
    createdAt: new Date(createdAt),
  };
}

/** Portions as [batch id or 'unbatched', quantity] for short assertions. */
function taken(portions: FefoPortion[]): Array<[string, string]> {
  return portions.map((portion) => [portion.batch?.id ?? 'unbatched', portion.quantity.toString()]);
}

describe('FEFO allocation', () => {
  describe('fefoOrder', () => {
    it('puts the earliest expiry first, undated batches after dated ones, and the oldest first on a tie', () => {
      const order = fefoOrder([
        batch('undated-new', '1', null, '2026-02-01T00:00:00Z'),
        batch('june', '1', '2026-06-01'),
        batch('april-new', '1', '2026-04-01', '2026-02-10T00:00:00Z'),
        batch('undated-old', '1', null, '2026-01-05T00:00:00Z'),
        batch('april-old', '1', '2026-04-01', '2026-01-10T00:00:00Z'),
        batch('march', '1', '2026-03-20'),
      ]);
      expect(order.map((b) => b.id)).toEqual(['march', 'april-old', 'april-new', 'june', 'undated-old', 'undated-new']);
    });
  });

  describe('isExpired', () => {
    it('sells a batch through its expiry date and treats it as expired from the day after', () => {
      expect(isExpired({ expiryDate: '2026-03-14' }, today)).toBe(true);
      expect(isExpired({ expiryDate: '2026-03-15' }, today)).toBe(false);
      expect(isExpired({ expiryDate: null }, today)).toBe(false);
    });
  });

  describe('planTake', () => {
    const plan = (batches: FefoBatch[], onHand: string, needed: string, allowNegative = false) =>
      planTake({ batches, onHand: new Decimal(onHand), needed: new Decimal(needed), today, allowNegative });

    it('takes the three batches earliest expiry first, then unbatched stock', () => {
      const batches = [batch('c', '5', '2026-05-01'), batch('a', '2', '2026-03-20'), batch('b', '3', '2026-04-01')];
      // 10 in batches, 4 unbatched.
      const result = plan(batches, '14', '12');
      expect(result.short).toBe(false);
      expect(taken(result.portions)).toEqual([
        ['a', '2'],
        ['b', '3'],
        ['c', '5'],
        ['unbatched', '2'],
      ]);
    });

    it('stops as soon as the need is met, leaving later batches untouched', () => {
      const result = plan([batch('late', '5', '2026-05-01'), batch('soon', '5', '2026-03-16')], '10', '4.5');
      expect(taken(result.portions)).toEqual([['soon', '4.5']]);
    });

    it('skips expired batches, names them, and does not count them as available', () => {
      const expired = batch('old', '6', '2026-03-01');
      const result = plan([expired, batch('fresh', '3', '2026-04-01')], '9', '4');
      expect(result.short).toBe(true);
      expect(result.available.toString()).toBe('3');
      expect(result.portions).toEqual([]);
      expect(result.skippedExpired).toEqual([expired]);

      const enough = plan([expired, batch('fresh', '3', '2026-04-01')], '9', '3');
      expect(taken(enough.portions)).toEqual([['fresh', '3']]);
      expect(enough.skippedExpired.map((b) => b.id)).toEqual(['old']);
    });

    it('names no empty expired batch', () => {
      const result = plan([batch('old', '0', '2026-03-01'), batch('fresh', '3', '2026-04-01')], '3', '1');
      expect(result.skippedExpired).toEqual([]);
    });

    it('is short by what it cannot sell, and takes nothing', () => {
      const result = plan([batch('a', '2', '2026-04-01')], '3', '3.001');
      expect(result.short).toBe(true);
      expect(result.available.toString()).toBe('3');
      expect(result.portions).toEqual([]);
    });

    it('with negative stock allowed, takes the rest out of unbatched stock', () => {
      const result = plan([batch('a', '2', '2026-04-01'), batch('x', '1', '2026-03-01')], '3', '5', true);
      expect(result.short).toBe(false);
      expect(taken(result.portions)).toEqual([
        ['a', '2'],
        ['unbatched', '3'],
      ]);
    });

    it('nets unbatched stock below zero against the batches', () => {
      // 5 in a batch, unbatched -2 (sold earlier with negative stock allowed): 3 can be sold.
      const result = plan([batch('a', '5', '2026-04-01')], '3', '4');
      expect(result.short).toBe(true);
      expect(result.available.toString()).toBe('3');
      expect(taken(plan([batch('a', '5', '2026-04-01')], '3', '3').portions)).toEqual([['a', '3']]);
    });

    it('works in exact decimals: 0.1 + 0.2 kg is 0.3 kg', () => {
      const result = plan([batch('a', '0.1', '2026-04-01'), batch('b', '0.2', '2026-04-02')], '0.3', '0.3');
      expect(result.short).toBe(false);
      expect(taken(result.portions)).toEqual([
        ['a', '0.1'],
        ['b', '0.2'],
      ]);
    });
  });

  describe('planReduction', () => {
    const batches = [batch('b', '4', '2026-04-01'), batch('expired', '2', '2026-03-01'), batch('u', '3', null)];

    it('changes no batch when the batches hold no more than the new quantity', () => {
      expect(planReduction(batches, new Decimal('9'))).toEqual([]);
      expect(planReduction(batches, new Decimal('20'))).toEqual([]);
    });

    it('takes the excess out of the batches earliest expiry first, expired ones included', () => {
      expect(taken(planReduction(batches, new Decimal('5')))).toEqual([
        ['expired', '2'],
        ['b', '2'],
      ]);
      expect(taken(planReduction(batches, new Decimal('0')))).toEqual([
        ['expired', '2'],
        ['b', '4'],
        ['u', '3'],
      ]);
    });
  });
});
