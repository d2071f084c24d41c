/**
 * The statements that create a schema's transactional outbox (docs/decisions/0018): a BullMQ job
 * written in the transaction of the change that causes it, added to its queue by the relay under
 * its natural jobId, then marked sent; sent rows are deleted after a retention. `available_at`
 * holds back a row BullMQ refused until its next try.
 *
 * Each service's migration 1796500000000-outbox runs these, and the outbox tests build their
 * table from them, so the tests use the table the services have. They are frozen as they are: a
 * change to the table is a new migration, never an edit here.
 */
export function outboxTableStatements(schema: string): string[] {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  return [
    `CREATE TABLE ${schema}.outbox (
       id bigserial PRIMARY KEY,
       queue text NOT NULL,
       job_name text NOT NULL,
       job_id text NOT NULL,
       payload jsonb NOT NULL,
       job_options jsonb NOT NULL DEFAULT '{}'::jsonb,
       created_at timestamptz NOT NULL DEFAULT now(),
       available_at timestamptz NOT NULL DEFAULT now(),
       sent_at timestamptz,
       attempts integer NOT NULL DEFAULT 0,
       last_error text,
       CONSTRAINT outbox_job_key UNIQUE (queue, job_id)
     )`,
    `CREATE INDEX outbox_unsent_idx ON ${schema}.outbox (id) WHERE sent_at IS NULL`,
    `CREATE INDEX outbox_sent_idx ON ${schema}.outbox (sent_at) WHERE sent_at IS NOT NULL`,
  ];
}
