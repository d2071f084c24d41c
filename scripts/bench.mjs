#!/usr/bin/env node
// npm run bench: measures the running system the way a user starts it and writes docs/benchmarks.md.
// Needs a build (npm run build). Uses its own database (erp_bench) and Redis prefix, dropped after.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchImports } from './lib/bench-imports.mjs';
import { benchInventory } from './lib/bench-inventory.mjs';
import { benchPdf } from './lib/bench-pdf.mjs';
import { benchOrders } from './lib/bench-orders.mjs';
import { benchV1 } from './lib/bench-v1.mjs';
import argon2 from 'argon2';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 18480);
const baseUrl = `http://127.0.0.1:${port}`;
const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDatabase = 'erp_bench';
const ownerPassword = 'bench-owner-password';
// The identity service's defaults (services/identity/src/identity.config.ts).
const argon2Cost = {
  memoryCost: Number(process.env.ARGON2_MEMORY_KIB ?? 47104),
  timeCost: Number(process.env.ARGON2_TIME_COST ?? 2),
};

function log(message) {
  process.stdout.write(`[bench] ${message}\n`);
}

async function onServer(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts the system with `npm start` (its supervisor) on bench ports; resolves with the time to ready. */
async function startSystem() {
  const servicePorts = {
    IDENTITY_PORT: 18401,
    ORDERS_PORT: 18402,
    INVENTORY_PORT: 18403,
    BILLING_PORT: 18404,
    AI_PARSER_PORT: 18405,
  };
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.entries(servicePorts).map(([key, value]) => [key, String(value)])),
    PORT: String(port),
    DATABASE_URL: databaseUrl(benchDatabase),
    REDIS_PREFIX: `bench-${process.pid}`,
    LOG_LEVEL: 'warn',
    // The bench seeds its own data: no demo company.
    DEMO_DATA: 'off',
    ERP_OWNER_USERNAME: 'owner',
    ERP_OWNER_PASSWORD: ownerPassword,
    // One client hammering one account from one address: measure the work, not the limiter.
    LOGIN_ATTEMPTS_PER_IP: '1000000',
    PUBLIC_WRITES_PER_IP: '1000000',
    // Likewise for the partner API's per-key limit.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    // Reorder generation over a million order lines: let the call wait for the job.
    REORDER_WAIT_TIMEOUT_MS: '60000',
    RPC_TIMEOUT_MS: '65000',
  };
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    try {
      const response = await fetch(`${baseUrl}/ready`);
      if (response.status === 200) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`not ready within 120 s:\n${output.slice(-3000)}`);
}

async function stopSystem(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

async function load(name, options) {
  log(`${name}: ${connections} connections for ${durationSeconds} s`);
  const result = await autocannon({ connections, duration: durationSeconds, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures,
  };
}

/** Gzip size of what the browser loads before the first screen: the entry script and its preloads. */
function webInitialJs() {
  const dist = join(root, 'web/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const unique = [...new Set(files)];
  const bytes = unique.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  return { files: unique, gzipBytes: bytes };
}

/** CPU time of one argon2id hash with the service's cost, measured in this process. */
async function argon2CpuCost() {
  const samples = 9;
  const times = [];
  for (let index = 0; index < samples; index += 1) {
    const before = process.cpuUsage();
    await argon2.hash(`password-${index}`, { type: argon2.argon2id, parallelism: 1, ...argon2Cost });
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(samples / 2)], samples };
}

function row(result) {
  return `| ${result.name} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${result.total} | ${result.failures} |`;
}

/** The owner's session cookie. */
async function signIn() {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: ownerPassword }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * `BENCH_ONLY=partner-api npm run bench`: seeds and measures only what the partner API section
 * needs and prints it, leaving docs/benchmarks.md alone (its figures all come from one full run).
 */
async function partnerApiOnly() {
  await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${benchDatabase}"`);
  const { child } = await startSystem();
  try {
    const cookie = await signIn();
    const benchDatabaseUrl = databaseUrl(benchDatabase);
    await benchInventory({ root, baseUrl, cookie, databaseUrl: benchDatabaseUrl, inventoryPort: 18403, log });
    const lines = await benchV1({ baseUrl, cookie, databaseUrl: benchDatabaseUrl, log });
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stopSystem(child);
    await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  }
}

/** `BENCH_ONLY=imports npm run bench`: the imports section alone, printed (docs/benchmarks.md left alone). */
async function importsOnly() {
  await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${benchDatabase}"`);
  const { child } = await startSystem();
  try {
    const lines = await benchImports({ baseUrl, cookie: await signIn(), log });
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stopSystem(child);
    await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'partner-api') return partnerApiOnly();
  if (process.env.BENCH_ONLY === 'imports') return importsOnly();
  await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${benchDatabase}"`);
  const { child, readyMs } = await startSystem();
  log(`ready in ${Math.round(readyMs)} ms`);
  let results;
  try {
    const health = await load('GET /health (gateway only)', { url: `${baseUrl}/health` });
    const demo = await load('POST /api/demo-requests (one TCP hop, a Postgres insert)', {
      url: `${baseUrl}/api/demo-requests`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Bench Buyer',
        email: 'bench@example.com',
        phone: '+966 50 000 0000',
        company: 'Bench Trading',
      }),
    });
    const login = await load('POST /api/login (argon2id verify, a session in Redis)', {
      url: `${baseUrl}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: ownerPassword }),
    });
    const cookie = await signIn();
    const user = await load('GET /api/user (cookie JWT, session resolved by identity)', {
      url: `${baseUrl}/api/user`,
      headers: { cookie },
    });
    const inventory = await benchInventory({
      root,
      baseUrl,
      cookie,
      databaseUrl: databaseUrl(benchDatabase),
      inventoryPort: 18403,
      log,
    });
    const partnerApi = await benchV1({ baseUrl, cookie, databaseUrl: databaseUrl(benchDatabase), log });
    const orders = await benchOrders({ baseUrl, cookie, databaseUrl: databaseUrl(benchDatabase), log });
    const imports = await benchImports({ baseUrl, cookie, log });
    results = { health, demo, login, user, inventory, orders, partnerApi, imports };
  } finally {
    await stopSystem(child);
    await onServer(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`);
  }
  const web = webInitialJs();
  const argon = await argon2CpuCost();
  // Invoice PDFs need no running system: measured after it stopped, so nothing competes for the cores.
  const pdf = await benchPdf({ root, log });
  const ratio = (results.demo.requestsPerSecond / results.health.requestsPerSecond).toFixed(3);
  const webLine = web
    ? `- Web shell, initial JavaScript (entry and modulepreloads, gzip): **${(web.gzipBytes / 1024).toFixed(1)} KB** (target under 250 KB; screens are split into their own chunks). Files: ${web.files.map((file) => `\`${file}\``).join(', ')}.`
    : '- Web shell: not built (run `npm run build`).';
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString()}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Every figure below comes from that one run; run it again to refresh them.`,
    '',
    '## Foundation',
    '',
    `- Start-up: \`npm start\` (installed and built) to \`/ready\` answering 200, with Postgres and Redis already running: **${(readyMs / 1000).toFixed(2)} s** (target under 30 s).`,
    `- Load: autocannon, ${connections} connections, ${durationSeconds} s per route, against the system started by \`npm start\`.`,
    '',
    '| route | requests/s | p50 ms | p99 ms | requests | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(results.health),
    row(results.demo),
    '',
    `- Ratio of the route that crosses a TCP hop and writes Postgres to the gateway-only route: **${ratio}**. The hop, the JSON (de)serialisation on both sides and the database dominate; the gateway itself stays thin.`,
    webLine,
    '',
    '## Identity',
    '',
    '| route | requests/s | p50 ms | p99 ms | requests | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(results.login),
    row(results.user),
    '',
    `- argon2id cost: memory ${argon2Cost.memoryCost} KiB, ${argon2Cost.timeCost} passes, parallelism 1: **${argon.medianMs.toFixed(0)} ms** of CPU per hash (median of ${argon.samples}; target 50–250 ms). The sign-in rate above is bounded by this on purpose: at 2 cores it is what makes guessing passwords expensive, and the per-username and per-IP limits do the rest.`,
    '- The login run lifts the per-IP sign-in limit (LOGIN_ATTEMPTS_PER_IP), and the demo-request run the per-IP public-write limit (PUBLIC_WRITES_PER_IP), so that they measure the work of the call rather than the limiter.',
    '',
    ...results.inventory,
    ...results.orders,
    ...results.partnerApi,
    ...results.imports,
    ...pdf,
  ];
  writeFileSync(join(root, 'docs/benchmarks.md'), lines.join('\n'));
  log('wrote docs/benchmarks.md');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error) => {
  process.stderr.write(`[bench] ${error.stack ?? error}\n`);
  process.exit(1);
});
