import type { JobsOptions } from 'bullmq';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * A BullMQ job as a producer means it: the queue, the job's name and natural jobId, its data
 * (the JobEnvelope) and options. The relay adds exactly this, so a consumer cannot tell a job
 * that went through the outbox from one added directly.
 */
export interface OutboxJob<T = unknown> {
  queue: string;
  name: string;
  /** The natural key (`order-<id>-<cycle>`, `event-<uuid>` …): a second add under it is a no-op for BullMQ. */
  jobId: string;
  data: T;
  /** Stored as JSON: plain values only (attempts, backoff, removeOnFail …); the jobId is `jobId`. */
  options?: Omit<JobsOptions, 'jobId'>;
}

/** A row of `<schema>.outbox` as the relay reads it. */
export interface OutboxRow {
  id: string;
  queue: string;
  job_name: string;
  job_id: string;
  payload: unknown;
  job_options: Omit<JobsOptions, 'jobId'>;
  attempts: number;
}

/** Marks a transaction's query runner: it staged rows, so its commit wakes the relay. */
export const OUTBOX_STAGED = 'outboxStaged';

/** The relay of each DataSource, woken by a stage made outside a transaction (it commits at once). */
const relaysByDataSource = new WeakMap<DataSource, () => void>();

export function registerOutboxNudge(dataSource: DataSource, nudge: () => void): void {
  relaysByDataSource.set(dataSource, nudge);
}

export function unregisterOutboxNudge(dataSource: DataSource, nudge: () => void): void {
  if (relaysByDataSource.get(dataSource) === nudge) relaysByDataSource.delete(dataSource);
}

/** The schema of a service's DataSource: its outbox is `<schema>.outbox`. */
export function outboxSchemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`The outbox needs a DataSource with a plain schema name (got ${String(schema)})`);
  }
  return schema;
}

function inTransaction(runner: QueryRunner | undefined): runner is QueryRunner {
  return runner !== undefined && runner.isTransactionActive;
}

/**
 * Writes the job into the service's outbox in the caller's transaction (docs/decisions/0018): it
 * exists exactly when the change that causes it commits, and the relay adds it to BullMQ after
 * that. Staged again while its row waits, nothing changes (one add); staged again after it was
 * sent, the row is sent once more under the same jobId, as a second `queue.add` would have been
 * (BullMQ ignores it while it still holds the job). Outside a transaction the row commits at once.
 */
export async function stageOutboxJob(manager: EntityManager, job: OutboxJob | readonly OutboxJob[]): Promise<void> {
  const jobs: readonly OutboxJob[] = Array.isArray(job) ? job : [job as OutboxJob];
  if (jobs.length === 0) return;
  const schema = outboxSchemaOf(manager.dataSource);
  // Many jobs in one statement (a file's worth of stock changes); their job ids must differ.
  await manager.query(
    `INSERT INTO ${schema}.outbox (queue, job_name, job_id, payload, job_options)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[])
     ON CONFLICT (queue, job_id) DO UPDATE
       SET job_name = EXCLUDED.job_name, payload = EXCLUDED.payload, job_options = EXCLUDED.job_options,
           created_at = now(), available_at = now(), sent_at = NULL, attempts = 0, last_error = NULL
       WHERE outbox.sent_at IS NOT NULL`,
    [
      jobs.map((one) => one.queue),
      jobs.map((one) => one.name),
      jobs.map((one) => one.jobId),
      jobs.map((one) => JSON.stringify(one.data)),
      jobs.map((one) => JSON.stringify(one.options ?? {})),
    ],
  );
  const runner = manager.queryRunner;
  if (inTransaction(runner)) (runner.data as Record<string, unknown>)[OUTBOX_STAGED] = true;
  else relaysByDataSource.get(manager.dataSource)?.();
}
