/** The days a statement covers unless told otherwise: the 90 days to today, as the server's default. */
export const STATEMENT_DEFAULT_DAYS = 90;

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" plus `days` (negative: before), on the calendar alone (no time zone can shift it). */
export function addDays(day: string, days: number): string {
  const match = isoDay.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

export interface StatementPeriod {
  from: string;
  to: string;
}

/** The 90 days up to and including `today`: what the server answers when no period is asked. */
export function defaultStatementPeriod(today: string): StatementPeriod {
  return { from: addDays(today, -(STATEMENT_DEFAULT_DAYS - 1)), to: today };
}

export type PeriodField = keyof StatementPeriod;

/**
 * What is wrong with a period before it is asked for, as translation keys (invoices namespace):
 * a day missing (a half-typed date), or From after To (which the server refuses with a 400).
 */
export function periodErrors({ from, to }: StatementPeriod): Partial<Record<PeriodField, string>> {
  const errors: Partial<Record<PeriodField, string>> = {};
  if (!isoDay.test(from)) errors.from = 'statement.errors.fromRequired';
  if (!isoDay.test(to)) errors.to = 'statement.errors.toRequired';
  else if (!errors.from && from > to) errors.to = 'statement.errors.toBeforeFrom';
  return errors;
}

/**
 * `statement-Al_Noor_Trading-2026-01-01-2026-03-31.pdf`, as the server names it: the client's name
 * (letters of any script and digits kept, anything else replaced) and the period.
 */
export function statementFileName(clientName: string, { from, to }: StatementPeriod, extension = 'pdf'): string {
  const safe = clientName.trim().replace(/[^\p{L}\p{N}._-]+/gu, '_') || 'client';
  return `statement-${safe}-${from}-${to}.${extension}`;
}
