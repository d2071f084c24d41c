import { AppException, ErrorCode, type IdempotencyDto } from '@erp/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Idempotent creating calls (docs/decisions/0019-idempotent-creates.md): an Idempotency-Key is
 * claimed in `<schema>.idempotent_requests` in the very transaction that creates the resource,
 * and the resource's id recorded there before it commits. A retry of the same request within
 * the TTL — racing the first call (its claim waits for the first to commit) or arriving after a
 * crash (the claim and the resource committed together, or neither did) — finds the first
 * resource; the same key with another request is a 409 IDEMPOTENCY_KEY_REUSED. A key is bound
 * to its scope (whose it is) and its operation; claims older than the TTL are free again, and
 * each new claim deletes a few of them on its way.
 */

const plainName = /^[a-z_][a-z0-9_]*$/;

/** How many expired claims a new claim deletes: the table holds about one TTL's worth of keys. */
export const IDEMPOTENT_REQUESTS_PRUNE_BATCH = 20;

function tableOf(schema: string): string {
  if (!plainName.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  return `${schema}.idempotent_requests`;
}

/**
 * The statements that create a schema's idempotent_requests table. Each service's migration
 * 1796600000000-idempotent-requests runs these, and the tests build their table from them. They
 * are frozen as they are: a change to the table is a new migration, never an edit here.
 */
export function idempotentRequestsTableStatements(schema: string): string[] {
  const table = tableOf(schema);
  return [
    `CREATE TABLE ${table} (
       scope text NOT NULL,
       request_key text NOT NULL,
       operation text NOT NULL,
       request_hash text NOT NULL,
       resource_id text,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (scope, operation, request_key)
     )`,
    `CREATE INDEX idempotent_requests_created_idx ON ${table} (created_at)`,
  ];
}

/** A claimed key: new (create, then record), or the earlier claim's resource (null if it was never recorded). */
export type IdempotentClaim = { kind: 'new' } | { kind: 'repeat'; resourceId: string | null };

export function idempotencyKeyReused(): AppException {
  return new AppException(
    ErrorCode.IdempotencyKeyReused,
    'This Idempotency-Key was already used with a different request',
  );
}

/**
 * Claims the key in the caller's transaction. A concurrent claim of the same key waits here
 * until the first transaction ends. 409 IDEMPOTENCY_KEY_REUSED when the earlier claim was of
 * another request.
 */
export async function claimIdempotencyKey(
  manager: EntityManager,
  schema: string,
  operation: string,
  request: IdempotencyDto,
): Promise<IdempotentClaim> {
  const table = tableOf(schema);
  const claimed = (await manager.query(
    `INSERT INTO ${table} AS r (scope, operation, request_key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (scope, operation, request_key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, resource_id = NULL, created_at = now()
       WHERE r.created_at < now() - make_interval(secs => $5)
     RETURNING request_key`,
    [request.scope, operation, request.key, request.requestHash, request.ttlSeconds],
  )) as unknown[];
  if (claimed.length > 0) {
    await pruneExpired(manager, table, request.ttlSeconds);
    return { kind: 'new' };
  }
  // The conflicting row is locked by the statement above until this transaction ends: it is there.
  const [earlier] = (await manager.query(
    `SELECT resource_id, request_hash FROM ${table} WHERE scope = $1 AND operation = $2 AND request_key = $3`,
    [request.scope, operation, request.key],
  )) as Array<{ resource_id: string | null; request_hash: string }>;
  if (!earlier) throw new Error(`idempotency claim vanished: ${operation}`);
  if (earlier.request_hash !== request.requestHash) throw idempotencyKeyReused();
  return { kind: 'repeat', resourceId: earlier.resource_id };
}

/** Records what the claimed key created, in the same transaction as the claim. */
export async function recordIdempotentResource(
  manager: EntityManager,
  schema: string,
  operation: string,
  request: IdempotencyDto,
  resourceId: string,
): Promise<void> {
  await manager.query(
    `UPDATE ${tableOf(schema)} SET resource_id = $4 WHERE scope = $1 AND operation = $2 AND request_key = $3`,
    [request.scope, operation, request.key, resourceId],
  );
}

/** What `createOnce` does with a key: make the resource, name it, and find an earlier one again. */
export interface IdempotentCreate<T> {
  create(): Promise<T>;
  idOf(created: T): string;
  /** The earlier request's resource, as its answer; null when it is gone (then it is made again). */
  findEarlier(resourceId: string): Promise<T | null>;
}

/**
 * Creates once per key, inside the caller's transaction: without a key it just creates; with one
 * it claims it, answers the earlier resource on a repeat (`repeated: true`), or creates and
 * records the new one.
 */
export async function createOnce<T>(
  manager: EntityManager,
  schema: string,
  operation: string,
  request: IdempotencyDto | undefined,
  steps: IdempotentCreate<T>,
): Promise<{ result: T; repeated: boolean }> {
  if (!request) return { result: await steps.create(), repeated: false };
  const claim = await claimIdempotencyKey(manager, schema, operation, request);
  if (claim.kind === 'repeat' && claim.resourceId !== null) {
    const earlier = await steps.findEarlier(claim.resourceId);
    if (earlier !== null) return { result: earlier, repeated: true };
  }
  const result = await steps.create();
  await recordIdempotentResource(manager, schema, operation, request, steps.idOf(result));
  return { result, repeated: false };
}

/** Deletes a few claims older than the TTL, skipping any another transaction holds. */
async function pruneExpired(manager: EntityManager, table: string, ttlSeconds: number): Promise<void> {
  await manager.query(
    `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM ${table} WHERE created_at < now() - make_interval(secs => $1)
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED))`,
    [ttlSeconds, IDEMPOTENT_REQUESTS_PRUNE_BATCH],
  );
}
