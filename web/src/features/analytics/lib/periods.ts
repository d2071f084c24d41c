import type { AnalyticsQuery } from '../api/analytics-api';

/** The periods of the Analytics screen, in the order the selector lists them. */
export const analyticsPeriods = ['this-month', 'last-30-days', 'last-90-days', 'this-year', 'all-time'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const DEFAULT_PERIOD: AnalyticsPeriod = 'last-30-days';

/** The server counts days in the business time zone (docs/api/orders-clients-analytics.md). */
export const BUSINESS_TIME_ZONE = 'Asia/Riyadh';

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return typeof value === 'string' && (analyticsPeriods as readonly string[]).includes(value);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ("YYYY-MM-DD") that `now` falls on in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map(({ type, value }) => [type, value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" as midnight UTC, or null when it is not such a day. */
export function parseDay(day: string): Date | null {
  const match = dayPattern.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || toDay(date) !== day ? null : date;
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A calendar day moved by `days` (negative: back); calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  if (!date) throw new Error(`not a day: ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/**
 * The `from`/`to` (inclusive) the server is asked for: "today" is the day in the business time
 * zone, so a user abroad still sees Riyadh's month and days. Last 30 days is today and the 29
 * before it; All time sends neither (the server starts at the first order and ends today).
 */
export function periodRange(
  period: AnalyticsPeriod,
  now: Date = new Date(),
  timeZone = BUSINESS_TIME_ZONE,
): AnalyticsQuery {
  const today = dayIn(timeZone, now);
  switch (period) {
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-90-days':
      return { from: addDays(today, -89), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'all-time':
      return {};
  }
}
