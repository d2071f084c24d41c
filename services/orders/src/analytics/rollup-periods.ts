/**
 * The periods the client and product rollups are kept by: day, 7-day block of the month (starting
 * on the 1st, 8th, 15th, 22nd and 29th, so blocks never cross months), month, year, and all time
 * (one period starting at -infinity). Each partitions the one above it.
 */
export type Grain = 'd' | 'w' | 'm' | 'y' | 'a';

/**
 * Rollup rows of one grain whose period starts in [first, past), added (sign 1) or taken out
 * (sign -1). Dates are YYYY-MM-DD.
 */
export interface RollupPiece {
  grain: Grain;
  first: string;
  past: string;
  sign: 1 | -1;
}

/** The grains with calendar periods (all but 'a'). */
type Calendar = Exclude<Grain, 'a'>;

interface CalendarPiece extends RollupPiece {
  grain: Calendar;
}

const finer: Record<Calendar, Calendar> = { y: 'm', m: 'w', w: 'd', d: 'd' };

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The start of the period of `grain` holding `date` (as orders.analytics_period does in SQL); not for 'a'. */
export function periodStart(date: string, grain: Calendar): string {
  if (grain === 'y') return `${date.slice(0, 4)}-01-01`;
  if (grain === 'm') return `${date.slice(0, 7)}-01`;
  if (grain === 'w') {
    const day = Number(date.slice(8));
    return `${date.slice(0, 8)}${String(day - ((day - 1) % 7)).padStart(2, '0')}`;
  }
  return date;
}

/** The start of the next period after the one starting at `start`; not for 'a'. */
export function nextPeriod(start: string, grain: Calendar): string {
  if (grain === 'w') {
    const monthEnd = nextPeriod(periodStart(start, 'm'), 'm');
    const week = iso(new Date(utc(start).getTime() + 7 * 86_400_000));
    return week < monthEnd ? week : monthEnd;
  }
  const date = utc(start);
  if (grain === 'y') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (grain === 'm') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCDate(date.getUTCDate() + 1);
  return iso(date);
}

/** How many periods of `grain` start in [first, past). */
function periods(first: string, past: string, grain: Calendar): number {
  if (grain === 'w') {
    let count = 0;
    for (let start = first; start < past; start = nextPeriod(start, 'w')) count += 1;
    return count;
  }
  const [a, b] = [utc(first), utc(past)];
  if (grain === 'd') return Math.round((b.getTime() - a.getTime()) / 86_400_000);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  return grain === 'm' ? months : months / 12;
}

/** Rows read: about the same number per period of any grain (every product sells most days). */
function cost(pieces: readonly CalendarPiece[]): number {
  return pieces.reduce((sum, piece) => sum + periods(piece.first, piece.past, piece.grain), 0);
}

function negated(pieces: readonly CalendarPiece[]): CalendarPiece[] {
  return pieces.map((piece) => ({ ...piece, sign: piece.sign === 1 ? -1 : 1 }));
}

/** [first, past) with no whole period of `grain` inside: within one period, or across one boundary. */
function cover(first: string, past: string, grain: Calendar): CalendarPiece[] {
  if (first >= past) return [];
  if (grain === 'd') return [{ grain, first, past, sign: 1 }];
  const startFloor = periodStart(first, grain);
  const wholeFrom = startFloor === first ? first : nextPeriod(startFloor, grain);
  const wholePast = periodStart(past, grain);
  if (wholeFrom < wholePast) {
    return [
      ...within(first, wholeFrom, grain),
      { grain, first: wholeFrom, past: wholePast, sign: 1 },
      ...within(wholePast, past, grain),
    ];
  }
  if (wholeFrom === wholePast) return [...within(first, wholeFrom, grain), ...within(wholePast, past, grain)];
  return within(first, past, grain);
}

/**
 * [first, past) inside one period of `grain`: either its finer periods, or the whole period less
 * the finer periods outside the range, whichever reads fewer rows.
 */
function within(first: string, past: string, grain: Calendar): CalendarPiece[] {
  if (first >= past) return [];
  const start = periodStart(first, grain);
  const end = nextPeriod(start, grain);
  if (start === first && end === past) return [{ grain, first, past, sign: 1 }];
  const direct = cover(first, past, finer[grain]);
  const complement: CalendarPiece[] = [
    { grain, first: start, past: end, sign: 1 },
    ...negated(cover(start, first, finer[grain])),
    ...negated(cover(past, end, finer[grain])),
  ];
  return cost(complement) < cost(direct) ? complement : direct;
}

/**
 * The days from..to (inclusive) as signed ranges of rollup rows, reading as few rows as it can:
 * whole years, months and blocks where they fit, days only at the edges, and a period less its
 * parts outside the range when that reads fewer.
 * `firstDay` and `lastDay` bound the stored data: when the range reaches past them, it is
 * stretched to whole years there, since nothing is stored beyond; past both, it is all time.
 */
export function rollupPieces(from: string, to: string, firstDay: string, lastDay: string): RollupPiece[] {
  if (from > to || from > lastDay || to < firstDay) return [];
  if (from <= firstDay && to >= lastDay) return [{ grain: 'a', first: '-infinity', past: 'infinity', sign: 1 }];
  const first = from <= firstDay ? periodStart(firstDay, 'y') : from;
  const past = to >= lastDay ? nextPeriod(periodStart(lastDay, 'y'), 'y') : nextPeriod(to, 'd');
  return cover(first, past, 'y');
}
