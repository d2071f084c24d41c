import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { isDependencyUnavailable } from '../rpc/dependency-unavailable.js';
import { crashAfterCommitHook } from './crash-after-commit.js';
import {
  OUTBOX_STAGED,
  outboxSchemaOf,
  registerOutboxNudge,
  unregisterOutboxNudge,
  type OutboxJob,
  type OutboxRow,
} from './outbox-job.js';

export interface OutboxRelayOptions {
  /** How often the relay looks for rows without being nudged (rows of another process, retries), in ms. */
  intervalMs: number;
  /** Rows claimed and added per transaction. */
  batchSize: number;
  /** How long sent rows are kept before they are deleted, in days (fractions allowed). */
  retentionDays: number;
  /** The longest a batch waits for Redis before it counts as not sent (Redis unreachable), in ms. */
  addTimeoutMs: number;
  /** How often sent rows past the retention are deleted, in ms. */
  pruneEveryMs: number;
  /** Fault suite only: the folder of crash triggers (crash-after-commit.ts); unset in production. */
  crashDir?: string;
}

export const defaultOutboxRelayOptions: OutboxRelayOptions = {
  intervalMs: 250,
  batchSize: 100,
  retentionDays: 7,
  addTimeoutMs: 5_000,
  pruneEveryMs: 10 * 60_000,
};

/** Rows deleted per statement when pruning, so no statement holds many locks or runs long. */
const PRUNE_BATCH = 1_000;
/** The longest a row whose add was refused waits before the next try, in seconds (then 1, 2, 4 … up to this). */
const MAX_RETRY_DELAY_S = 300;
/** How long a queue's connection may take to say whether it is up. */
const READY_PROBE_MS = 1_000;
/**
 * After a lost Redis connection, rows sent this long before it was lost are sent again: a Redis
 * that crashed (appendfsync everysec) may have dropped what it acknowledged in its last second.
 */
export const RESEND_BEFORE_LOSS_S = 5;

type BatchOutcome = 'empty' | 'done' | 'more' | 'redis-down' | 'database-down';

const TIMED_OUT = Symbol('timed out');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * An add that failed because Redis could not take it now (the row waits, like an outage), not
 * because the job was refused: the connection is gone, or Redis answers but writes nothing for a
 * while (out of memory under noeviction, a failed snapshot disk, a read-only replica after a
 * failover, loading its data after a restart, a long script).
 */
export function isRedisUnreachable(error: unknown): boolean {
  if (isDependencyUnavailable(error)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return (
    /Stream isn't writeable|Connection is closed|Reached the max retries per request/i.test(message) ||
    /^(OOM|MISCONF|READONLY|LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)\b/.test(message)
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Publishes a service's outbox to BullMQ (docs/decisions/0018-transactional-outbox.md). Each pass
 * claims up to `batchSize` unsent rows with `FOR UPDATE SKIP LOCKED` in one short transaction,
 * adds them under their jobIds and marks them sent before it commits: several copies of the
 * service never claim the same row, and a crash between the add and the commit leaves the row
 * unsent, so it is added again under the same jobId (a no-op for BullMQ). It wakes every
 * `intervalMs`, and at once after a transaction that staged rows commits. While Redis (or the
 * database) is unreachable the rows wait, one line is logged per outage, and they go out when
 * it is back. Sent rows are deleted after `retentionDays`.
 */
export class OutboxRelay implements EntitySubscriberInterface, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly schema: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private redisDown = false;
  private databaseDown = false;
  private lastPruned = 0;
  private readonly nudgeFromStage = (): void => this.nudge();
  private readonly crashAfterCommit: (() => void) | null;
  /** When a queue's Redis connection was lost (null: not lost since the last resend). */
  private connectionLostAt: number | null = null;
  private readonly detachConnections: Array<() => void> = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: ReadonlyMap<string, Queue>,
    private readonly options: OutboxRelayOptions = defaultOutboxRelayOptions,
  ) {
    this.schema = outboxSchemaOf(dataSource);
    this.crashAfterCommit = crashAfterCommitHook(this.schema, options.crashDir);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.dataSource.subscribers.includes(this)) this.dataSource.subscribers.push(this);
    registerOutboxNudge(this.dataSource, this.nudgeFromStage);
    this.watchConnections();
    this.timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Stops waking, lets the pass in flight finish, then sends once more what requests committed
   * meanwhile (unless Redis is down): what is left waits in the table for the next process.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    unregisterOutboxNudge(this.dataSource, this.nudgeFromStage);
    for (const detach of this.detachConnections.splice(0)) detach();
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    await this.running;
    if (!this.redisDown && this.dataSource.isInitialized) await this.drain(true);
  }

  /** A transaction that staged rows committed: publish now rather than at the next interval. */
  nudge(): void {
    // During an outage every commit would otherwise try again; the interval does that.
    if (this.redisDown || this.databaseDown) return;
    this.wake();
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown>;
    // Still active: only a savepoint was released.
    if (event.queryRunner.isTransactionActive || !data[OUTBOX_STAGED]) return;
    delete data[OUTBOX_STAGED];
    this.crashAfterCommit?.();
    this.nudge();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive)
      delete (event.queryRunner.data as Record<string, unknown>)[OUTBOX_STAGED];
  }

  /**
   * Adds a job to BullMQ at once, without the table: for a job that belongs to no transaction and
   * could not even be written to the outbox (the database refused it).
   */
  async addNow(job: OutboxJob): Promise<void> {
    const queue = this.queues.get(job.queue);
    if (!queue) throw new Error(`The outbox of ${this.schema} has no queue ${job.queue}`);
    await queue.add(job.name, job.data, { ...job.options, jobId: job.jobId });
  }

  /**
   * Passes until nothing is ready (or Redis is down); resolves when done. `draining`: go on while
   * stopped (shutdown).
   */
  async drain(draining = false): Promise<void> {
    if (this.running) await this.running;
    await this.track(this.passes(draining));
  }

  /** Listens to each queue's Redis connection: lost, then ready again, means a resend (resendAfterLoss). */
  private watchConnections(): void {
    const lost = (): void => {
      this.connectionLostAt ??= Date.now();
    };
    const ready = (): void => {
      if (this.connectionLostAt !== null) void this.resendAfterLoss();
    };
    for (const queue of new Set(this.queues.values())) {
      void queue.getBackend().client.then(
        (client) => {
          if (!this.started) return;
          client.on('close', lost);
          client.on('ready', ready);
          this.detachConnections.push(() => {
            client.off('close', lost);
            client.off('ready', ready);
          });
        },
        () => undefined, // a queue that never connected: its adds fail and the rows wait
      );
    }
  }

  /**
   * Redis is back after its connection was lost: whether it restarted, crashed or only the network
   * dropped cannot be told apart, so the rows sent in the last RESEND_BEFORE_LOSS_S seconds before
   * the loss are marked unsent and go out again. A job Redis still holds is not added twice
   * (jobId), and one it dropped is back; consumers are idempotent (decision 0018).
   */
  private async resendAfterLoss(): Promise<void> {
    const lostAt = this.connectionLostAt;
    if (lostAt === null) return;
    this.connectionLostAt = null;
    const seconds = (Date.now() - lostAt) / 1000 + RESEND_BEFORE_LOSS_S;
    try {
      const [, resent] = (await this.dataSource.query(
        `UPDATE ${this.schema}.outbox SET sent_at = NULL WHERE sent_at >= now() - make_interval(secs => $1)`,
        [seconds],
      )) as [unknown, number];
      if (resent > 0) {
        this.logger.log(
          { schema: this.schema, resent },
          'Redis connection back: rows sent just before it was lost are sent again (BullMQ keeps one job per id)',
        );
      }
      this.nudge();
    } catch (error) {
      this.logger.warn(
        { schema: this.schema, err: error },
        'rows sent before the Redis connection was lost not re-sent',
      );
    }
  }

  private wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.track(this.passes(false));
  }

  /** Remembers the passes under way until they end (they never reject: `pass` catches). */
  private track(passes: Promise<void>): Promise<void> {
    const running: Promise<void> = passes.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async passes(draining: boolean): Promise<void> {
    do {
      this.again = false;
      const outcome = await this.pass();
      if (outcome === 'redis-down' || outcome === 'database-down') return;
      if (outcome === 'more') this.again = true;
    } while (this.again && (this.started || draining));
    if (!draining) await this.pruneNowAndThen();
  }

  private async pass(): Promise<BatchOutcome> {
    let outcome: BatchOutcome;
    try {
      outcome = await this.publishBatch();
    } catch (error) {
      if (!this.databaseDown) {
        this.databaseDown = true;
        this.logger.warn(
          { schema: this.schema, err: error },
          `outbox not read (${messageOf(error)}); its rows wait and go out when the database answers`,
        );
      }
      return 'database-down';
    }
    if (this.databaseDown) {
      this.databaseDown = false;
      this.logger.log({ schema: this.schema }, 'outbox readable again');
    }
    if (outcome === 'redis-down' && !this.redisDown) {
      this.redisDown = true;
      const waiting = await this.unsentCount().catch(() => null);
      this.logger.warn(
        { schema: this.schema, waiting },
        'Redis unreachable: outbox rows wait and go out when it is back',
      );
    } else if (outcome !== 'redis-down' && this.redisDown) {
      this.redisDown = false;
      this.logger.log({ schema: this.schema }, 'Redis reachable again: outbox rows going out');
    }
    return outcome;
  }

  private publishBatch(): Promise<BatchOutcome> {
    const table = `${this.schema}.outbox`;
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, queue, job_name, job_id, payload, job_options, attempts
           FROM ${table}
          WHERE sent_at IS NULL AND available_at <= now()
          ORDER BY id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize],
      );
      if (rows.length === 0) return 'empty';
      if (!(await this.redisReady(rows))) return 'redis-down';
      const settled = await within(Promise.allSettled(rows.map((row) => this.add(row))), this.options.addTimeoutMs);
      // Adds still under way may land later: the rows stay unsent and are added again, a no-op.
      if (settled === TIMED_OUT) return 'redis-down';
      const sent: string[] = [];
      const refused: Array<{ row: OutboxRow; error: string }> = [];
      let unreachable = false;
      settled.forEach((result, index) => {
        const row = rows[index]!;
        if (result.status === 'fulfilled') sent.push(row.id);
        else if (isRedisUnreachable(result.reason)) unreachable = true;
        else refused.push({ row, error: messageOf(result.reason) });
      });
      if (sent.length > 0) {
        await manager.query(
          `UPDATE ${table} SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])`,
          [sent],
        );
      }
      if (refused.length > 0) {
        await manager.query(
          `UPDATE ${table} AS o
              SET attempts = o.attempts + 1, last_error = f.error,
                  available_at = now() + least($3::int, 2 ^ o.attempts) * interval '1 second'
             FROM unnest($1::bigint[], $2::text[]) AS f(id, error)
            WHERE o.id = f.id`,
          [refused.map((entry) => entry.row.id), refused.map((entry) => entry.error), MAX_RETRY_DELAY_S],
        );
        for (const { row, error } of refused) {
          this.logger.error(
            { schema: this.schema, queue: row.queue, jobId: row.job_id, attempts: row.attempts + 1, error },
            'outbox job refused by BullMQ; retried with backoff',
          );
        }
      }
      if (unreachable) return 'redis-down';
      return rows.length === this.options.batchSize ? 'more' : 'done';
    });
  }

  private add(row: OutboxRow): Promise<unknown> {
    const queue = this.queues.get(row.queue);
    if (!queue) return Promise.reject(new Error(`no queue ${row.queue} is registered with this outbox`));
    return queue.add(row.job_name, row.payload, { ...row.job_options, jobId: row.job_id });
  }

  /** Whether the connection of every queue these rows go to is up; an add would otherwise wait in ioredis' queue. */
  private async redisReady(rows: readonly OutboxRow[]): Promise<boolean> {
    for (const name of new Set(rows.map((row) => row.queue))) {
      const queue = this.queues.get(name);
      if (!queue) continue;
      const client = await within(queue.getBackend().client, READY_PROBE_MS).catch((): typeof TIMED_OUT => TIMED_OUT);
      if (client === TIMED_OUT || client.status !== 'ready') return false;
    }
    return true;
  }

  private async unsentCount(): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM ${this.schema}.outbox WHERE sent_at IS NULL`,
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }

  /** Deletes sent rows older than the retention, a batch at a time, at most every `pruneEveryMs`. */
  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruned < this.options.pruneEveryMs) return;
    this.lastPruned = Date.now();
    await this.prune().catch((error: unknown) =>
      this.logger.warn({ schema: this.schema, err: error }, 'sent outbox rows not pruned; tried again later'),
    );
  }

  /** Deletes the sent rows past the retention; answers how many. */
  async prune(): Promise<number> {
    const table = `${this.schema}.outbox`;
    let removed = 0;
    for (;;) {
      const [row] = (await this.dataSource.query(
        `WITH gone AS (
           DELETE FROM ${table} WHERE id IN (
             SELECT id FROM ${table}
              WHERE sent_at < now() - make_interval(secs => $1)
              ORDER BY sent_at
              LIMIT $2
              FOR UPDATE SKIP LOCKED)
           RETURNING 1)
         SELECT count(*)::int AS count FROM gone`,
        [this.options.retentionDays * 86_400, PRUNE_BATCH],
      )) as Array<{ count: number }>;
      removed += row?.count ?? 0;
      if ((row?.count ?? 0) < PRUNE_BATCH) break;
    }
    if (removed > 0) this.logger.log({ schema: this.schema, removed }, 'sent outbox rows pruned');
    return removed;
  }
}
