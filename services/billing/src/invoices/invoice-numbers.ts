import type { EntityManager } from 'typeorm';

/**
 * INV for customer invoices, SUP for supplier invoices (CONTRACT §4), CN for credit notes (§11),
 * OB for opening balances and WO for their write-offs (docs/decisions/0022).
 */
export type InvoiceSeries = 'INV' | 'SUP' | 'CN' | 'OB' | 'WO';

/**
 * The next number of the series and year, inside the invoice's transaction: the counter row
 * stays locked until it commits, so concurrent invoices wait their turn, and a rolled-back
 * invoice gives its number back. Numbers have no gaps and no duplicates.
 */
export async function nextInvoiceNumber(series: InvoiceSeries, year: number, manager: EntityManager): Promise<string> {
  const [row] = (await manager.query(
    `INSERT INTO billing.invoice_number_counters AS counter (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = counter.last_number + 1
     RETURNING last_number`,
    [series, year],
  )) as Array<{ last_number: number }>;
  return `${series}-${year}-${String(row!.last_number).padStart(6, '0')}`;
}
