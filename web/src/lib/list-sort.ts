/** A list's order as the user chose it by a column header (CONTRACT §13 `sort=<field>:asc|desc`). */
export interface ListSort<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * The order after a click on a column's header: that column ascending, then descending, then the
 * list's own order again.
 */
export function nextSort<F extends string>(current: ListSort<F> | null, field: F): ListSort<F> | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

/** An order read back from its `sort` parameter (an address), or null when it names no field of `fields`. */
export function parseSort<F extends string>(text: string | null, fields: readonly F[]): ListSort<F> | null {
  const [field, direction] = (text ?? '').split(':');
  if (!(fields as readonly string[]).includes(field ?? '')) return null;
  return direction === 'asc' || direction === 'desc' ? { field: field as F, direction } : null;
}

/** The `sort` query parameter of an order, or undefined for the list's own. */
export function sortParam(sort: ListSort | null): string | undefined {
  return sort ? `${sort.field}:${sort.direction}` : undefined;
}

/** A list's path with its query, leaving out empty values (for an export of what is on screen). */
export function listPath(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
