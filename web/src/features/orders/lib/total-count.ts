import type { HttpMeta } from '../../../lib/http-base-query';

/** The X-Total-Count of a paged list (CONTRACT §4b), or `fallback` when it is missing or unreadable. */
export function totalOf(meta: HttpMeta | undefined, fallback: number): number {
  const header = meta?.response.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}
