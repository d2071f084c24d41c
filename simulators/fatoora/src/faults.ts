/** What the next requests suffer, set through POST /simulator/faults. */
export type FaultKind = 'reject' | 'timeout' | 'unavailable';

export const faultKinds: readonly FaultKind[] = ['reject', 'timeout', 'unavailable'];

/** How long a request under the `timeout` fault is held before its connection is dropped unanswered. */
export const timeoutHoldMs = 60_000;

/**
 * One fault at a time, for the next `count` requests it applies to: `reject` to documents
 * (a 400 with simulated-rejection), `timeout` and `unavailable` to any request of the ZATCA API.
 * Kept in memory only: a restart clears it.
 */
export class Faults {
  private next: FaultKind | undefined;
  private remaining = 0;

  set(next: FaultKind, count: number): void {
    this.next = next;
    this.remaining = count;
  }

  clear(): void {
    this.next = undefined;
    this.remaining = 0;
  }

  /** Whether this request suffers `kind` (and counts it). */
  take(kind: FaultKind): boolean {
    if (this.next !== kind || this.remaining <= 0) return false;
    this.remaining -= 1;
    if (this.remaining === 0) this.next = undefined;
    return true;
  }

  describe(): { next: FaultKind; remaining: number } | null {
    return this.next ? { next: this.next, remaining: this.remaining } : null;
  }
}
