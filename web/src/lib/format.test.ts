import { describe, expect, it } from 'vitest';
import { formatDate, formatDayTime, formatRelativeTime, formatWait } from './format';
import { parseRetryAfter } from './http-error';

describe('formatWait', () => {
  it('rounds up to whole seconds below a minute and to minutes above', () => {
    expect(formatWait(0.2, 'en')).toBe('1 second');
    expect(formatWait(45, 'en')).toBe('45 seconds');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(900, 'en')).toBe('15 minutes');
  });

  it('uses the Arabic plural forms with Latin digits', () => {
    expect(formatWait(120, 'ar')).toBe('دقيقتان');
    expect(formatWait(900, 'ar')).toBe('15 دقيقة');
  });
});

describe('formatDate', () => {
  it('writes the month as a word in both languages', () => {
    expect(formatDate('2026-03-01T09:00:00.000Z', 'en')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01T09:00:00.000Z', 'ar')).toBe('1 مارس 2026');
  });

  it('shows an unreadable value as it is', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    const now = Date.parse('2026-03-01T09:00:00Z');
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('formatDayTime', () => {
  it('writes the day first with a 24-hour clock, in local time', () => {
    expect(formatDayTime(new Date(2026, 10, 2, 14, 5))).toBe('02/11/2026 14:05');
    expect(formatDayTime('not a date')).toBe('not a date');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says how long ago in words, in both languages', () => {
    expect(formatRelativeTime('2026-11-22T11:59:40Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-21T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-22T11:55:00Z', 'ar', now)).toBe('قبل 5 دقائق');
    expect(formatRelativeTime('2026-11-22T11:59:40Z', 'ar', now)).toBe('الآن');
  });
});
