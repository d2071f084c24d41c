import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, signIn, sleep, Tally, waitReady } from './api.js';
import { supervisedPids } from './processes.js';
import { queueCounts, reconcile, waitForDrain, webhookFigures } from './reconcile.js';
import { recordCase } from './report.js';
import { OWNER, RPC_TIMEOUT_MS } from './settings.js';
import { OrderWorkload, ReadLoad } from './workload.js';

const CLIENTS = 20;
const OUTAGE_MS = 8_000;
/** No request may wait longer than the gateway's service timeout and this much more. */
const HANG_SLACK_MS = 5_000;

describe('PostgreSQL and Redis restarted under load', () => {
  const context = inject('faults');
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
  });

  async function control(path: string, body: object = {}): Promise<{ ms: number }> {
    const response = await fetch(`${context.controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { ms: number };
  }

  async function received(): Promise<Array<{ delivery: string; event: string }>> {
    const response = await fetch(`${context.controlUrl}/webhooks`);
    return ((await response.json()) as { received: Array<{ delivery: string; event: string }> }).received;
  }

  it('Redis restarted mid-run: queued jobs resume, and none has its effect twice', async () => {
    const before = await webhookFigures(context.databaseUrl, await received());
    const pidsBefore = supervisedPids(context.startPid);
    const tally = new Tally();
    const workload = new OrderWorkload({
      baseUrl: context.baseUrl,
      cookie,
      apiKey: context.apiKey,
      items: context.items,
      clients: CLIENTS,
      tally,
      scarce: false,
      seed: 2,
    });
    tally.phase = 'before';
    workload.start();
    const timings = { stopMs: 0, startMs: 0, readyMs: 0 };
    try {
      await sleep(4_000);
      tally.phase = 'outage';
      timings.stopMs = (await control('/redis/stop', { signal: 'SIGTERM' })).ms;
      await sleep(3_000);
      timings.startMs = (await control('/redis/start')).ms;
      tally.phase = 'after';
      timings.readyMs = await waitReady(context.baseUrl, 60_000);
      await sleep(6_000);
    } finally {
      await workload.stop();
    }
    const drainMs = await waitForDrain(context.databaseUrl, context.redisUrl);
    const result = await reconcile(context.databaseUrl, context.items);
    const after = await webhookFigures(context.databaseUrl, await received());
    const pidsAfter = supervisedPids(context.startPid);

    const figures = {
      clients: CLIENTS,
      faultsInjected: 1,
      redisDownMs: timings.stopMs + 3_000 + timings.startMs,
      readyAfterRestartMs: timings.readyMs,
      requests: tally.toJSON(),
      orders: workload.summary(),
      drainMs,
      reconciliation: result,
      webhooks: {
        deliveriesDuringCase: after.deliveriesReceived - before.deliveriesReceived,
        repeatsDuringCase: after.repeats - before.repeats,
        lost: after.lost,
        rows: after.rows,
      },
      queues: await queueCounts(context.redisUrl),
      processesRestarted: Object.keys(pidsBefore).filter(
        (name) => pidsBefore[name as keyof typeof pidsBefore] !== pidsAfter[name as keyof typeof pidsAfter],
      ),
    };
    recordCase('redisRestart', figures);

    expect(tally.unclear).toEqual([]);
    expect(workload.intents.filter((intent) => intent.outcome === 'gave-up')).toEqual([]);
    expect(result.mismatches).toEqual([]);
    expect(figures.webhooks.repeatsDuringCase).toBe(0);
    expect(after.lost).toBe(0);
    expect(after.rows.pending ?? 0).toBe(0);
    expect(figures.processesRestarted).toEqual([]);
  });

  it('PostgreSQL stopped mid-run: 503 during the outage, no 500 and no hang, recovery without restarting anything', async () => {
    const pidsBefore = supervisedPids(context.startPid);
    const tally = new Tally();
    const workload = new OrderWorkload({
      baseUrl: context.baseUrl,
      cookie,
      apiKey: context.apiKey,
      items: context.items,
      clients: CLIENTS,
      tally,
      scarce: false,
      seed: 3,
    });
    const reads = new ReadLoad({
      baseUrl: context.baseUrl,
      cookie,
      apiKey: context.apiKey,
      readers: 4,
      tally,
      pauseMs: 100,
    });
    tally.phase = 'before';
    workload.start();
    reads.start();
    const timings = { stopMs: 0, startMs: 0, readyMs: 0, firstWriteAfterMs: -1 };
    try {
      await sleep(4_000);
      tally.phase = 'outage';
      timings.stopMs = (await control('/postgres/stop')).ms;
      await sleep(OUTAGE_MS);
      timings.startMs = (await control('/postgres/start')).ms;
      const back = Date.now();
      tally.phase = 'recovery';
      timings.readyMs = await waitReady(context.baseUrl, 60_000);
      // The first order made after PostgreSQL is back, by the API, without restarting anything.
      for (;;) {
        const probe = await call(context.baseUrl, 'POST', '/api/clients', {
          body: { name: `flt-probe-${Date.now()}` },
          headers: { cookie },
        });
        if (probe.status === 201) {
          timings.firstWriteAfterMs = Date.now() - back;
          break;
        }
        if (Date.now() - back > 60_000) break;
        await sleep(200);
      }
      tally.phase = 'after';
      await sleep(6_000);
    } finally {
      await reads.stop();
      await workload.stop();
    }
    const drainMs = await waitForDrain(context.databaseUrl, context.redisUrl);
    const result = await reconcile(context.databaseUrl, context.items);
    const pidsAfter = supervisedPids(context.startPid);
    const restarted = Object.keys(pidsBefore).filter(
      (name) => pidsBefore[name as keyof typeof pidsBefore] !== pidsAfter[name as keyof typeof pidsAfter],
    );

    const figures = {
      clients: CLIENTS,
      readers: 4,
      faultsInjected: 1,
      postgresDownMs: timings.stopMs + OUTAGE_MS + timings.startMs,
      readyAfterStartMs: timings.readyMs,
      firstWriteAfterStartMs: timings.firstWriteAfterMs,
      requests: tally.toJSON(),
      orders: workload.summary(),
      drainMs,
      reconciliation: result,
      queues: await queueCounts(context.redisUrl),
      processesRestarted: restarted,
    };
    recordCase('postgresRestart', figures);

    const outage = tally.phases.outage?.labels ?? {};
    expect(tally.unclear, 'no 500, no answer-less request').toEqual([]);
    expect(outage['503 SERVICE_UNAVAILABLE'] ?? 0, 'the outage was met with 503').toBeGreaterThan(0);
    expect(tally.slowest.ms).toBeLessThan(RPC_TIMEOUT_MS + HANG_SLACK_MS);
    expect(Object.keys(tally.phases.after?.labels ?? {}).every((label) => label === '200' || label === '201')).toBe(
      true,
    );
    expect(timings.firstWriteAfterMs).toBeGreaterThanOrEqual(0);
    expect(restarted, 'no process restarted').toEqual([]);
    expect(workload.intents.filter((intent) => intent.outcome === 'gave-up')).toEqual([]);
    expect(result.mismatches).toEqual([]);
  });
});
