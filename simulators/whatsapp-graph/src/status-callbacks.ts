import { setTimeout as sleep } from 'node:timers/promises';
import type { GraphConnection } from './connection-store.js';
import { signDelivery, statusDelivery } from './webhook-deliveries.js';

/** How long one status POST may take before it is given up. */
const postTimeoutMs = 10_000;

/**
 * Tells the webhook what became of each message sent, as Meta does: `sent`, then `delivered`,
 * then `read`, `delayMs` apart, each a signed POST. A failed POST is reported (onError) and the
 * statuses after it still go; Meta's retries are not simulated.
 */
export class StatusCallbacks {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(
    private readonly webhookUrl: string,
    private readonly connection: GraphConnection,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the statuses of one message; returns at once. */
  notify(messageId: string, recipient: string): void {
    const run = this.deliverAll(messageId, recipient).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Stops the statuses not yet posted and waits for the ones under way to end. */
  async close(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([...this.running]);
  }

  private async deliverAll(messageId: string, recipient: string): Promise<void> {
    for (const status of ['sent', 'delivered', 'read'] as const) {
      try {
        await sleep(this.delayMs, undefined, { signal: this.stop.signal });
      } catch {
        return; // closed
      }
      try {
        await this.post(statusDelivery({ ...this.connection, messageId, status, recipient }).body);
      } catch (error) {
        if (this.stop.signal.aborted) return;
        this.onError(new Error(`status ${status} of ${messageId} to ${this.webhookUrl}: ${describe(error)}`));
      }
    }
  }

  private async post(body: string): Promise<void> {
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': signDelivery(body, this.connection.appSecret),
        'User-Agent': 'facebookexternalua',
      },
      body,
      signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(postTimeoutMs)]),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
