import { describe, expect, it } from 'vitest';
import { page, serializedPage } from './envelope.js';

describe('serializedPage', () => {
  const items = [
    { id: 'a', name: 'Almarai "Fresh" Milk', nameAr: 'حليب المراعي', quantity: 12.5, packs: [] },
    { id: 'b', name: 'Line\nbreak', nameAr: null, quantity: 0, packs: [{ unit: 'carton', factor: 12 }] },
  ];

  it('writes exactly what page() gives once serialised, with and without the total', () => {
    for (const [hasMore, total] of [
      [true, null],
      [false, 2],
      [false, 0],
    ] as const) {
      expect(serializedPage(JSON.stringify(items), items.length, hasMore, total)).toBe(
        JSON.stringify(page(items, hasMore, total)),
      );
    }
  });

  it('writes an empty page', () => {
    expect(JSON.parse(serializedPage('[]', 0, false, null))).toEqual({
      success: true,
      data: [],
      count: 0,
      hasMore: false,
    });
  });
});
