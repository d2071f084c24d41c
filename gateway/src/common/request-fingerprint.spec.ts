import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './request-fingerprint.js';

describe('requestFingerprint', () => {
  it('is the same for the same body with its keys in any order, at any depth', () => {
    const one = { clientName: 'Tamimi', items: [{ name: 'Rice', quantity: 3, unitPrice: '5.50' }], notes: null };
    const two = { notes: null, items: [{ unitPrice: '5.50', quantity: 3, name: 'Rice' }], clientName: 'Tamimi' };
    expect(canonicalJson(two)).toBe(canonicalJson(one));
    expect(requestFingerprint(two)).toBe(requestFingerprint(one));
  });

  it('differs when a value, the order of a list, or a type differs', () => {
    const base = requestFingerprint({ items: [{ q: 1 }, { q: 2 }] });
    expect(requestFingerprint({ items: [{ q: 2 }, { q: 1 }] })).not.toBe(base);
    expect(requestFingerprint({ items: [{ q: '1' }, { q: 2 }] })).not.toBe(base);
    expect(requestFingerprint({ items: [{ q: 1 }, { q: 2 }], extra: true })).not.toBe(base);
  });

  it('writes keys as JSON, so a key holding quotes or colons cannot pose as two', () => {
    expect(canonicalJson({ 'a":1,"b': 2 })).toBe('{"a\\":1,\\"b":2}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });
});
