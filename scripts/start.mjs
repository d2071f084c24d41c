// `npm start`: installs and builds what is missing, makes sure PostgreSQL and Redis are
// there, runs the Fatoora and WhatsApp simulators, the five services and the gateway as child
// processes (restarted when they stop unexpectedly), waits for GET /ready and prints the URL.
// Ctrl-C or SIGTERM stops everything it started. See docs/operations.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { createLog, oneLine, UserError } from './lib/log.mjs';
import { checkNodeVersion, ensureDependencies, env, loadDotEnv, root, run, webBuildNeeded } from './lib/setup.mjs';
import { ensureSystemPackages, runtimePackages } from './lib/system-packages.mjs';

const log = createLog('start');
const readyTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;
const maxRestartsPerMinute = 5;

/** The supervised processes: { name, entry, child, restarts (timestamps), timer }. */
const processes = [];
/** What ensurePostgres / ensureRedis started: { stop }. */
const infrastructure = [];
let childEnv;
let stopping = false;

// ---------------------------------------------------------------- output

const colors = [36, 35, 33, 32, 34, 91, 96];
const useColor = process.stdout.isTTY && !env('NO_COLOR');

/** Writes every line of a child's stream with its `[name]` prefix (JSON lines stay whole). */
function pipeLines(stream, out, name, index) {
  const tag = useColor ? `\x1b[${colors[index % colors.length]}m[${name}]\x1b[0m` : `[${name}]`;
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${tag} ${line}\n`));
}

// ---------------------------------------------------------------- children

function isRunning(child) {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

function exitOf(child) {
  return isRunning(child) ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
}

/** Signals a child's whole process group (it may have started Chromium and the like). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function launch(proc) {
  // Own process group: a Ctrl-C in the terminal reaches only us, and we stop them in order.
  const child = spawn(process.execPath, [proc.entry], {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.child = child;
  const index = processes.indexOf(proc);
  pipeLines(child.stdout, process.stdout, proc.name, index);
  pipeLines(child.stderr, process.stderr, proc.name, index);
  child.once('exit', (code, signal) => onExit(proc, code, signal));
}

function onExit(proc, code, signal) {
  if (stopping) return;
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  const now = Date.now();
  proc.restarts = proc.restarts.filter((time) => now - time < 60_000);
  if (proc.restarts.length >= maxRestartsPerMinute) {
    log.error(`${proc.name} stopped (${how}) after ${maxRestartsPerMinute} restarts within a minute: giving up`);
    void shutdown(1);
    return;
  }
  const delayMs = Math.min(1000 * 2 ** proc.restarts.length, 16_000);
  proc.restarts.push(now);
  log.error(`${proc.name} stopped unexpectedly (${how}): restarting in ${delayMs / 1000} s`);
  proc.timer = setTimeout(() => {
    proc.timer = undefined;
    if (!stopping) launch(proc);
  }, delayMs);
}

// ---------------------------------------------------------------- shutdown

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  processes.forEach((proc) => clearTimeout(proc.timer));
  const running = processes.filter((proc) => isRunning(proc.child));
  if (running.length > 0) {
    log(`stopping ${running.map((proc) => proc.name).join(', ')}`);
    running.forEach((proc) => proc.child.kill('SIGTERM'));
    const allExited = Promise.all(running.map((proc) => exitOf(proc.child)));
    if (await Promise.race([allExited.then(() => false), sleep(stopTimeoutMs).then(() => true)])) {
      const stragglers = running.filter((proc) => isRunning(proc.child));
      log.error(`${stragglers.map((proc) => proc.name).join(', ')} did not stop within 10 s: killing`);
      stragglers.forEach((proc) => signalGroup(proc.child, 'SIGKILL'));
      await allExited;
    }
  }
  // Anything a service left behind in its process group (a browser, say).
  processes.forEach((proc) => proc.child && signalGroup(proc.child, 'SIGKILL'));
  for (const started of infrastructure.reverse()) {
    await started.stop().catch((error) => log.error(`stopping: ${oneLine(error)}`));
  }
  log('stopped');
  process.exit(code);
}

function onSignal(signal) {
  if (!stopping) {
    log(`${signal}: stopping (press Ctrl-C again to kill at once)`);
    void shutdown(0);
    return;
  }
  log('killing every process at once');
  processes.forEach((proc) => isRunning(proc.child) && signalGroup(proc.child, 'SIGKILL'));
}

// Should this script die some other way, its children must not outlive it.
process.on('exit', () => processes.forEach((proc) => isRunning(proc.child) && proc.child.kill('SIGTERM')));

// ---------------------------------------------------------------- readiness

function describeNotReady(body) {
  const checks = body?.details?.checks;
  if (!checks) return body?.message ?? 'not ready';
  const failing = [];
  if (!checks.redis?.ok) failing.push(`redis (${checks.redis?.error ?? 'failing'})`);
  for (const [name, answer] of Object.entries(checks.services ?? {})) {
    if ('status' in answer) {
      if (answer.status === 'ok') continue;
      const bad = Object.entries(answer.checks ?? {}).filter(([, check]) => !check.ok);
      failing.push(`${name} (${bad.map(([what, check]) => `${what}: ${check.error ?? 'failing'}`).join(', ')})`);
    } else if (!answer.ok) {
      failing.push(`${name} (${answer.error ?? 'no answer'})`);
    }
  }
  return `failing: ${failing.join('; ')}`;
}

async function waitUntilReady(url) {
  const deadline = Date.now() + readyTimeoutMs;
  let problem;
  while (!stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return;
      problem = `${response.status}, ${describeNotReady(await response.json().catch(() => undefined))}`;
    } catch (error) {
      problem = `the gateway does not answer (${oneLine(error.cause ?? error)})`;
    }
    if (Date.now() > deadline) {
      const down = processes.filter((proc) => !isRunning(proc.child)).map((proc) => proc.name);
      const notRunning = down.length > 0 ? `; not running: ${down.join(', ')}` : '';
      throw new UserError(`not ready after ${readyTimeoutMs / 1000} s: GET ${url} says ${problem}${notRunning}`);
    }
    await sleep(250);
  }
}

// ---------------------------------------------------------------- main

async function loadServices() {
  const file = path.join(root, 'libs', 'contracts', 'dist', 'services.js');
  const { serviceNames, defaultServicePorts, serviceEnvPrefix } = await import(pathToFileURL(file).href);
  return serviceNames.map((name) => ({
    name,
    entry: `services/${name}/dist/main.js`,
    port: Number(env(`${serviceEnvPrefix(name)}_PORT`) ?? defaultServicePorts[name]),
    portVariable: `${serviceEnvPrefix(name)}_PORT`,
  }));
}

/** SESSION_SECRET when set, else one made on the first start and kept in <dataDir>/session-secret. */
function sessionSecret(dataDir) {
  const given = env('SESSION_SECRET');
  if (given) return given;
  const file = path.join(dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    log(`made a session secret: ${path.relative(root, file)}`);
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function checkPortsFree(apps, portInUse) {
  for (const app of apps) {
    if (!Number.isInteger(app.port) || app.port < 1 || app.port > 65535) {
      throw new UserError(`${app.portVariable} must be a port number (1-65535), got "${env(app.portVariable)}"`);
    }
    if (await portInUse(app.port)) {
      throw new UserError(
        `port ${app.port} (${app.name}, ${app.portVariable}) is already in use: is another npm start running? Stop it or set ${app.portVariable}`,
      );
    }
  }
}

async function main() {
  checkNodeVersion();
  loadDotEnv(log);
  await ensureDependencies(log);
  ensureSystemPackages(log, { packages: runtimePackages, required: false });
  log('building the server (tsc -b, incremental)');
  await run('npm', ['run', '--silent', 'build:server']);
  if (webBuildNeeded()) {
    log('building the web app (vite)');
    await run('npm', ['run', '--silent', 'build:web']);
  }
  const { ensurePostgres, ensureRedis, portInUse } = await import('./lib/infra.mjs');

  const services = await loadServices();
  const gatewayPort = Number(env('PORT') ?? 8080);
  const gateway = { name: 'gateway', entry: 'gateway/dist/main.js', port: gatewayPort, portVariable: 'PORT' };
  // The local Fatoora simulator (ZATCA's e-invoicing gateway), started first: billing onboards and submits to it.
  const fatooraSimulator = {
    name: 'fatoora-simulator',
    entry: 'simulators/fatoora/dist/main.js',
    port: Number(env('FATOORA_SIMULATOR_PORT') ?? 4010),
    portVariable: 'FATOORA_SIMULATOR_PORT',
  };
  // The local WhatsApp Cloud API (Meta's Graph API): ai-parser connects the demo company to it on a first start.
  const whatsappSimulator = {
    name: 'whatsapp-simulator',
    entry: 'simulators/whatsapp-graph/dist/main.js',
    port: Number(env('WHATSAPP_SIMULATOR_PORT') ?? 4020),
    portVariable: 'WHATSAPP_SIMULATOR_PORT',
  };
  const apps = [fatooraSimulator, whatsappSimulator, ...services, gateway];
  for (const app of apps) {
    if (!fs.existsSync(path.join(root, app.entry))) throw new UserError(`${app.entry} is missing after the build`);
  }
  await checkPortsFree(apps, portInUse);

  const dataDir = path.resolve(root, env('ERP_DATA_DIR') ?? '.data');
  const postgres = await ensurePostgres({ url: env('DATABASE_URL'), dataDir, database: 'erp', log });
  infrastructure.push(postgres);
  const redis = await ensureRedis({ url: env('REDIS_URL'), dataDir, log });
  infrastructure.push(redis);
  if (stopping) return;
  // The demo company for an empty database (unless DEMO_DATA=off): its lock is taken now, so
  // whoever waits for it (e2e/global-setup.ts) can from the moment /ready answers.
  const { prepareDemoCompany } = await import('./lib/demo-company.mjs');
  const demo = await prepareDemoCompany({ root, databaseUrl: postgres.url, log });

  const host = env('HOST');
  const readyHost = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  childEnv = {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ERP_DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret(dataDir),
    FATOORA_SIMULATOR_PORT: String(fatooraSimulator.port),
    ZATCA_SIMULATOR_URL: `http://127.0.0.1:${fatooraSimulator.port}`,
    WHATSAPP_SIMULATOR_PORT: String(whatsappSimulator.port),
    WHATSAPP_SIMULATOR_URL: `http://127.0.0.1:${whatsappSimulator.port}`,
    // Where the simulator posts the statuses of the messages sent (the gateway's webhook, as Meta would).
    WHATSAPP_WEBHOOK_URL:
      env('WHATSAPP_WEBHOOK_URL') ?? `http://${readyHost}:${gatewayPort}/api/channels/whatsapp/webhook`,
  };
  log(`starting ${apps.map((app) => app.name).join(', ')}`);
  for (const app of apps) {
    processes.push({ name: app.name, entry: app.entry, child: undefined, restarts: [], timer: undefined });
  }
  processes.forEach(launch);

  await waitUntilReady(`http://${readyHost}:${gatewayPort}/ready`);
  if (stopping) return;
  const seconds = (performance.now() / 1000).toFixed(1);
  log(`ready in ${seconds} s: open http://localhost:${gatewayPort} (Ctrl-C stops everything)`);
  await demo?.load(services);
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

// Under npm, `kill <pid of npm>` ends npm and its shell but never reaches us: stop when npm goes.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && !stopping) {
      log('npm, which started this, has ended: stopping');
      void shutdown(0);
    }
  }, 1000).unref();
}

main().catch((error) => {
  if (stopping) return;
  log.error(error instanceof UserError ? error.message : (error?.stack ?? String(error)));
  void shutdown(1);
});
