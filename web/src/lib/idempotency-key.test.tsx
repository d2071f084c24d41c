import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idempotencyHeaders, newIdempotencyKey, useIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('makes a new 32-hex-digit key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the key while the same request is sent again, and changes it with the request', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ clientName: 'Al Noor', items: [{ quantity: '2' }] });
    expect(result.current.keyFor({ clientName: 'Al Noor', items: [{ quantity: '2' }] })).toBe(first);
    const edited = result.current.keyFor({ clientName: 'Al Noor', items: [{ quantity: '3' }] });
    expect(edited).not.toBe(first);
    expect(result.current.keyFor({ clientName: 'Al Noor', items: [{ quantity: '3' }] })).toBe(edited);
  });

  it('gives the same request a new key once its submission went through', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const request = { invoiceId: 'inv-1', amount: '100.00', method: 'cash' };
    const first = result.current.keyFor(request);
    result.current.succeeded();
    const next = result.current.keyFor(request);
    expect(next).not.toBe(first);
    expect(result.current.keyFor(request)).toBe(next);
  });

  it('sends the header only with a key', () => {
    expect(idempotencyHeaders('abc')).toEqual({ headers: { 'Idempotency-Key': 'abc' } });
    expect(idempotencyHeaders(undefined)).toEqual({});
  });
});
