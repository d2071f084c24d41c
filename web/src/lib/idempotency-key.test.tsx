import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('makes a new 32-hex-digit key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the key while the same request is sent again, and changes it with the request', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current({ clientName: 'Al Noor', items: [{ quantity: '2' }] });
    expect(result.current({ clientName: 'Al Noor', items: [{ quantity: '2' }] })).toBe(first);
    const edited = result.current({ clientName: 'Al Noor', items: [{ quantity: '3' }] });
    expect(edited).not.toBe(first);
    expect(result.current({ clientName: 'Al Noor', items: [{ quantity: '3' }] })).toBe(edited);
  });
});
