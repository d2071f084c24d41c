import { describe, expect, it } from 'vitest';
import { addDays, defaultStatementPeriod, periodErrors, statementFileName } from './statement';

describe('addDays', () => {
  it('moves across months and leap days on the calendar', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('defaultStatementPeriod', () => {
  it('is the 90 days up to and including today, as the server defaults', () => {
    expect(defaultStatementPeriod('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});

describe('periodErrors', () => {
  it('accepts a period of one day', () => {
    expect(periodErrors({ from: '2026-03-01', to: '2026-03-01' })).toEqual({});
  });

  it('refuses From after To, on the To field', () => {
    expect(periodErrors({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ to: 'statement.errors.toBeforeFrom' });
  });

  it('asks for whole days', () => {
    expect(periodErrors({ from: '', to: '2026-03' })).toEqual({
      from: 'statement.errors.fromRequired',
      to: 'statement.errors.toRequired',
    });
  });
});

describe('statementFileName', () => {
  it('names the client and the period', () => {
    expect(statementFileName('Al Noor Trading', { from: '2026-01-01', to: '2026-03-31' })).toBe(
      'statement-Al_Noor_Trading-2026-01-01-2026-03-31.pdf',
    );
  });

  it('keeps an Arabic name and replaces what a file name cannot hold', () => {
    expect(statementFileName('مؤسسة النور/فرع ٢', { from: '2026-01-01', to: '2026-01-31' })).toBe(
      'statement-مؤسسة_النور_فرع_٢-2026-01-01-2026-01-31.pdf',
    );
  });
});
