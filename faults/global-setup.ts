import type { TestProject } from 'vitest/node';
import { finishReport, startReport } from './report.js';
import { seed } from './seed.js';
import type { FaultsContext } from './settings.js';
import { Infrastructure, startControlServer, startSystem, startWebhookReceiver } from './stack.js';

/**
 * One system for the whole fault run: our own PostgreSQL and Redis (fresh database, empty Redis),
 * `npm start` on our ports, stock seeded through the API, a webhook receiver, and the control
 * server through which the specs stop and start PostgreSQL and Redis.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  startReport();
  const infra = new Infrastructure();
  const closers: Array<() => Promise<void>> = [];
  const teardown = async (): Promise<void> => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await infra.stopAll();
    finishReport();
  };
  try {
    await infra.startPostgres();
    await infra.startRedis();
    await infra.reset();
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const control = await startControlServer(infra, receiver.received);
    closers.push(control.close);
    const system = await startSystem(infra);
    closers.push(system.stop);
    process.stdout.write(`[faults] the system answered /ready in ${(system.readyMs / 1000).toFixed(1)} s\n`);
    const seeded = await seed(system.baseUrl);
    const context: FaultsContext = {
      baseUrl: system.baseUrl,
      databaseUrl: infra.databaseUrl,
      redisUrl: infra.redisUrl,
      controlUrl: control.url,
      startPid: system.child.pid!,
      apiKey: seeded.apiKey,
      webhookEndpointId: seeded.webhookEndpointId,
      items: seeded.items,
    };
    project.provide('faults', context);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    faults: FaultsContext;
  }
}
