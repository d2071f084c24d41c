import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, labelOf, signIn, sleep, Tally, type Outcome } from './api.js';
import { chromiumPids, listProcesses, memoryOf, postgresPids, redisPid, supervisedPids } from './processes.js';
import { reconcile, waitForDrain } from './reconcile.js';
import { recordCase } from './report.js';
import { OWNER, soakSeconds, supervised, type SupervisedName } from './settings.js';
import { random, READS } from './workload.js';

/** The steady load: virtual users, each making one request every PACE_MS (about 20 requests a second). */
const USERS = 4;
const PACE_MS = 200;
const SAMPLE_EVERY_MS = 5_000;
/** A Node process may grow by this much from the first window's median to the last one's ... */
const GROWTH_BOUND_BYTES = 50 * 2 ** 20;
/** ... or by this fraction of where it started, whichever is larger. */
const GROWTH_BOUND_RATIO = 0.25;

type Sample = { at: number } & Record<string, number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);
}

const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Memory of every process of the system: RSS of each Node process and of Redis; PSS summed over Chromium's and PostgreSQL's processes. */
function sample(startPid: number, startedAt: number): Sample {
  const all = listProcesses();
  const pids = supervisedPids(startPid, all);
  const entry: Sample = { at: Date.now() - startedAt };
  for (const name of Object.keys(supervised) as SupervisedName[]) {
    const pid = pids[name];
    entry[name] = pid === undefined ? 0 : (memoryOf(pid)?.rss ?? 0);
  }
  const sum = (list: number[]): number => list.reduce((total, pid) => total + (memoryOf(pid)?.pss ?? 0), 0);
  const chromium = chromiumPids(startPid, all);
  entry.chromium = sum(chromium);
  entry.chromiumProcesses = chromium.length;
  const postgres = postgresPids(all);
  entry.postgres = sum(postgres);
  entry.postgresProcesses = postgres.length;
  const redis = redisPid();
  entry.redis = redis === undefined ? 0 : (memoryOf(redis)?.rss ?? 0);
  return entry;
}

describe('a soak at a steady mixed load', () => {
  const context = inject('faults');
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
  });

  const seconds = soakSeconds();

  it(
    `runs ${seconds} s of reads, orders, confirms and partner calls with no error and bounded memory`,
    { timeout: (seconds + 300) * 1000 },
    async () => {
      const tally = new Tally();
      const latencies: Record<string, number[]> = {};
      const errors: Array<{ at: number; request: string; answer: string; message?: string }> = [];
      const pending: string[] = [];
      const confirmed: string[] = [];
      const items = context.items.filter((item) => !item.scarce);
      const pidsBefore = supervisedPids(context.startPid);

      const record = (request: string, outcome: Outcome, startedAt: number): boolean => {
        tally.add(request, outcome);
        (latencies[request] ??= []).push(outcome.ms);
        const ok = outcome.status >= 200 && outcome.status < 300;
        if (!ok && errors.length < 100) {
          errors.push({
            at: Date.now() - startedAt,
            request,
            answer: labelOf(outcome),
            message: outcome.message?.slice(0, 200),
          });
        }
        return ok;
      };

      const lines = (
        next: () => number,
      ): Array<{ name: string; quantity: number; unitPrice: string; stockItemId: string }> =>
        Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
          const item = items[Math.floor(next() * items.length)]!;
          return {
            name: item.name,
            quantity: 1 + Math.floor(next() * 3),
            unitPrice: item.unitPrice,
            stockItemId: item.id,
          };
        }).filter((line, index, all) => all.findIndex((other) => other.stockItemId === line.stockItemId) === index);

      async function operation(next: () => number, startedAt: number): Promise<void> {
        const roll = next();
        const session = { cookie };
        const key = { 'x-api-key': context.apiKey };
        if (roll < 0.62) {
          const read = READS[Math.floor(next() * READS.length)]!;
          record(
            read.name,
            await call(context.baseUrl, 'GET', read.path, { headers: read.key ? key : session }),
            startedAt,
          );
        } else if (roll < 0.74) {
          const outcome = await call<{ id: string }>(context.baseUrl, 'POST', '/api/orders/manual', {
            headers: session,
            body: {
              clientName: `flt-soak-${randomUUID().slice(0, 8)}`,
              items: lines(next).map((line) => ({
                itemName: line.name,
                quantity: line.quantity,
                unitPrice: line.unitPrice,
                stockItemId: line.stockItemId,
              })),
            },
          });
          if (record('POST /api/orders/manual', outcome, startedAt) && outcome.body) pending.push(outcome.body.id);
        } else if (roll < 0.8) {
          const idempotencyKey = randomUUID();
          const outcome = await call<{ data?: { id: string } }>(context.baseUrl, 'POST', '/api/v1/orders', {
            headers: { ...key, 'idempotency-key': idempotencyKey },
            body: { clientName: `flt-soak-${idempotencyKey.slice(0, 8)}`, items: lines(next) },
          });
          if (record('POST /api/v1/orders', outcome, startedAt) && outcome.body?.data)
            pending.push(outcome.body.data.id);
        } else if (roll < 0.95) {
          const id = pending.shift();
          if (id === undefined) return;
          const outcome = await call(context.baseUrl, 'PATCH', `/api/orders/${id}/status`, {
            headers: session,
            body: { status: 'confirmed' },
          });
          if (record('PATCH /api/orders/:id/status confirmed', outcome, startedAt)) confirmed.push(id);
        } else {
          const id = confirmed.shift();
          if (id === undefined) return;
          const outcome = await call(context.baseUrl, 'PATCH', `/api/orders/${id}/status`, {
            headers: session,
            body: { status: next() < 0.8 ? 'completed' : 'cancelled' },
          });
          record('PATCH /api/orders/:id/status completed|cancelled', outcome, startedAt);
        }
      }

      const startedAt = Date.now();
      const endAt = startedAt + seconds * 1000;
      const samples: Sample[] = [sample(context.startPid, startedAt)];
      const sampler = setInterval(() => samples.push(sample(context.startPid, startedAt)), SAMPLE_EVERY_MS);
      try {
        await Promise.all(
          Array.from({ length: USERS }, async (_, user) => {
            const next = random(4000 + user);
            for (let beat = startedAt + user * (PACE_MS / USERS); Date.now() < endAt; beat += PACE_MS) {
              await operation(next, startedAt);
              // Steady pace: the next request at its beat, whatever this one took (no catching up in bursts).
              const wait = beat + PACE_MS - Date.now();
              if (wait > 0) await sleep(wait);
              else beat = Date.now() - PACE_MS;
            }
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      samples.push(sample(context.startPid, startedAt));
      const elapsed = (Date.now() - startedAt) / 1000;
      const pidsAfter = supervisedPids(context.startPid);

      // Memory: each process from the first window's median to the last window's (a minute at the default length).
      const windowMs = Math.min(60_000, (seconds * 1000) / 4);
      const first = samples.filter((entry) => entry.at <= windowMs);
      const last = samples.filter((entry) => entry.at >= elapsed * 1000 - windowMs);
      const memory: Record<string, object> = {};
      const overBound: string[] = [];
      for (const name of [...Object.keys(supervised), 'chromium', 'postgres', 'redis']) {
        const start = median(first.map((entry) => entry[name] ?? 0));
        const end = median(last.map((entry) => entry[name] ?? 0));
        const growth = end - start;
        const node = name in supervised;
        // Chromium too: its warm pages live as long as billing does (a leak there grew it 8 MB per 100 invoices).
        const bounded = node || name === 'chromium';
        const bound = Math.max(GROWTH_BOUND_BYTES, start * GROWTH_BOUND_RATIO);
        memory[name] = {
          measure: node || name === 'redis' ? 'RSS' : 'PSS, all its processes',
          firstWindowMedianMB: mb(start),
          lastWindowMedianMB: mb(end),
          growthMB: mb(growth),
          growthPercent: start > 0 ? Math.round((growth / start) * 1000) / 10 : null,
          maxMB: mb(Math.max(...samples.map((entry) => entry[name] ?? 0))),
          ...(bounded ? { boundMB: mb(bound), withinBound: growth <= bound } : {}),
        };
        if (bounded && growth > bound) overBound.push(`${name}: +${mb(growth)} MB (bound ${mb(bound)} MB)`);
      }

      const drainMs = await waitForDrain(context.databaseUrl, context.redisUrl);
      const result = await reconcile(context.databaseUrl, context.items);
      const restarted = (Object.keys(supervised) as SupervisedName[]).filter(
        (name) => pidsBefore[name] !== pidsAfter[name],
      );

      recordCase('soak', {
        seconds: Math.round(elapsed),
        virtualUsers: USERS,
        paceMsPerUser: PACE_MS,
        requests: tally.requests,
        throughputPerSecond: Math.round((tally.requests / elapsed) * 10) / 10,
        errors: errors.length,
        firstErrors: errors.slice(0, 20),
        answers: tally.toJSON(),
        latencyMs: Object.fromEntries(
          Object.entries(latencies).map(([name, values]) => [
            name,
            {
              count: values.length,
              p50: percentile(values, 0.5),
              p99: percentile(values, 0.99),
              max: percentile(values, 1),
            },
          ]),
        ),
        ordersLeftPending: pending.length,
        memoryBound: `growth <= max(${mb(GROWTH_BOUND_BYTES)} MB, ${GROWTH_BOUND_RATIO * 100}% of the first window) per Node process and for Chromium`,
        memoryWindowSeconds: windowMs / 1000,
        memory,
        overBound,
        // Each minute's median of each process: a plateau or a steady climb, at a glance.
        minuteMediansMB: Object.fromEntries(
          [...Object.keys(supervised), 'chromium', 'postgres', 'redis'].map((name) => [
            name,
            Array.from({ length: Math.ceil(elapsed / 60) }, (_, minute) =>
              mb(
                median(
                  samples
                    .filter((entry) => entry.at >= minute * 60_000 && entry.at < (minute + 1) * 60_000)
                    .map((entry) => entry[name] ?? 0),
                ),
              ),
            ),
          ]),
        ),
        sampleEverySeconds: SAMPLE_EVERY_MS / 1000,
        samples: samples.map((entry) =>
          Object.fromEntries(
            Object.entries(entry).map(([name, value]) => [
              name,
              name === 'at' || name.endsWith('Processes') ? value : mb(value),
            ]),
          ),
        ),
        processesRestarted: restarted,
        drainMs,
        reconciliation: result,
      });

      expect(errors).toEqual([]);
      expect(restarted).toEqual([]);
      expect(overBound).toEqual([]);
      expect(result.mismatches).toEqual([]);
    },
  );
});
