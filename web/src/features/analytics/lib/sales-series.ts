import type { DailySalesDto } from '../api/analytics-api';
import { centsToString, toCents } from '../../../lib/decimal';
import { addDays, parseDay } from './periods';

/** Up to this many days the chart has a bar per day; longer periods are shown by month, then by year. */
export const MAX_DAILY_BARS = 92;
export const MAX_MONTHLY_BARS = 36;

export type SalesGranularity = 'day' | 'month' | 'year';

export interface SalesPoint {
  /** "YYYY-MM-DD", "YYYY-MM" or "YYYY". */
  key: string;
  /** The first day of the bucket, "YYYY-MM-DD" (for labels). */
  start: string;
  orders: number;
  /** Decimal string with 2 decimals, summed in cents. */
  revenue: string;
  cents: bigint;
}

export interface SalesSeries {
  granularity: SalesGranularity;
  points: SalesPoint[];
  /** The first and last day drawn, or null when there is nothing to draw. */
  from: string | null;
  to: string | null;
}

function bucketKey(day: string, granularity: SalesGranularity): string {
  if (granularity === 'day') return day;
  return granularity === 'month' ? day.slice(0, 7) : day.slice(0, 4);
}

function bucketStart(key: string, granularity: SalesGranularity): string {
  if (granularity === 'day') return key;
  return granularity === 'month' ? `${key}-01` : `${key}-01-01`;
}

function nextBucket(key: string, granularity: SalesGranularity): string {
  if (granularity === 'day') return addDays(key, 1);
  if (granularity === 'year') return String(Number(key) + 1);
  const [year, month] = key.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

function daysBetween(from: string, to: string): number {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) return 0;
  return Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1;
}

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/**
 * The chart's bars from `salesByDay`, which lists only the days that had orders: every day of
 * the period gets a bar, at zero when it had none. Periods longer than 92 days are summed by
 * month (longer than 36 months, by year). The period is the answer's `from`/`to`; when the
 * server leaves one out, the first or last day with sales stands in.
 */
export function buildSalesSeries(
  salesByDay: readonly DailySalesDto[],
  from: string | null | undefined,
  to: string | null | undefined,
): SalesSeries {
  const days = salesByDay.filter(({ date }) => parseDay(date)).map(({ date }) => date);
  const sorted = [...days].sort();
  let start = from && parseDay(from) ? from : (sorted[0] ?? null);
  let end = to && parseDay(to) ? to : (sorted.at(-1) ?? null);
  if (!start || !end) return { granularity: 'day', points: [], from: null, to: null };
  if (start > end) [start, end] = [end, start];

  const granularity: SalesGranularity =
    daysBetween(start, end) <= MAX_DAILY_BARS
      ? 'day'
      : monthsBetween(start, end) <= MAX_MONTHLY_BARS
        ? 'month'
        : 'year';

  const totals = new Map<string, { orders: number; cents: bigint }>();
  for (const { date, orders, revenue } of salesByDay) {
    if (!parseDay(date) || date < start || date > end) continue;
    const key = bucketKey(date, granularity);
    const total = totals.get(key) ?? { orders: 0, cents: 0n };
    total.orders += Number.isFinite(orders) ? orders : 0;
    total.cents += toCents(revenue);
    totals.set(key, total);
  }

  const points: SalesPoint[] = [];
  const last = bucketKey(end, granularity);
  for (let key = bucketKey(start, granularity); key <= last; key = nextBucket(key, granularity)) {
    const { orders, cents } = totals.get(key) ?? { orders: 0, cents: 0n };
    points.push({ key, start: bucketStart(key, granularity), orders, cents, revenue: centsToString(cents) });
  }
  return { granularity, points, from: start, to: end };
}

/** The bucket with the most revenue (the earliest on a tie), or null when nothing sold. */
export function bestPoint(points: readonly SalesPoint[]): SalesPoint | null {
  let best: SalesPoint | null = null;
  for (const point of points) {
    if (point.cents > 0n && (!best || point.cents > best.cents)) best = point;
  }
  return best;
}
