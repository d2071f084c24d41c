import type { Envelope } from '@erp/contracts';

/** A successful /api/v1 answer. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, data };
}

/** A page of a /api/v1 list: `count` entries, whether more follow, and the total when asked. */
export function page<T>(items: T[], hasMore: boolean, total: number | null): Envelope<T[]> {
  return { success: true, data: items, count: items.length, hasMore, ...(total === null ? {} : { total }) };
}
