import type { EntityManager } from 'typeorm';

/** ORD-YYYY-NNNNNN (CONTRACT §4). */
export function formatOrderNumber(year: number, serial: number): string {
  return `ORD-${year}-${String(serial).padStart(6, '0')}`;
}

/**
 * The next serial of the year, inside the caller's transaction: the counter's row stays locked
 * until it commits, so concurrent orders get distinct, increasing numbers, and a rolled-back
 * order gives its number back (no gaps from failures).
 */
export async function nextOrderNumber(year: number, manager: EntityManager): Promise<string> {
  const [row] = (await manager.query(
    `INSERT INTO orders.order_number_counters AS counter (year, last_number) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_number = counter.last_number + 1
     RETURNING last_number`,
    [year],
  )) as Array<{ last_number: number }>;
  return formatOrderNumber(year, row!.last_number);
}
