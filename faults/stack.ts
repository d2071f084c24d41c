/**
 * The system under test, started as a user starts it (scripts/start.mjs) on the suite's own
 * ports, against the suite's own PostgreSQL and redis-server (scripts/lib/infra.mjs, data under
 * .data/faults). The machine's shared PostgreSQL and Redis are never touched: only ours are
 * stopped and started again, through the control server below.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensurePostgres, ensureRedis, type Started } from '../scripts/lib/infra.mjs';
import { sleep } from './api.js';
import { isAlive, postgresPids, redisPid } from './processes.js';
import {
  AI_JOB_TIMEOUT_MS,
  crashDir,
  DATABASE,
  faultsDir,
  OWNER,
  ports,
  REDIS_PREFIX,
  root,
  RPC_TIMEOUT_MS,
  stackLogFile,
} from './settings.js';

const log = Object.assign((message: string) => process.stdout.write(`[faults] ${message}\n`), {
  error: (message: string) => process.stderr.write(`[faults] ${message}\n`),
});

/** Our own PostgreSQL and Redis, which the cases stop and start. */
export class Infrastructure {
  private postgres: Started | null = null;
  private redis: Started | null = null;
  databaseUrl = '';
  redisUrl = '';

  async startPostgres(): Promise<number> {
    const started = Date.now();
    // Never the machine's server on 5432: always our embedded one on our port.
    process.env.ERP_NO_LOCAL_SERVICES = '1';
    this.postgres = await ensurePostgres({ dataDir: faultsDir, database: DATABASE, port: ports.postgres, log });
    this.databaseUrl = this.postgres.url;
    return Date.now() - started;
  }

  async stopPostgres(): Promise<number> {
    const started = Date.now();
    await this.postgres?.stop();
    this.postgres = null;
    return Date.now() - started;
  }

  /** SIGKILL of the postmaster and every backend at once (a crash: recovery from the WAL at the next start). */
  async killPostgres(): Promise<number> {
    const started = Date.now();
    const pids = postgresPids();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    while (pids.some((pid) => isAlive(pid))) await sleep(50);
    // Its stop() would wait for an exit that already happened.
    this.postgres = null;
    return Date.now() - started;
  }

  async startRedis(): Promise<number> {
    const started = Date.now();
    process.env.ERP_NO_LOCAL_SERVICES = '1';
    this.redis = await ensureRedis({ dataDir: faultsDir, port: ports.redis, log });
    this.redisUrl = this.redis.url;
    return Date.now() - started;
  }

  /** SIGTERM (Redis saves its data first, as on a restart) or SIGKILL (a crash). */
  async stopRedis(signal: 'SIGTERM' | 'SIGKILL'): Promise<number> {
    const started = Date.now();
    if (signal === 'SIGKILL') {
      const pid = redisPid();
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
      while (redisPid() !== undefined) await sleep(50);
    }
    await this.redis?.stop();
    this.redis = null;
    return Date.now() - started;
  }

  /** A fresh database and an empty Redis for this run (both ours). */
  async reset(): Promise<void> {
    const admin = new pg.Client({ connectionString: withDatabase(this.databaseUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${DATABASE}"`);
    } finally {
      await admin.end();
    }
    const redis = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushall();
    redis.disconnect();
  }

  async stopAll(): Promise<void> {
    await this.redis?.stop().catch((error: unknown) => log.error(`stopping Redis: ${String(error)}`));
    await this.postgres?.stop().catch((error: unknown) => log.error(`stopping PostgreSQL: ${String(error)}`));
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface RunningSystem {
  baseUrl: string;
  child: ChildProcess;
  readyMs: number;
  stop(): Promise<void>;
}

/** `npm start` on our ports, database and Redis, without the demo company; output to .data/faults/stack.log. */
export async function startSystem(infra: Infrastructure): Promise<RunningSystem> {
  const appDir = join(faultsDir, 'app');
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  rmSync(crashDir, { recursive: true, force: true });
  mkdirSync(crashDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.gateway),
    HOST: '127.0.0.1',
    IDENTITY_PORT: String(ports.identity),
    ORDERS_PORT: String(ports.orders),
    INVENTORY_PORT: String(ports.inventory),
    BILLING_PORT: String(ports.billing),
    AI_PARSER_PORT: String(ports.aiParser),
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX,
    ERP_DATA_DIR: appDir,
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    DEMO_DATA: 'off',
    ERP_OWNER_USERNAME: OWNER.username,
    ERP_OWNER_PASSWORD: OWNER.password,
    RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    // The suite measures faults, not the limiters: 20 clients share one account and one key.
    LOGIN_ATTEMPTS_PER_IP: '100000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    // The Fatoora simulator that npm start runs, on our port; documents left pending are swept every 2 s.
    FATOORA_SIMULATOR_PORT: String(ports.fatoora),
    // The WhatsApp Graph simulator that npm start runs, on our port too.
    WHATSAPP_SIMULATOR_PORT: String(ports.whatsapp),
    // WhatsApp deliveries kept while Redis was away are queued again every 2 s.
    WHATSAPP_SWEEP_MS: '2000',
    ZATCA_SWEEP_MS: '2000',
    // A receiver on this machine (tests only), retried quickly.
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_BACKOFF_MS: '500',
    WEBHOOK_ATTEMPTS: '10',
    // The crash point between a commit and its publication (libs/common/src/outbox/crash-after-commit.ts).
    FAULT_CRASH_DIR: crashDir,
    // An OpenAI-compatible endpoint that the AI case controls (it hangs); nothing listens there otherwise.
    AI_BASE_URL: `http://127.0.0.1:${ports.aiEndpoint}/v1`,
    AI_MODEL: 'faults-model',
    AI_API_KEY: 'none',
    AI_JOB_TIMEOUT_MS: String(AI_JOB_TIMEOUT_MS),
    // Longer than the job: a hung speech call is cut by the job's limit, not its own.
    AI_TIMEOUT_MS: '60000',
  };
  for (const name of ['npm_lifecycle_event', 'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'SESSION_SECRET']) delete env[name];

  const output: WriteStream = createWriteStream(stackLogFile, { flags: 'w' });
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    output.write(chunk);
    tail = (tail + chunk.toString()).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${ports.gateway}`;
  const started = Date.now();
  // The first start may build the server (tsc -b) and the web app.
  const deadline = started + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the system was not ready within 300 s:\n${tail}`);
    }
    const ready = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(250);
  }
  return {
    baseUrl,
    child,
    readyMs: Date.now() - started,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000)]);
      }
      output.end();
    },
  };
}

/** What the webhook receiver got: one entry per POST. */
export interface ReceivedDelivery {
  delivery: string;
  event: string;
  type: string;
  at: number;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/** A webhook receiver on this machine: answers 204 and remembers every delivery. */
export async function startWebhookReceiver(): Promise<{ received: ReceivedDelivery[]; close(): Promise<void> }> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    readBody(request).then(
      (raw) => {
        let event: { id?: string; type?: string } = {};
        try {
          event = JSON.parse(raw) as { id?: string; type?: string };
        } catch {
          // counted with an empty id
        }
        received.push({
          delivery: String(request.headers['x-erp-delivery'] ?? ''),
          event: event.id ?? '',
          type: event.type ?? '',
          at: Date.now(),
        });
        response.writeHead(204).end();
      },
      () => response.writeHead(400).end(),
    );
  });
  await listen(server, ports.webhookReceiver);
  return { received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The fault specs run in a worker; our PostgreSQL and Redis belong to this (the main) process.
 * This server lets a spec stop and start them, and read what the webhook receiver got.
 */
export async function startControlServer(
  infra: Infrastructure,
  received: ReceivedDelivery[],
): Promise<{ url: string; close(): Promise<void> }> {
  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    'POST /postgres/stop': async () => ({ ms: await infra.stopPostgres() }),
    'POST /postgres/start': async () => ({ ms: await infra.startPostgres() }),
    'POST /postgres/kill': async () => ({ ms: await infra.killPostgres() }),
    'POST /redis/stop': async (body) => ({
      ms: await infra.stopRedis(body.signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM'),
    }),
    'POST /redis/start': async () => ({ ms: await infra.startRedis() }),
    'GET /webhooks': async () => ({ received }),
  };
  const server = createServer((request, response) => {
    const route = routes[`${request.method} ${request.url}`];
    if (!route) return reply(response, 404, { message: 'no such route' });
    readBody(request)
      .then((raw) => route(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}))
      .then(
        (result) => reply(response, 200, result),
        (error: unknown) => reply(response, 500, { message: error instanceof Error ? error.message : String(error) }),
      );
  });
  await listen(server, ports.control);
  return {
    url: `http://127.0.0.1:${ports.control}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
