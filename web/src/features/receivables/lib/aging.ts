/**
 * The aging report's arithmetic. Amounts arrive as 2-decimal strings ("1234.50"); they are added
 * and compared in whole cents (lib/decimal's `toCents`, BigInt), never as floats, and go back to
 * the API's text form (`centsToString`) for display.
 */
import type { AgingRowDto } from '@erp/contracts';
import { centsToString, toCents } from '../../../lib/decimal';

/** The columns of the report, from not yet due to longest overdue. */
export const agingBuckets = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** The buckets past due: everything but `current`. */
export const overdueBuckets: readonly AgingBucket[] = ['d1_30', 'd31_60', 'd61_90', 'd90_plus'];

/** How a bucket's amount is flagged: 61–90 days a warning, over 90 days an error; none before. */
export type AgingFlag = 'warning' | 'error';

/**
 * The flags' soft colours, as the invoices screen's Unpaid (amber) and Overdue (red) chips: dark
 * text on a light tint, at least 6:1 contrast.
 */
export const agingFlagColours: Record<AgingFlag, { color: string; bgcolor: string; borderColor: string }> = {
  warning: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  error: { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' },
};

export function flagOf(bucket: AgingBucket): AgingFlag | undefined {
  if (bucket === 'd61_90') return 'warning';
  if (bucket === 'd90_plus') return 'error';
  return undefined;
}

/** Every bucket and the total, summed over some rows: 2-decimal strings. */
export type AgingTotals = Record<AgingBucket | 'total', string>;

/** The report's bottom line: each column summed exactly, in cents. */
export function agingTotals(rows: readonly AgingRowDto[]): AgingTotals {
  const sums = { current: 0n, d1_30: 0n, d31_60: 0n, d61_90: 0n, d90_plus: 0n, total: 0n };
  for (const row of rows) {
    for (const key of [...agingBuckets, 'total'] as const) sums[key] += toCents(row[key]);
  }
  return {
    current: centsToString(sums.current),
    d1_30: centsToString(sums.d1_30),
    d31_60: centsToString(sums.d31_60),
    d61_90: centsToString(sums.d61_90),
    d90_plus: centsToString(sums.d90_plus),
    total: centsToString(sums.total),
  };
}

/** What a client (or the totals row) owes past its due dates, in cents: every bucket but `current`. */
export function overdueCents(row: Pick<AgingRowDto, AgingBucket>): bigint {
  return overdueBuckets.reduce((sum, bucket) => sum + toCents(row[bucket]), 0n);
}

export interface AgingSummary {
  /** Everything owed. */
  total: string;
  /** Owed past its due date (1 day or more). */
  overdue: string;
  /** Owed more than 90 days past its due date. */
  over90: string;
  /** Clients with anything overdue. */
  overdueClients: number;
  /** Clients owing anything. */
  clients: number;
}

/** The summary figures of the aging screen and the dashboard card. */
export function agingSummary(rows: readonly AgingRowDto[]): AgingSummary {
  const totals = agingTotals(rows);
  return {
    total: totals.total,
    overdue: centsToString(overdueCents(totals)),
    over90: totals.d90_plus,
    overdueClients: rows.filter((row) => overdueCents(row) > 0n).length,
    clients: rows.length,
  };
}

export interface OverdueClient {
  clientId: string;
  clientName: string;
  /** 2-decimal string. */
  overdue: string;
}

/**
 * The clients owing the most past due, most first (equal amounts by name), at most `limit` of
 * them; clients with nothing overdue are left out.
 */
export function topOverdueClients(rows: readonly AgingRowDto[], limit: number): OverdueClient[] {
  return rows
    .map((row) => ({ row, cents: overdueCents(row) }))
    .filter(({ cents }) => cents > 0n)
    .sort((a, b) =>
      a.cents === b.cents ? a.row.clientName.localeCompare(b.row.clientName) : a.cents > b.cents ? -1 : 1,
    )
    .slice(0, limit)
    .map(({ row, cents }) => ({ clientId: row.clientId, clientName: row.clientName, overdue: centsToString(cents) }));
}

/**
 * A name as the search compares it: lower case, without accents or Arabic short vowels (tashkeel)
 * and tatweel, the hamza forms of alef as a bare alef, taa marbuta as haa and alef maqsura as yaa,
 * so "مؤسسة الأمل" is found by "مؤسسه الامل".
 */
export function searchableName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rows whose client name contains the search text (all of them for an empty search). */
export function filterByClientName(rows: readonly AgingRowDto[], search: string): readonly AgingRowDto[] {
  const wanted = searchableName(search);
  if (!wanted) return rows;
  return rows.filter((row) => searchableName(row.clientName).includes(wanted));
}

/** The client's page (another screen; the link only), its id escaped. */
export function clientPath(clientId: string): string {
  return `/clients/${encodeURIComponent(clientId)}`;
}

/** The aging report's own screen. */
export const RECEIVABLES_PATH = '/receivables';
