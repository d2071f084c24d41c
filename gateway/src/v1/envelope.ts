import type { Envelope } from '@erp/contracts';

/** A successful /api/v1 answer. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, data };
}

/** A page of a /api/v1 list: `count` entries, whether more follow, and the total when asked. */
export function page<T>(items: T[], hasMore: boolean, total: number | null): Envelope<T[]> {
  return { success: true, data: items, count: items.length, hasMore, ...(total === null ? {} : { total }) };
}

/**
 * The same page as `page`, written around items already in JSON (a list the service wrote once):
 * the answer's text, byte for byte what `page` would give once serialised.
 */
export function serializedPage(itemsJson: string, count: number, hasMore: boolean, total: number | null): string {
  const tail = total === null ? '' : `,"total":${total}`;
  return `{"success":true,"data":${itemsJson},"count":${count},"hasMore":${hasMore}${tail}}`;
}
