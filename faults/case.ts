/**
 * One fault case under load, the same way every time: 20 clients making orders (and readers when
 * asked), the fault injected while they work, then the drain and every check of what was lost or
 * doubled (docs/reliability.md, "The reconciliation check").
 */
import { expect } from 'vitest';
import { Tally } from './api.js';
import { supervisedPids } from './processes.js';
import {
  intentMismatches,
  queueCounts,
  reconcile,
  waitForDrain,
  webhookFigures,
  type Reconciliation,
  type WebhookFigures,
} from './reconcile.js';
import { recordCase } from './report.js';
import type { FaultsContext, SupervisedName } from './settings.js';
import { OrderWorkload, ReadLoad } from './workload.js';

export const CLIENTS = 20;

export interface CaseOptions {
  name: string;
  seed: number;
  /** Orders that now and then take a scarce item (some confirms are refused for a shortage). */
  scarce?: boolean;
  /** Readers cycling through the back office's reads beside the clients. */
  readers?: number;
}

export interface CaseOutcome {
  tally: Tally;
  workload: OrderWorkload;
  /** Each order a client meant, against what exists (none is the target). */
  ordersMismatches: string[];
  reconciliation: Reconciliation;
  webhooks: WebhookFigures;
  /** Supervised processes whose pid changed during the case. */
  restarted: SupervisedName[];
  figures: Record<string, unknown>;
}

/** The webhook figures as the receiver sees them now. */
export async function currentWebhooks(context: FaultsContext): Promise<WebhookFigures> {
  const response = await fetch(`${context.controlUrl}/webhooks`);
  const { received } = (await response.json()) as { received: Array<{ delivery: string; event: string }> };
  return webhookFigures(context.databaseUrl, context.webhookEndpointId, received);
}

/**
 * Starts the load, runs `fault` (which sets `tally.phase` as it goes and answers its own
 * figures), stops the load, waits for the drain and checks everything; records the case.
 */
export async function runCase(
  context: FaultsContext,
  cookie: string,
  options: CaseOptions,
  fault: (tally: Tally, workload: OrderWorkload) => Promise<Record<string, unknown>>,
): Promise<CaseOutcome> {
  const webhooksBefore = await currentWebhooks(context);
  const pidsBefore = supervisedPids(context.startPid);
  const tally = new Tally();
  const workload = new OrderWorkload({
    baseUrl: context.baseUrl,
    cookie,
    apiKey: context.apiKey,
    items: context.items,
    clients: CLIENTS,
    tally,
    scarce: options.scarce ?? false,
    seed: options.seed,
  });
  const reads = options.readers
    ? new ReadLoad({
        baseUrl: context.baseUrl,
        cookie,
        apiKey: context.apiKey,
        readers: options.readers,
        tally,
        pauseMs: 100,
      })
    : null;
  const started = Date.now();
  tally.phase = 'before';
  workload.start();
  reads?.start();
  let faultFigures: Record<string, unknown>;
  try {
    faultFigures = await fault(tally, workload);
  } finally {
    await reads?.stop();
    await workload.stop();
  }
  const loadSeconds = Math.round((Date.now() - started) / 1000);
  const drainMs = await waitForDrain(context.databaseUrl, context.redisUrl);
  const reconciliation = await reconcile(context.databaseUrl, context.items);
  const webhooks = await currentWebhooks(context);
  const ordersMismatches = await intentMismatches(context.baseUrl, cookie, workload.intents);
  const pidsAfter = supervisedPids(context.startPid);
  const restarted = (Object.keys(pidsBefore) as SupervisedName[]).filter(
    (name) => pidsBefore[name] !== pidsAfter[name],
  );
  const figures = {
    clients: CLIENTS,
    readers: options.readers ?? 0,
    loadSeconds,
    ...faultFigures,
    requests: tally.toJSON(),
    orders: workload.summary(),
    ordersMismatches,
    drainMs,
    reconciliation,
    webhooks: {
      ...webhooks,
      eventsDuringCase: webhooks.events - webhooksBefore.events,
      deliveriesDuringCase: webhooks.deliveriesReceived - webhooksBefore.deliveriesReceived,
      repeatsDuringCase: webhooks.repeats - webhooksBefore.repeats,
    },
    queues: await queueCounts(context.redisUrl),
    processesRestarted: restarted,
  };
  recordCase(options.name, figures);
  return { tally, workload, ordersMismatches, reconciliation, webhooks, restarted, figures };
}

/** Nothing lost, nothing doubled: the checks every case ends with. */
export function expectExactlyOnce(outcome: CaseOutcome): void {
  expect(outcome.tally.unclear, 'no 500, no answer-less request').toEqual([]);
  expect(outcome.workload.intents.filter((intent) => intent.outcome === 'gave-up').map((intent) => intent.key)).toEqual(
    [],
  );
  expect(outcome.ordersMismatches, 'each order a client meant exists once, in its last status').toEqual([]);
  expect(outcome.reconciliation.mismatches).toEqual([]);
  expect(outcome.webhooks.lost, 'webhook events committed but never delivered').toBe(0);
  expect(outcome.webhooks.rows.pending ?? 0).toBe(0);
}
