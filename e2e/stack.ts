import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..');

/** The owner the e2e system starts with. */
export const E2E_OWNER = { username: 'owner', password: 'e2e-owner-password' };

export interface RunningStack {
  baseUrl: string;
  databaseUrl: string;
  /** The WhatsApp Graph simulator npm start runs (its /simulator/connection names the app secret). */
  whatsappSimulatorUrl: string;
  /** The Fatoora simulator npm start runs as ZATCA (its /simulator/faults make ZATCA refuse or not answer). */
  fatooraSimulatorUrl: string;
  stop(): Promise<void>;
}

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts the whole system the way a user does (`npm start`, i.e. scripts/start.mjs) on its own
 * ports, database and Redis prefix, and waits until /ready answers 200.
 */
export async function startStack(): Promise<RunningStack> {
  // E2E_PORT_BASE (default 18500) lets two checkouts run this suite on one machine at once.
  const base = Number(process.env.E2E_PORT_BASE ?? 18500);
  const port = base + 80;
  const database = `erp_e2e_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${database}"`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    IDENTITY_PORT: String(base + 1),
    ORDERS_PORT: String(base + 2),
    INVENTORY_PORT: String(base + 3),
    BILLING_PORT: String(base + 4),
    AI_PARSER_PORT: String(base + 5),
    // The simulators too: a running `npm start` holds their default ports (4010, 4020).
    FATOORA_SIMULATOR_PORT: String(base + 6),
    WHATSAPP_SIMULATOR_PORT: String(base + 7),
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `e2e-${process.pid}`,
    LOG_LEVEL: 'warn',
    ERP_OWNER_USERNAME: E2E_OWNER.username,
    ERP_OWNER_PASSWORD: E2E_OWNER.password,
    ERP_DATA_DIR: join(root, '.data', `e2e-${process.pid}`),
  };
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the system was not ready within 180 s:\n${output.slice(-4000)}`);
    }
    const ready = await fetch(`${baseUrl}/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    databaseUrl: url.toString(),
    whatsappSimulatorUrl: `http://127.0.0.1:${env.WHATSAPP_SIMULATOR_PORT}`,
    fatooraSimulatorUrl: `http://127.0.0.1:${env.FATOORA_SIMULATOR_PORT}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(env.ERP_DATA_DIR!, { recursive: true, force: true });
    },
  };
}
