import { Logger } from '@nestjs/common';
import {
  createTestDatabase,
  createTestRedisPrefix,
  deleteRedisPrefix,
  testRedisUrl,
  type TestDatabase,
} from '@erp/testing';
import { Queue, Worker, type JobsOptions } from 'bullmq';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultOutboxRelayOptions,
  OutboxRelay,
  outboxTableStatements,
  stageOutboxJob,
  type OutboxRelayOptions,
} from '../src/index.js';

const SCHEMA = 'shop';
const QUEUE = 'outbox-probe';

interface OutboxRecord {
  job_id: string;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  available_at: Date;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A TCP hop between a client and the test Redis that can be cut and restored: Redis "down" for that client only. */
class RedisHop {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async open(): Promise<void> {
    const target = new URL(testRedisUrl());
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }
}

describe('the transactional outbox (real PostgreSQL and Redis)', () => {
  const prefix = createTestRedisPrefix();
  const bull = { connection: { url: testRedisUrl() }, prefix: `${prefix}:bull` };
  let database: TestDatabase;
  const dataSources: DataSource[] = [];
  const relays: OutboxRelay[] = [];
  const queues: Queue[] = [];
  let inspect: Queue;
  let serial = 0;

  async function newDataSource(): Promise<DataSource> {
    const dataSource = await new DataSource({
      type: 'postgres',
      url: database.url,
      schema: SCHEMA,
      extra: { max: 4 },
    }).initialize();
    dataSources.push(dataSource);
    return dataSource;
  }

  function newQueue(connection: Record<string, unknown> = bull.connection): Queue {
    const queue = new Queue(QUEUE, { connection, prefix: bull.prefix });
    queues.push(queue);
    return queue;
  }

  function newRelay(dataSource: DataSource, queue: Queue, options: Partial<OutboxRelayOptions> = {}): OutboxRelay {
    const relay = new OutboxRelay(dataSource, new Map([[QUEUE, queue]]), {
      ...defaultOutboxRelayOptions,
      intervalMs: 50,
      ...options,
    });
    relays.push(relay);
    return relay;
  }

  function job(jobId = `job-${(serial += 1)}`, options: Omit<JobsOptions, 'jobId'> = {}) {
    return { queue: QUEUE, name: 'probe', jobId, data: { meta: { requestId: jobId }, data: { n: serial } }, options };
  }

  async function rowOf(jobId: string): Promise<OutboxRecord | undefined> {
    const [row] = await database.query<OutboxRecord & Record<string, unknown>>(
      `SELECT job_id, sent_at, attempts, last_error, available_at FROM ${SCHEMA}.outbox WHERE job_id = $1`,
      [jobId],
    );
    return row;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of outboxTableStatements(SCHEMA)) await database.query(statement);
    // What the producers of these tests change.
    await database.query(`CREATE TABLE ${SCHEMA}.things (id text PRIMARY KEY)`);
    inspect = newQueue();
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await Promise.all(dataSources.map((dataSource) => dataSource.destroy()));
    await database?.drop();
    await deleteRedisPrefix(prefix);
  });

  it('writes the row in the transaction of the change: rolled back, no row and no job', async () => {
    const dataSource = await newDataSource();
    const relay = newRelay(dataSource, newQueue());
    relay.start();
    const rolledBack = job();
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO ${SCHEMA}.things (id) VALUES ($1)`, [rolledBack.jobId]);
        await stageOutboxJob(manager, rolledBack);
        throw new Error('the change fails after staging');
      }),
    ).rejects.toThrow('the change fails');
    const committed = job();
    await dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO ${SCHEMA}.things (id) VALUES ($1)`, [committed.jobId]);
      await stageOutboxJob(manager, committed);
    });
    await until('the committed job', () => inspect.getJob(committed.jobId));
    await relay.drain();
    expect(await rowOf(rolledBack.jobId)).toBeUndefined();
    expect(await inspect.getJob(rolledBack.jobId)).toBeUndefined();
    expect(await database.query(`SELECT id FROM ${SCHEMA}.things`)).toEqual([{ id: committed.jobId }]);
  });

  it('publishes right after the commit with the natural jobId, data and options, and marks the row sent', async () => {
    const dataSource = await newDataSource();
    // An interval of a minute: only the nudge after the commit can explain a job within the second.
    const relay = newRelay(dataSource, newQueue(), { intervalMs: 60_000 });
    relay.start();
    await relay.drain();
    const staged = job(undefined, { attempts: 12, backoff: { type: 'exponential', delay: 1_000 } });
    const committedAt = Date.now();
    await dataSource.transaction((manager) => stageOutboxJob(manager, staged));
    const added = await until('the job', () => inspect.getJob(staged.jobId), 1_000);
    expect(Date.now() - committedAt).toBeLessThan(1_000);
    expect(added.id).toBe(staged.jobId);
    expect(added.name).toBe('probe');
    expect(added.data).toEqual(staged.data);
    expect(added.opts).toMatchObject({ attempts: 12, backoff: { type: 'exponential', delay: 1_000 } });
    const row = await until('the row marked sent', async () => {
      const found = await rowOf(staged.jobId);
      return found?.sent_at ? found : null;
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null });

    // Outside a transaction the row commits at once and wakes the relay just the same.
    const alone = job();
    await stageOutboxJob(dataSource.manager, alone);
    await until('the job staged alone', () => inspect.getJob(alone.jobId), 1_000);
  });

  it('adds a job staged twice while it waits once, and again (a no-op for BullMQ) when staged after it was sent', async () => {
    const dataSource = await newDataSource();
    const queue = newQueue();
    const added: string[] = [];
    const add = queue.add.bind(queue);
    vi.spyOn(queue, 'add').mockImplementation((name, data, opts) => {
      added.push(opts!.jobId!);
      return add(name, data, opts);
    });
    const relay = newRelay(dataSource, queue);
    const twice = job();
    await dataSource.transaction(async (manager) => {
      await stageOutboxJob(manager, twice);
      await stageOutboxJob(manager, { ...twice, data: { meta: { requestId: 'second' }, data: { n: 0 } } });
    });
    relay.start();
    await relay.drain();
    expect(added).toEqual([twice.jobId]);
    expect((await inspect.getJob(twice.jobId))?.data).toEqual(twice.data);

    await dataSource.transaction((manager) => stageOutboxJob(manager, twice));
    await relay.drain();
    expect(added).toEqual([twice.jobId, twice.jobId]);
    expect(
      await database.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE job_id = $1`, [twice.jobId]),
    ).toEqual([{ n: 1 }]);
    expect(
      (await inspect.getJobs(['waiting', 'active', 'completed'])).filter((j) => j.id === twice.jobId),
    ).toHaveLength(1);
  });

  it('with two relays at once (two processes), publishes each row exactly once', async () => {
    const rows = Array.from({ length: 400 }, () => job());
    const producer = await newDataSource();
    await producer.transaction(async (manager) => {
      for (const each of rows) await stageOutboxJob(manager, each);
    });
    const publishedBy = [new Map<string, number>(), new Map<string, number>()];
    const twoRelays = await Promise.all(
      publishedBy.map(async (published) => {
        const queue = newQueue();
        const add = queue.add.bind(queue);
        vi.spyOn(queue, 'add').mockImplementation(async (name, data, opts) => {
          published.set(opts!.jobId!, (published.get(opts!.jobId!) ?? 0) + 1);
          // A slower Redis round trip keeps both relays' transactions open at the same time.
          await new Promise((resolve) => setTimeout(resolve, 2));
          return add(name, data, opts);
        });
        return newRelay(await newDataSource(), queue, { batchSize: 10 });
      }),
    );
    for (const relay of twoRelays) relay.start();
    await until('every row sent', async () => {
      const [{ n }] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE sent_at IS NULL`,
      );
      return n === 0;
    });
    const [first, second] = publishedBy;
    expect(first!.size).toBeGreaterThan(0);
    expect(second!.size).toBeGreaterThan(0);
    const ids = rows.map((each) => each.jobId);
    for (const id of ids) expect((first!.get(id) ?? 0) + (second!.get(id) ?? 0)).toBe(1);
    const inRedis = new Set((await inspect.getJobs(['waiting', 'active', 'completed'], 0, -1)).map((each) => each.id));
    expect(ids.every((id) => inRedis.has(id))).toBe(true);
  });

  it('keeps the rows while Redis is unreachable, says so once, and publishes them when it is back', async () => {
    const warnings = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const hop = new RedisHop();
    await hop.open();
    const queue = newQueue({ host: '127.0.0.1', port: hop.port, maxRetriesPerRequest: null });
    await queue.waitUntilReady();
    const dataSource = await newDataSource();
    const relay = newRelay(dataSource, queue);
    relay.start();
    await relay.drain();

    await hop.cut();
    const waiting = Array.from({ length: 5 }, () => job());
    await dataSource.transaction(async (manager) => {
      for (const each of waiting) await stageOutboxJob(manager, each);
    });
    const later = job();
    await stageOutboxJob(dataSource.manager, later);
    waiting.push(later);
    // Twenty intervals and two nudges while Redis is away.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const each of waiting) {
      expect(await rowOf(each.jobId)).toMatchObject({ sent_at: null, attempts: 0, last_error: null });
      expect(await inspect.getJob(each.jobId)).toBeUndefined();
    }
    const outageLines = warnings.mock.calls.filter(([, message]) => String(message).startsWith('Redis unreachable'));
    expect(outageLines).toHaveLength(1);
    // The rows waiting when the outage was seen: the transaction's five (the sixth may be counted too).
    expect(outageLines[0]![0]).toMatchObject({ schema: SCHEMA, waiting: expect.any(Number) });
    expect((outageLines[0]![0] as { waiting: number }).waiting).toBeGreaterThanOrEqual(5);

    await hop.open();
    for (const each of waiting) await until(`${each.jobId} after Redis came back`, () => inspect.getJob(each.jobId));
    await until('the rows marked sent', async () => {
      const rows = await Promise.all(waiting.map((each) => rowOf(each.jobId)));
      return rows.every((row) => row?.sent_at);
    });
    await hop.cut();
  });

  it('sends again, once Redis is back, what it sent just before the connection was lost (a crashed Redis may have dropped it)', async () => {
    const hop = new RedisHop();
    await hop.open();
    const queue = newQueue({ host: '127.0.0.1', port: hop.port, maxRetriesPerRequest: null });
    await queue.waitUntilReady();
    const dataSource = await newDataSource();
    const relay = newRelay(dataSource, queue, { intervalMs: 60_000 });
    relay.start();
    const kept = job();
    const dropped = job();
    await dataSource.transaction(async (manager) => {
      await stageOutboxJob(manager, kept);
      await stageOutboxJob(manager, dropped);
    });
    await until('both published', async () => (await inspect.getJob(kept.jobId)) && inspect.getJob(dropped.jobId));
    await until('both marked sent', async () => (await rowOf(dropped.jobId))?.sent_at);

    // Redis "crashes": the connection drops and the job it acknowledged last is gone.
    await hop.cut();
    await (await inspect.getJob(dropped.jobId))!.remove();
    await hop.open();

    await until('the dropped job back in its queue', () => inspect.getJob(dropped.jobId));
    await until('marked sent again', async () => (await rowOf(dropped.jobId))?.sent_at);
    const jobs = await inspect.getJobs(['waiting', 'active', 'completed', 'delayed'], 0, -1);
    expect(jobs.filter((each) => each.id === kept.jobId)).toHaveLength(1);
    expect(jobs.filter((each) => each.id === dropped.jobId)).toHaveLength(1);
    await hop.cut();
  });

  it('delivers the job of a producer that died right after its commit, once another process runs the relay', async () => {
    const producer = await newDataSource();
    const orphan = job();
    // The producer commits and "dies" before any relay of its ran.
    await producer.transaction(async (manager) => {
      await manager.query(`INSERT INTO ${SCHEMA}.things (id) VALUES ($1)`, [orphan.jobId]);
      await stageOutboxJob(manager, orphan);
    });
    await producer.destroy();
    dataSources.splice(dataSources.indexOf(producer), 1);
    expect(await inspect.getJob(orphan.jobId)).toBeUndefined();

    const worked: string[] = [];
    const worker = new Worker(
      QUEUE,
      async (each) => {
        worked.push(each.id!);
      },
      bull,
    );
    try {
      const relay = newRelay(await newDataSource(), newQueue());
      relay.start();
      await until('the job worked', async () => worked.includes(orphan.jobId));
      expect((await rowOf(orphan.jobId))?.sent_at).not.toBeNull();
    } finally {
      await worker.close();
    }
    expect(worked.filter((id) => id === orphan.jobId)).toHaveLength(1);
  });

  it('adds a row again after a crash between the add and the mark, and BullMQ keeps one job', async () => {
    const dataSource = await newDataSource();
    const crashed = job();
    await dataSource.transaction((manager) => stageOutboxJob(manager, crashed));
    // What the relay of the process that died had done: the job is in Redis, its row still unsent.
    await inspect.add(crashed.name, crashed.data, { jobId: crashed.jobId });
    const relay = newRelay(dataSource, newQueue());
    relay.start();
    await relay.drain();
    expect((await rowOf(crashed.jobId))?.sent_at).not.toBeNull();
    const jobs = await inspect.getJobs(['waiting', 'active', 'completed', 'delayed'], 0, -1);
    expect(jobs.filter((each) => each.id === crashed.jobId)).toHaveLength(1);
  });

  it('keeps a job BullMQ refuses with its error and a later retry, without holding back the others', async () => {
    const dataSource = await newDataSource();
    const errors = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const refused = job('two:segments'); // BullMQ refuses a custom id with a colon unless it has three segments
    const fine = job();
    await dataSource.transaction(async (manager) => {
      await stageOutboxJob(manager, refused);
      await stageOutboxJob(manager, fine);
    });
    const relay = newRelay(dataSource, newQueue());
    relay.start();
    await relay.drain();
    expect((await rowOf(fine.jobId))?.sent_at).not.toBeNull();
    const kept = await rowOf(refused.jobId);
    expect(kept).toMatchObject({ sent_at: null, attempts: 1 });
    expect(kept?.last_error).toMatch(/.+/);
    expect(kept!.available_at.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toHaveBeenCalledTimes(1);
    await database.query(`DELETE FROM ${SCHEMA}.outbox WHERE job_id = $1`, [refused.jobId]);
  });

  it('deletes sent rows past the retention in batches, and never an unsent one', async () => {
    const dataSource = await newDataSource();
    await database.query(`DELETE FROM ${SCHEMA}.outbox`);
    await database.query(
      `INSERT INTO ${SCHEMA}.outbox (queue, job_name, job_id, payload, sent_at)
       SELECT $1, 'probe', 'old-' || n, '{}'::jsonb, now() - interval '8 days' FROM generate_series(1, 2500) AS n`,
      [QUEUE],
    );
    await database.query(
      `INSERT INTO ${SCHEMA}.outbox (queue, job_name, job_id, payload, sent_at, available_at) VALUES
         ($1, 'probe', 'recent', '{}'::jsonb, now() - interval '6 days', now()),
         ($1, 'probe', 'unsent-old', '{}'::jsonb, NULL, now() + interval '1 hour')`,
      [QUEUE],
    );
    await database.query(`UPDATE ${SCHEMA}.outbox SET created_at = now() - interval '30 days'`);
    const relay = newRelay(dataSource, newQueue(), { retentionDays: 7 });
    expect(await relay.prune()).toBe(2500);
    expect(
      (await database.query<{ job_id: string }>(`SELECT job_id FROM ${SCHEMA}.outbox ORDER BY job_id`)).map(
        (row) => row.job_id,
      ),
    ).toEqual(['recent', 'unsent-old']);
  });
});
