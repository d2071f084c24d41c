import { describe, expect, it } from 'vitest';
import { listPath, nextSort, parseSort, sortParam } from './list-sort';

describe('list sorting', () => {
  it('goes ascending, descending, then back to the list’s own order on one column', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ field: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toBeNull();
    expect(nextSort(second, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
  });

  it('writes and reads the sort parameter, refusing fields the list does not sort by', () => {
    expect(sortParam({ field: 'totalAmount', direction: 'desc' })).toBe('totalAmount:desc');
    expect(sortParam(null)).toBeUndefined();
    const fields = ['issuedAt', 'totalAmount'] as const;
    expect(parseSort('totalAmount:desc', fields)).toEqual({ field: 'totalAmount', direction: 'desc' });
    expect(parseSort('phone:asc', fields)).toBeNull();
    expect(parseSort('totalAmount:up', fields)).toBeNull();
    expect(parseSort(null, fields)).toBeNull();
  });

  it('builds an export path from the filters on screen, leaving out empty ones', () => {
    expect(
      listPath('/api/invoices', { type: 'customer', search: 'نور', from: undefined, to: '', sort: 'issuedAt:asc' }),
    ).toBe('/api/invoices?type=customer&search=%D9%86%D9%88%D8%B1&sort=issuedAt%3Aasc');
    expect(listPath('/api/stock', {})).toBe('/api/stock');
  });
});
