/**
 * Requests made to fail on purpose: `media` (GET /{media-id}), `download` (GET /media-download/…),
 * `messages` (POST /{phone-number-id}/messages).
 */
export type FaultKind = 'media' | 'download' | 'messages';

/** An HTTP status to answer (with Graph's error body), or `timeout`: hold the request unanswered. */
export type FaultHow = number | 'timeout';

export const faultKinds: readonly FaultKind[] = ['media', 'download', 'messages'];

/** How long a request under the `timeout` fault is held before its connection is dropped unanswered. */
export const timeoutHoldMs = 60_000;

/** Why a fault cannot be set (a wrong kind, count or how), in words for a 400 or a thrown Error. */
export function faultProblem(kind: unknown, count: unknown, how: unknown): string | undefined {
  if (typeof kind !== 'string' || !faultKinds.includes(kind as FaultKind)) {
    return `kind must be one of ${faultKinds.join(', ')}`;
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return 'count must be a whole number from 1';
  const isStatus = typeof how === 'number' && Number.isInteger(how) && how >= 400 && how <= 599;
  if (!isStatus && how !== 'timeout') return 'how must be an HTTP status (400-599) or "timeout"';
  return undefined;
}

/** One pending fault per kind, for its next `count` requests. Kept in memory only. */
export class Faults {
  private readonly pending = new Map<FaultKind, { remaining: number; how: FaultHow }>();

  set(kind: FaultKind, count: number, how: FaultHow): void {
    this.pending.set(kind, { remaining: count, how });
  }

  clear(): void {
    this.pending.clear();
  }

  /** What this request of `kind` suffers, if anything (and counts it). */
  take(kind: FaultKind): FaultHow | undefined {
    const fault = this.pending.get(kind);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.pending.delete(kind);
    return fault.how;
  }

  describe(): Partial<Record<FaultKind, { remaining: number; how: FaultHow }>> {
    return Object.fromEntries([...this.pending].map(([kind, fault]) => [kind, { ...fault }]));
  }
}
