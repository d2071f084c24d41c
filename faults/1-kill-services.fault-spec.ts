import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, signIn, sleep, Tally } from './api.js';
import { kill9, pidOf, waitForRestart } from './processes.js';
import { queueCounts, reconcile, waitForDrain, webhookFigures } from './reconcile.js';
import { recordCase } from './report.js';
import { OWNER, supervised, type SupervisedName } from './settings.js';
import { OrderWorkload } from './workload.js';

const CLIENTS = 20;
/** Load before the first kill and after each process is back, so every kill lands on work in flight. */
const SETTLE_MS = 4_000;

describe('kill -9 of each process in turn while 20 clients create and confirm orders', () => {
  const context = inject('faults');
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
  });

  it('brings every process back, answers every request once or with a clear error, and reconciles exactly', async () => {
    const tally = new Tally();
    const workload = new OrderWorkload({
      baseUrl: context.baseUrl,
      cookie,
      apiKey: context.apiKey,
      items: context.items,
      clients: CLIENTS,
      tally,
      scarce: true,
      seed: 1,
    });
    const started = Date.now();
    workload.start();
    const kills: Array<{ process: SupervisedName; pid: number; newPid: number; backMs: number; ordersSoFar: number }> =
      [];
    try {
      await sleep(SETTLE_MS);
      for (const name of Object.keys(supervised) as SupervisedName[]) {
        const pid = pidOf(context.startPid, name);
        kill9(pid);
        const back = await waitForRestart(context.startPid, name, pid, context.baseUrl);
        kills.push({ process: name, pid, newPid: back.pid, backMs: back.ms, ordersSoFar: workload.intents.length });
        await sleep(SETTLE_MS);
      }
    } finally {
      await workload.stop();
    }
    const loadSeconds = (Date.now() - started) / 1000;

    const drainMs = await waitForDrain(context.databaseUrl, context.redisUrl);
    const result = await reconcile(context.databaseUrl, context.items);
    const received = (await (await fetch(`${context.controlUrl}/webhooks`)).json()) as {
      received: Array<{ delivery: string; event: string }>;
    };
    const webhooks = await webhookFigures(context.databaseUrl, received.received);

    // Each order the clients meant to make exists once, in the status they last set.
    const intentMismatches: string[] = [];
    const orders = await call<Array<{ id: string; clientName: string; status: string }>>(
      context.baseUrl,
      'GET',
      '/api/orders?limit=5000&search=flt-',
      { headers: { cookie } },
    );
    const byName = new Map<string, Array<{ id: string; status: string }>>();
    for (const order of orders.body ?? []) {
      byName.set(order.clientName, [...(byName.get(order.clientName) ?? []), order]);
    }
    for (const intent of workload.intents) {
      const found = byName.get(intent.key) ?? [];
      if (intent.orderId === undefined) {
        if (found.length > 0)
          intentMismatches.push(`${intent.key}: the client gave up, yet ${found.length} order(s) exist`);
        continue;
      }
      if (found.length !== 1) intentMismatches.push(`${intent.key}: ${found.length} orders (1 expected)`);
      else if (found[0]!.status !== intent.status) {
        intentMismatches.push(`${intent.key}: status ${found[0]!.status}, the client last set ${intent.status}`);
      }
    }

    const figures = {
      clients: CLIENTS,
      loadSeconds: Math.round(loadSeconds),
      faultsInjected: kills.length,
      kills,
      requests: tally.toJSON(),
      orders: workload.summary(),
      ordersMismatches: intentMismatches,
      drainMs,
      reconciliation: result,
      webhooks,
      queues: await queueCounts(context.redisUrl),
    };
    recordCase('killEachProcess', figures);

    expect(orders.status).toBe(200);
    expect(kills).toHaveLength(6);
    expect(tally.unclear, 'requests that ended without a clear answer').toEqual([]);
    expect(workload.intents.filter((intent) => intent.outcome === 'gave-up').map((intent) => intent.key)).toEqual([]);
    expect(intentMismatches).toEqual([]);
    expect(result.mismatches).toEqual([]);
    expect(webhooks.lost).toBe(0);
  });
});
