import { useRef } from 'react';

/** A random key of 32 hex digits (crypto.getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Idempotency-Key of a form's submission. */
export interface SubmissionKey {
  /**
   * The key to send with this request: the same request sent again (a double click, Save pressed
   * again after an error or a lost answer) carries the same key, so the server makes one thing of
   * it (docs/decisions/0019-idempotent-creates.md); a changed request is a new submission.
   */
  keyFor(request: unknown): string;
  /** The submission went through: the next one is new, with a new key, even if its request is the same. */
  succeeded(): void;
}

export function useIdempotencyKey(): SubmissionKey {
  const last = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor: (request) => {
      const text = JSON.stringify(request);
      if (last.current?.request !== text) last.current = { request: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    succeeded: () => {
      last.current = null;
    },
  };
}

/** What a creating call's argument may carry besides its body: the submission's key, sent as a header. */
export interface IdempotentCall {
  idempotencyKey?: string;
}

/** The Idempotency-Key header of a call, when it has a key. */
export function idempotencyHeaders(idempotencyKey: string | undefined): { headers?: Record<string, string> } {
  return idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {};
}
