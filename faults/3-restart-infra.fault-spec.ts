import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, signIn, sleep, waitReady, type Tally } from './api.js';
import { expectExactlyOnce, runCase, type CaseOutcome } from './case.js';
import { zatcaDocumentCount } from './reconcile.js';
import { messageDelivery, signDelivery } from '../simulators/whatsapp-graph/src/index.js';
import { OWNER, ports, RPC_TIMEOUT_MS } from './settings.js';

const OUTAGE_MS = 8_000;
/** No request may wait longer than the gateway's service timeout and this much more. */
const HANG_SLACK_MS = 5_000;

describe('PostgreSQL and Redis restarted, and killed, under load', () => {
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

  /** Redis down (SIGTERM saves first; SIGKILL is a crash) for 3 s under the clients, then up again. */
  function redisOutage(signal: 'SIGTERM' | 'SIGKILL') {
    return async (tally: Tally): Promise<Record<string, unknown>> => {
      await sleep(4_000);
      tally.phase = 'outage';
      const stopMs = (await control('/redis/stop', { signal })).ms;
      await sleep(3_000);
      const startMs = (await control('/redis/start')).ms;
      tally.phase = 'after';
      const readyMs = await waitReady(context.baseUrl, 60_000);
      await sleep(6_000);
      return { faultsInjected: 1, signal, redisDownMs: stopMs + 3_000 + startMs, readyAfterRestartMs: readyMs };
    };
  }

  /** PostgreSQL stopped (fast shutdown) or killed (every process, SIGKILL) for 8 s under the clients and readers. */
  function postgresOutage(how: 'stop' | 'kill') {
    return async (tally: Tally): Promise<Record<string, unknown>> => {
      await sleep(4_000);
      tally.phase = 'outage';
      const stopMs = (await control(`/postgres/${how}`)).ms;
      await sleep(OUTAGE_MS);
      const startMs = (await control('/postgres/start')).ms;
      const back = Date.now();
      tally.phase = 'recovery';
      const readyMs = await waitReady(context.baseUrl, 60_000);
      // The first write after PostgreSQL is back, through the API, without restarting anything.
      let firstWriteAfterStartMs = -1;
      while (Date.now() - back < 60_000) {
        const probe = await call(context.baseUrl, 'POST', '/api/clients', {
          body: { name: `flt-probe-${Date.now()}` },
          headers: { cookie },
        });
        if (probe.status === 201) {
          firstWriteAfterStartMs = Date.now() - back;
          break;
        }
        await sleep(200);
      }
      tally.phase = 'after';
      await sleep(6_000);
      return {
        faultsInjected: 1,
        how,
        postgresDownMs: stopMs + OUTAGE_MS + startMs,
        readyAfterStartMs: readyMs,
        firstWriteAfterStartMs,
      };
    };
  }

  /** What a database outage must look like from outside: 503s while it lasts, never a hang, all well after. */
  function expectCleanDatabaseOutage(outcome: CaseOutcome): void {
    const outage = outcome.tally.phases.outage?.labels ?? {};
    expect(outage['503 SERVICE_UNAVAILABLE'] ?? 0, 'the outage was met with 503').toBeGreaterThan(0);
    expect(outcome.tally.slowest.ms).toBeLessThan(RPC_TIMEOUT_MS + HANG_SLACK_MS);
    const after = Object.keys(outcome.tally.phases.after?.labels ?? {});
    expect(
      after.every((label) => label === '200' || label === '201'),
      after.join(', '),
    ).toBe(true);
    expect(outcome.figures.firstWriteAfterStartMs).toBeGreaterThanOrEqual(0);
    expect(outcome.restarted, 'no process restarted').toEqual([]);
  }

  it('Redis restarted mid-run: queued jobs resume, and none has its effect twice (ZATCA reporting included)', async () => {
    const zatcaBefore = await zatcaDocumentCount(context.databaseUrl);
    const outcome = await runCase(context, cookie, { name: 'redisRestart', seed: 2 }, redisOutage('SIGTERM'));
    expectExactlyOnce(outcome);
    // Invoices signed during the outage were all reported, each once (reconcile's check 6).
    expect(outcome.reconciliation.figures.zatca.documents).toBeGreaterThan(zatcaBefore);
    expect(outcome.figures.webhooks).toMatchObject({ repeatsDuringCase: 0 });
    expect(outcome.restarted).toEqual([]);
  });

  it('Redis killed (SIGKILL) mid-run: what it acknowledged last is sent again from the outboxes, nothing lost', async () => {
    const outcome = await runCase(context, cookie, { name: 'redisKill', seed: 4 }, redisOutage('SIGKILL'));
    expectExactlyOnce(outcome);
    expect(outcome.restarted).toEqual([]);
  });

  it('Redis stopped while WhatsApp deliveries arrive: each kept and answered, each message one draft once Redis is back', async () => {
    const simulator = `http://127.0.0.1:${ports.whatsapp}`;
    const connection = (await (await fetch(`${simulator}/simulator/connection`)).json()) as {
      phoneNumberId: string;
      appSecret: string;
    };
    const deliver = async (body: string): Promise<number> => {
      const response = await fetch(`${context.baseUrl}/api/channels/whatsapp/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signDelivery(body, connection.appSecret),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    const sent: string[] = [];
    const statuses: number[] = [];
    const sendSome = async (phase: string, count: number): Promise<void> => {
      for (let k = 0; k < count; k += 1) {
        const delivery = messageDelivery({
          phoneNumberId: connection.phoneNumberId,
          from: `96650${String(1_000_000 + k)}`,
          message: { type: 'text', text: `${k + 2} cartons of milk (${phase})` },
        });
        sent.push(delivery.messageId);
        // Meta delivers again when unsure: every message twice.
        statuses.push(await deliver(delivery.body), await deliver(delivery.body));
      }
    };

    await sendSome('before', 3);
    await control('/redis/stop', { signal: 'SIGTERM' });
    await sendSome('during', 3);
    await control('/redis/start');
    await waitReady(context.baseUrl, 60_000);
    await sendSome('after', 3);
    // Kept before answered: Meta is told 200 even while Redis is away.
    expect(
      statuses.every((status) => status === 200),
      statuses.join(', '),
    ).toBe(true);

    const deadline = Date.now() + 90_000;
    let drafts: Array<{ messageId: string; status: string }> = [];
    while (Date.now() < deadline) {
      const answer = await call<Array<{ messageId: string; status: string }>>(
        context.baseUrl,
        'GET',
        '/api/inbox?limit=500',
        {
          headers: { cookie },
        },
      );
      drafts = (answer.body ?? []).filter((draft) => sent.includes(draft.messageId));
      if (drafts.length === sent.length && drafts.every((draft) => draft.status === 'waiting')) break;
      await sleep(1_000);
    }
    expect(drafts.map((draft) => draft.messageId).sort()).toEqual([...sent].sort());
    expect(drafts.every((draft) => draft.status === 'waiting')).toBe(true);
  });

  it('PostgreSQL stopped mid-run: 503 during the outage, no 500 and no hang, recovery without restarting anything', async () => {
    const outcome = await runCase(
      context,
      cookie,
      { name: 'postgresRestart', seed: 3, readers: 4 },
      postgresOutage('stop'),
    );
    expectCleanDatabaseOutage(outcome);
    expectExactlyOnce(outcome);
  });

  it('PostgreSQL killed (SIGKILL, every process) mid-run: the same, after crash recovery', async () => {
    const outcome = await runCase(
      context,
      cookie,
      { name: 'postgresKill', seed: 5, readers: 4 },
      postgresOutage('kill'),
    );
    expectCleanDatabaseOutage(outcome);
    expectExactlyOnce(outcome);
  });
});
