import { useRef } from 'react';

/** A random key of 32 hex digits (crypto.getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of a form's submission: the same request sent again (a double click, Save
 * pressed again after a lost answer) carries the same key, so the server makes one thing of it
 * (docs/api/orders-clients-analytics.md); a changed request is a new submission with a new key.
 */
export function useIdempotencyKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return (request) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}
