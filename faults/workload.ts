/**
 * Clients that create, confirm, complete and cancel orders through the gateway and retry as a
 * careful real client does: every create (POST /api/v1/orders with the key, POST
 * /api/orders/manual with the session) carries an Idempotency-Key, the same on each retry, so an
 * order made by an attempt whose answer was lost is answered again rather than made twice. Status
 * changes are idempotent (setting the current status again changes nothing) and are simply
 * retried. Retries stop at a 2xx or a 4xx; a step still failing after `stepDeadlineMs` gives up
 * (counted).
 */
import { call, isRetryable, labelOf, sleep, type Outcome, type Tally } from './api.js';
import type { SeededItem } from './settings.js';

export type OrderStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled';
type Plan = 'complete' | 'confirm' | 'confirm-then-cancel' | 'cancel-pending' | 'leave-pending';

export interface Intent {
  /** Unique per intent: the order's client name, and its Idempotency-Key on /api/v1/orders. */
  key: string;
  via: 'manual' | 'v1';
  plan: Plan;
  orderId?: string;
  orderNumber?: string;
  /** The status the client last set with a 2xx (pending after the create). */
  status?: OrderStatus;
  /** done: every step answered 2xx; refused: a clear 4xx ended it; gave-up: a step kept failing. */
  outcome?: 'done' | 'refused' | 'gave-up';
  refusal?: string;
  /** Made by a retry after an attempt without a clear answer (503, no answer): the key kept it one order. */
  createRetried?: boolean;
}

export interface WorkloadOptions {
  baseUrl: string;
  cookie: string;
  apiKey: string;
  items: SeededItem[];
  clients: number;
  tally: Tally;
  /** May orders take the scarce items (and so meet a shortage)? */
  scarce: boolean;
  /** How long one step (a create, a status change) is retried. */
  stepDeadlineMs?: number;
  /** A pause between a client's orders. */
  pauseMs?: number;
  seed?: number;
}

/** A small deterministic PRNG (mulberry32): the same run makes the same orders. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  name: string;
  quantity: number;
  unitPrice: string;
  stockItemId?: string;
}

export class OrderWorkload {
  readonly intents: Intent[] = [];
  private stopping = false;
  private running: Promise<void>[] = [];
  private readonly stepDeadlineMs: number;

  constructor(private readonly options: WorkloadOptions) {
    this.stepDeadlineMs = options.stepDeadlineMs ?? 120_000;
  }

  start(): void {
    const runId = Date.now().toString(36);
    this.running = Array.from({ length: this.options.clients }, (_, index) =>
      this.client(index, runId, random((this.options.seed ?? 7) * 1000 + index)),
    );
  }

  /** Stops taking new orders; resolves when every client has finished the order it was on. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async client(index: number, runId: string, next: () => number): Promise<void> {
    for (let number = 1; !this.stopping; number += 1) {
      const roll = next();
      const plan: Plan =
        roll < 0.4
          ? 'complete'
          : roll < 0.65
            ? 'confirm'
            : roll < 0.8
              ? 'confirm-then-cancel'
              : roll < 0.9
                ? 'cancel-pending'
                : 'leave-pending';
      const intent: Intent = {
        key: `flt-${runId}-c${String(index).padStart(2, '0')}-${String(number).padStart(4, '0')}`,
        via: index % 2 === 0 ? 'manual' : 'v1',
        plan,
      };
      this.intents.push(intent);
      await this.run(intent, this.lines(next));
      if (this.options.pauseMs) await sleep(this.options.pauseMs);
    }
  }

  private lines(next: () => number): Line[] {
    const plentiful = this.options.items.filter((item) => !item.scarce);
    const scarce = this.options.items.filter((item) => item.scarce);
    const count = 1 + Math.floor(next() * 3);
    const picked = new Set<SeededItem>();
    while (picked.size < count) picked.add(plentiful[Math.floor(next() * plentiful.length)]!);
    if (this.options.scarce && scarce.length > 0 && next() < 0.2)
      picked.add(scarce[Math.floor(next() * scarce.length)]!);
    const lines: Line[] = [...picked].map((item) => ({
      name: item.name,
      quantity: item.scarce ? 1 + Math.floor(next() * 4) : next() < 0.2 ? 2.5 : 1 + Math.floor(next() * 5),
      unitPrice: item.unitPrice,
      stockItemId: item.id,
    }));
    // Now and then a line not linked to stock: it must never move any.
    if (next() < 0.15) lines.push({ name: 'Delivery charge', quantity: 1, unitPrice: '15.00' });
    return lines;
  }

  private async run(intent: Intent, lines: Line[]): Promise<void> {
    const created = intent.via === 'v1' ? await this.createV1(intent, lines) : await this.createManual(intent, lines);
    if (!created) return;
    intent.status = 'pending';
    const steps: OrderStatus[] =
      intent.plan === 'complete'
        ? ['confirmed', 'completed']
        : intent.plan === 'confirm'
          ? ['confirmed']
          : intent.plan === 'confirm-then-cancel'
            ? ['confirmed', 'cancelled']
            : intent.plan === 'cancel-pending'
              ? ['cancelled']
              : [];
    for (const status of steps) {
      const outcome = await this.setStatus(intent, status);
      if (outcome === 'ok') continue;
      if (outcome === 'shortage') {
        // What a user does with an order that cannot be served: cancel it.
        intent.refusal = 'INVENTORY_INSUFFICIENT_STOCK';
        const cancelled = await this.setStatus(intent, 'cancelled');
        intent.outcome = cancelled === 'ok' ? 'refused' : 'gave-up';
        return;
      }
      intent.outcome = outcome === 'gave-up' ? 'gave-up' : 'refused';
      return;
    }
    intent.outcome = 'done';
  }

  /** Retries one request while it is retryable and the step's time lasts; counts every attempt. */
  private async retrying<T>(name: string, attempt: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const deadline = Date.now() + this.stepDeadlineMs;
    for (let round = 0; ; round += 1) {
      const outcome = await attempt();
      this.options.tally.add(name, outcome);
      if (!isRetryable(outcome) || Date.now() > deadline || this.aborted) return outcome;
      await sleep(Math.min(2_000, 200 * 2 ** Math.min(round, 3)) * (0.5 + Math.random()));
    }
  }

  /** Set when the whole workload must end now (the test's own deadline). */
  aborted = false;

  private async createV1(intent: Intent, lines: Line[]): Promise<boolean> {
    const body = { clientName: intent.key, notes: 'fault suite', items: lines };
    const outcome = await this.create<{ data?: { id: string; orderNumber: string } }>(
      intent,
      'POST /api/v1/orders',
      { 'x-api-key': this.options.apiKey },
      body,
    );
    return this.created(intent, outcome, outcome.status === 201 ? outcome.body?.data : undefined);
  }

  private async createManual(intent: Intent, lines: Line[]): Promise<boolean> {
    const body = {
      clientName: intent.key,
      notes: 'fault suite',
      items: lines.map((line) => ({
        itemName: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        ...(line.stockItemId ? { stockItemId: line.stockItemId } : {}),
      })),
    };
    const outcome = await this.create<{ id: string; orderNumber: string }>(
      intent,
      'POST /api/orders/manual',
      { cookie: this.options.cookie },
      body,
    );
    return this.created(intent, outcome, outcome.status === 201 ? outcome.body : undefined);
  }

  /** POST with the intent's key as Idempotency-Key, retried with the same key and body. */
  private async create<T>(
    intent: Intent,
    route: 'POST /api/v1/orders' | 'POST /api/orders/manual',
    headers: Record<string, string>,
    body: object,
  ): Promise<Outcome<T>> {
    let attempts = 0;
    const outcome = await this.retrying<T>(route, () => {
      attempts += 1;
      return call<T>(this.options.baseUrl, 'POST', route.slice('POST '.length), {
        body,
        headers: { ...headers, 'idempotency-key': intent.key },
      });
    });
    if (attempts > 1 && outcome.status === 201) intent.createRetried = true;
    return outcome;
  }

  private created(intent: Intent, outcome: Outcome, order: { id: string; orderNumber: string } | undefined): boolean {
    if (order) {
      intent.orderId = order.id;
      intent.orderNumber = order.orderNumber;
      return true;
    }
    intent.outcome = isRetryable(outcome) ? 'gave-up' : 'refused';
    intent.refusal = labelOf(outcome);
    return false;
  }

  private async setStatus(intent: Intent, status: OrderStatus): Promise<'ok' | 'shortage' | 'refused' | 'gave-up'> {
    const { baseUrl, cookie } = this.options;
    const outcome = await this.retrying(`PATCH /api/orders/:id/status ${status}`, () =>
      call(baseUrl, 'PATCH', `/api/orders/${intent.orderId}/status`, { body: { status }, headers: { cookie } }),
    );
    if (outcome.status === 200) {
      intent.status = status;
      return 'ok';
    }
    if (outcome.status === 409 && outcome.code === 'INVENTORY_INSUFFICIENT_STOCK') return 'shortage';
    intent.refusal = labelOf(outcome);
    return isRetryable(outcome) ? 'gave-up' : 'refused';
  }

  summary(): object {
    const count = (predicate: (intent: Intent) => boolean): number => this.intents.filter(predicate).length;
    return {
      orders: this.intents.length,
      viaManual: count((intent) => intent.via === 'manual'),
      viaV1: count((intent) => intent.via === 'v1'),
      done: count((intent) => intent.outcome === 'done'),
      refusedWithClearError: count((intent) => intent.outcome === 'refused'),
      refusedForShortage: count((intent) => intent.refusal === 'INVENTORY_INSUFFICIENT_STOCK'),
      gaveUp: count((intent) => intent.outcome === 'gave-up'),
      createdByARetry: count((intent) => intent.createRetried === true),
    };
  }
}

/** The reads a back office makes all day, with the session or the partner key. */
export const READS: Array<{ name: string; path: string; key?: boolean }> = [
  { name: 'GET /api/stock', path: '/api/stock?limit=50' },
  { name: 'GET /api/orders', path: '/api/orders?limit=20' },
  { name: 'GET /api/dashboard/stats', path: '/api/dashboard/stats' },
  { name: 'GET /api/user', path: '/api/user' },
  { name: 'GET /api/v1/products', path: '/api/v1/products?limit=20', key: true },
  { name: 'GET /api/v1/orders', path: '/api/v1/orders?limit=20', key: true },
];

/** Readers that cycle through READS with a short pause, each answer counted (no retries: a read is just made again). */
export class ReadLoad {
  private stopping = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly options: {
      baseUrl: string;
      cookie: string;
      apiKey: string;
      readers: number;
      tally: Tally;
      pauseMs: number;
    },
  ) {}

  start(): void {
    this.running = Array.from({ length: this.options.readers }, (_, index) => this.reader(index));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async reader(index: number): Promise<void> {
    const { baseUrl, cookie, apiKey, tally, pauseMs } = this.options;
    for (let round = index; !this.stopping; round += 1) {
      const read = READS[round % READS.length]!;
      const headers: Record<string, string> = read.key ? { 'x-api-key': apiKey } : { cookie };
      tally.add(read.name, await call(baseUrl, 'GET', read.path, { headers }));
      await sleep(pauseMs);
    }
  }
}
