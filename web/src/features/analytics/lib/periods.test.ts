import { describe, expect, it } from 'vitest';
import { addDays, dayIn, DEFAULT_PERIOD, isAnalyticsPeriod, periodRange } from './periods';

/** 00:30 on 1 December 2026 in Riyadh (UTC+3), still 30 November in UTC and in the Americas. */
const justAfterMidnightInRiyadh = new Date('2026-11-30T21:30:00Z');

describe('periodRange', () => {
  it('defaults to the last 30 days', () => {
    expect(DEFAULT_PERIOD).toBe('last-30-days');
  });

  it('counts days in the business time zone, not the browser one', () => {
    expect(dayIn('Asia/Riyadh', justAfterMidnightInRiyadh)).toBe('2026-12-01');
    expect(dayIn('UTC', justAfterMidnightInRiyadh)).toBe('2026-11-30');
  });

  it('maps This month to the first of the month in Riyadh up to today', () => {
    expect(periodRange('this-month', justAfterMidnightInRiyadh)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(periodRange('this-month', new Date('2026-11-22T09:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
    });
  });

  it('maps Last 30 days and Last 90 days to today and the 29 or 89 days before it', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(periodRange('last-30-days', now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(periodRange('last-90-days', now)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    expect(periodRange('last-30-days', justAfterMidnightInRiyadh)).toEqual({ from: '2026-11-02', to: '2026-12-01' });
  });

  it('crosses a leap day and a year end', () => {
    expect(periodRange('last-30-days', new Date('2028-03-01T10:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-03-01',
    });
    expect(periodRange('last-30-days', new Date('2027-01-10T10:00:00Z'))).toEqual({
      from: '2026-12-12',
      to: '2027-01-10',
    });
  });

  it('maps This year to 1 January in Riyadh, which starts three hours before UTC', () => {
    expect(periodRange('this-year', new Date('2026-12-31T21:00:00Z'))).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
    expect(periodRange('this-year', new Date('2026-11-22T09:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-11-22',
    });
  });

  it('sends neither bound for All time (the server starts at the first order and ends today)', () => {
    expect(periodRange('all-time', justAfterMidnightInRiyadh)).toEqual({});
  });

  it('honours another time zone when given one', () => {
    expect(periodRange('this-month', justAfterMidnightInRiyadh, 'America/New_York')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});

describe('addDays', () => {
  it('moves calendar days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('isAnalyticsPeriod', () => {
  it('accepts the five periods only', () => {
    expect(isAnalyticsPeriod('this-year')).toBe(true);
    expect(isAnalyticsPeriod('last-7-days')).toBe(false);
    expect(isAnalyticsPeriod(null)).toBe(false);
  });
});
