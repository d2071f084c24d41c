import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, sleep } from './api.js';
import { expectExactlyOnce, runCase } from './case.js';
import { unsentOutboxRows } from './reconcile.js';
import { isAlive, pidOf, waitForRestart } from './processes.js';
import { crashDir, OWNER, type SupervisedName } from './settings.js';

/** The services with an outbox; each schema's file in crashDir arms its crash point. */
const PRODUCERS = ['orders', 'inventory', 'billing', 'identity'] as const satisfies readonly SupervisedName[];
const SETTLE_MS = 4_000;
/** Under 20 clients every producer commits outbox rows many times a second: armed, it dies at once. */
const CRASH_WITHIN_MS = 30_000;

describe('each service killed between a commit and the publication of what it staged', () => {
  const context = inject('faults');
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
  });

  it('publishes every committed event after the restart, once in effect, and reconciles exactly', async () => {
    const crashes: Array<{
      process: SupervisedName;
      pid: number;
      diedAfterMs: number;
      /** Rows committed and not published when it died: what only the next process's relay can send. */
      unsentAtDeath: number;
      backMs: number;
    }> = [];
    const outcome = await runCase(context, cookie, { name: 'crashAfterCommit', seed: 6 }, async () => {
      await sleep(SETTLE_MS);
      for (const name of PRODUCERS) {
        const pid = pidOf(context.startPid, name);
        const armed = Date.now();
        // The service removes the file and SIGKILLs itself right after its next commit that staged rows.
        writeFileSync(join(crashDir, name), '');
        while (isAlive(pid) && Date.now() - armed < CRASH_WITHIN_MS) await sleep(20);
        const diedAfterMs = Date.now() - armed;
        if (isAlive(pid)) throw new Error(`${name} did not reach its crash point within ${CRASH_WITHIN_MS} ms`);
        const unsentAtDeath = await unsentOutboxRows(context.databaseUrl, name);
        const back = await waitForRestart(context.startPid, name, pid, context.baseUrl);
        crashes.push({ process: name, pid, diedAfterMs, unsentAtDeath, backMs: back.ms });
        await sleep(SETTLE_MS);
      }
      return { faultsInjected: crashes.length, crashes };
    });
    expect(crashes.map((crash) => crash.process)).toEqual([...PRODUCERS]);
    // Each died with what its last commit staged still unpublished: the crash fell between the two.
    for (const crash of crashes) expect(crash.unsentAtDeath, crash.process).toBeGreaterThan(0);
    expectExactlyOnce(outcome);
  });
});
