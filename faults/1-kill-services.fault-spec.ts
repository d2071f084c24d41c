import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, sleep } from './api.js';
import { expectExactlyOnce, runCase } from './case.js';
import { kill9, pidOf, waitForRestart } from './processes.js';
import { OWNER, supervised, type SupervisedName } from './settings.js';

/** Load before the first kill and after each process is back, so every kill lands on work in flight. */
const SETTLE_MS = 4_000;

describe('kill -9 of each process in turn while 20 clients create and confirm orders', () => {
  const context = inject('faults');
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
  });

  it('brings every process back, answers every request once or with a clear error, and reconciles exactly', async () => {
    const kills: Array<{ process: SupervisedName; pid: number; newPid: number; backMs: number; ordersSoFar: number }> =
      [];
    const outcome = await runCase(
      context,
      cookie,
      { name: 'killEachProcess', seed: 1, scarce: true },
      async (_tally, workload) => {
        await sleep(SETTLE_MS);
        for (const name of Object.keys(supervised) as SupervisedName[]) {
          const pid = pidOf(context.startPid, name);
          kill9(pid);
          const back = await waitForRestart(context.startPid, name, pid, context.baseUrl);
          kills.push({ process: name, pid, newPid: back.pid, backMs: back.ms, ordersSoFar: workload.intents.length });
          await sleep(SETTLE_MS);
        }
        return { faultsInjected: kills.length, kills };
      },
    );
    expect(kills).toHaveLength(6);
    expectExactlyOnce(outcome);
  });
});
