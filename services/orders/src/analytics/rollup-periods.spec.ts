import { addDays } from '@erp/common';
import { describe, expect, it } from 'vitest';
import { nextPeriod, periodStart, rollupPieces, type RollupPiece } from './rollup-periods.js';

/** How many times each day between the data bounds is counted by the pieces (0 when none). */
function coverage(pieces: RollupPiece[], firstDay: string, lastDay: string): Map<string, number> {
  const counted = new Map<string, number>();
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) counted.set(day, 0);
  for (const piece of pieces) {
    if (piece.grain === 'a') {
      for (const day of counted.keys()) counted.set(day, counted.get(day)! + piece.sign);
      continue;
    }
    const grain = piece.grain;
    for (let start = piece.first; start < piece.past; start = nextPeriod(start, grain)) {
      const end = nextPeriod(start, grain);
      for (let day = start; day < end; day = addDays(day, 1)) {
        if (counted.has(day)) counted.set(day, counted.get(day)! + piece.sign);
      }
    }
  }
  return counted;
}

function expectExactCover(from: string, to: string, firstDay: string, lastDay: string): RollupPiece[] {
  const pieces = rollupPieces(from, to, firstDay, lastDay);
  for (const [day, times] of coverage(pieces, firstDay, lastDay)) {
    expect(times, `${day} for ${from}..${to}`).toBe(day >= from && day <= to ? 1 : 0);
  }
  return pieces;
}

describe('rollupPieces', () => {
  const firstDay = '2024-11-23';
  const lastDay = '2026-11-22';

  it('reads the all-time rows for a range reaching past both ends of the data', () => {
    const allTime = [{ grain: 'a', first: '-infinity', past: 'infinity', sign: 1 }];
    expect(expectExactCover('2020-01-01', '2026-11-22', firstDay, lastDay)).toEqual(allTime);
    expect(expectExactCover(firstDay, '2030-05-05', firstDay, lastDay)).toEqual(allTime);
  });

  it('stretches a range reaching past one end of the data to whole years there', () => {
    expect(expectExactCover('2020-01-01', '2025-12-31', firstDay, lastDay)).toEqual([
      { grain: 'y', first: '2024-01-01', past: '2026-01-01', sign: 1 },
    ]);
    expect(expectExactCover('2025-01-01', '2027-03-01', firstDay, lastDay)).toEqual([
      { grain: 'y', first: '2025-01-01', past: '2027-01-01', sign: 1 },
    ]);
  });

  it('reads blocks and days of a partial month at the start, and whole months up to today', () => {
    expect(expectExactCover('2026-10-24', '2026-11-22', firstDay, lastDay)).toEqual([
      // The block of the 22nd to the 28th less its first two days, then the block from the 29th.
      { grain: 'w', first: '2026-10-22', past: '2026-10-29', sign: 1 },
      { grain: 'd', first: '2026-10-22', past: '2026-10-24', sign: -1 },
      { grain: 'w', first: '2026-10-29', past: '2026-11-01', sign: 1 },
      { grain: 'm', first: '2026-11-01', past: '2027-01-01', sign: 1 },
    ]);
    // 11 days inside one month: two blocks less three days, 5 periods instead of 11.
    expect(expectExactCover('2026-10-10', '2026-10-20', firstDay, '2026-12-31')).toEqual([
      { grain: 'w', first: '2026-10-08', past: '2026-10-15', sign: 1 },
      { grain: 'd', first: '2026-10-08', past: '2026-10-10', sign: -1 },
      { grain: 'w', first: '2026-10-15', past: '2026-10-22', sign: 1 },
      { grain: 'd', first: '2026-10-21', past: '2026-10-22', sign: -1 },
    ]);
  });

  it('cuts months into blocks of the 1st, 8th, 15th, 22nd and 29th', () => {
    expect(
      ['2026-02-01', '2026-02-07', '2026-02-08', '2026-02-28', '2026-03-31'].map((day) => periodStart(day, 'w')),
    ).toEqual(['2026-02-01', '2026-02-01', '2026-02-08', '2026-02-22', '2026-03-29']);
    expect(nextPeriod('2026-02-22', 'w')).toBe('2026-03-01');
    expect(nextPeriod('2026-03-29', 'w')).toBe('2026-04-01');
    expect(nextPeriod('2026-03-22', 'w')).toBe('2026-03-29');
  });

  it('reads a month less its days outside the range when most of the month is inside', () => {
    expect(expectExactCover('2026-10-03', '2026-11-22', firstDay, lastDay)).toEqual([
      { grain: 'm', first: '2026-10-01', past: '2026-11-01', sign: 1 },
      { grain: 'd', first: '2026-10-01', past: '2026-10-03', sign: -1 },
      { grain: 'm', first: '2026-11-01', past: '2027-01-01', sign: 1 },
    ]);
  });

  it('reads years and months for a long range with partial months at both edges', () => {
    const pieces = expectExactCover('2025-01-15', '2026-03-10', firstDay, lastDay);
    expect(pieces.filter((piece) => piece.grain === 'y')).toEqual([
      { grain: 'y', first: '2025-01-01', past: '2026-01-01', sign: 1 },
    ]);
    expect(pieces.filter((piece) => piece.grain === 'd').length).toBeLessThanOrEqual(2);
  });

  it('reads a single day or a few days as days', () => {
    expect(expectExactCover('2026-02-28', '2026-02-28', firstDay, lastDay)).toEqual([
      { grain: 'd', first: '2026-02-28', past: '2026-03-01', sign: 1 },
    ]);
    expect(expectExactCover('2025-12-30', '2026-01-02', firstDay, lastDay)).toEqual([
      { grain: 'd', first: '2025-12-30', past: '2026-01-01', sign: 1 },
      { grain: 'd', first: '2026-01-01', past: '2026-01-03', sign: 1 },
    ]);
  });

  it('reads nothing for a range outside the data or upside down', () => {
    expect(rollupPieces('2023-01-01', '2024-11-22', firstDay, lastDay)).toEqual([]);
    expect(rollupPieces('2026-11-23', '2026-12-31', firstDay, lastDay)).toEqual([]);
    expect(rollupPieces('2026-05-02', '2026-05-01', firstDay, lastDay)).toEqual([]);
  });

  it('counts every day of the data once when inside the range and never otherwise, for any range', () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let run = 0; run < 120; run += 1) {
      const from = addDays('2024-10-01', random(820));
      const to = addDays(from, random(500));
      const pieces = expectExactCover(from, to, firstDay, lastDay);
      // Each edge reads at most a few days and blocks, plus whole periods.
      expect(pieces.filter((piece) => piece.grain === 'd').length).toBeLessThanOrEqual(4);
    }
  });
});
