import type { IdempotencyDto } from '@erp/contracts';
import { createTestDatabase, type TestDatabase } from '@erp/testing';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimIdempotencyKey,
  createOnce,
  IDEMPOTENT_REQUESTS_PRUNE_BATCH,
  idempotentRequestsTableStatements,
} from '../src/index.js';

const SCHEMA = 'shop';
const OPERATION = 'create-thing';

/** One caller: a transaction that makes a thing once per key, as the services' creating calls do. */
function makeThing(
  dataSource: DataSource,
  request: IdempotencyDto | undefined,
  name: string,
  beforeCommit: (manager: EntityManager) => Promise<void> = async () => {},
): Promise<{ result: { id: string; name: string }; repeated: boolean }> {
  return dataSource.transaction(async (manager) => {
    const made = await createOnce(manager, SCHEMA, OPERATION, request, {
      findEarlier: async (id) => {
        const [row] = (await manager.query(`SELECT id, name FROM ${SCHEMA}.things WHERE id = $1`, [id])) as Array<{
          id: string;
          name: string;
        }>;
        return row ?? null;
      },
      idOf: (thing) => thing.id,
      create: async () => {
        const id = randomUUID();
        await manager.query(`INSERT INTO ${SCHEMA}.things (id, name) VALUES ($1, $2)`, [id, name]);
        return { id, name };
      },
    });
    await beforeCommit(manager);
    return made;
  });
}

async function until(what: string, probe: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function keyOf(overrides: Partial<IdempotencyDto> = {}): IdempotencyDto {
  return { scope: 'user:1', key: randomUUID(), requestHash: 'a'.repeat(64), ttlSeconds: 3600, ...overrides };
}

describe('idempotent creates (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  const things = async (name: string): Promise<number> => {
    const [row] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.things WHERE name = $1`,
      [name],
    );
    return row!.count;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of idempotentRequestsTableStatements(SCHEMA)) await database.query(statement);
    await database.query(`CREATE TABLE ${SCHEMA}.things (id uuid PRIMARY KEY, name text NOT NULL)`);
    dataSource = await new DataSource({ type: 'postgres', url: database.url, extra: { max: 6 } }).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('refuses a schema name that is not plain', () => {
    expect(() => idempotentRequestsTableStatements('shop; DROP TABLE x')).toThrow(/not a plain schema name/);
  });

  it('makes a thing once per key, answering a repeat with it, and makes one each time without a key', async () => {
    const key = keyOf();
    const first = await makeThing(dataSource, key, 'once');
    const again = await makeThing(dataSource, key, 'once');
    expect(first.repeated).toBe(false);
    expect(again).toEqual({ result: first.result, repeated: true });
    expect(await things('once')).toBe(1);

    await makeThing(dataSource, undefined, 'keyless');
    await makeThing(dataSource, undefined, 'keyless');
    expect(await things('keyless')).toBe(2);
  });

  it('refuses the same key with another request, 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = keyOf();
    await makeThing(dataSource, key, 'reused');
    await expect(makeThing(dataSource, { ...key, requestHash: 'b'.repeat(64) }, 'reused')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    expect(await things('reused')).toBe(1);
  });

  it('keeps keys apart by scope and by operation', async () => {
    const key = keyOf();
    await makeThing(dataSource, key, 'scoped');
    await makeThing(dataSource, { ...key, scope: 'user:2' }, 'scoped');
    expect(await things('scoped')).toBe(2);
    const other = await dataSource.transaction((manager) =>
      claimIdempotencyKey(manager, SCHEMA, 'another-operation', key),
    );
    expect(other).toEqual({ kind: 'new' });
  });

  it('makes one thing of claims at once: the others wait for the first transaction and answer its thing', async () => {
    const key = keyOf();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const firstClaimed = new Promise<void>((resolve) => (claimed = resolve));
    // The first holds its transaction open after claiming and creating, until the others are sent.
    const first = makeThing(dataSource, key, 'raced', async () => {
      claimed();
      await held;
    });
    await firstClaimed;
    const others = [makeThing(dataSource, key, 'raced'), makeThing(dataSource, key, 'raced')];
    // Released only once both wait on the first's claim, so the waiting path is the one tested.
    await until('two claims waiting on the first', async () => {
      const [row] = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE 'INSERT INTO ${SCHEMA}.idempotent_requests%'`,
      );
      return row!.count === 2;
    });
    release();
    const results = await Promise.all([first, ...others]);
    expect(new Set(results.map((made) => made.result.id)).size).toBe(1);
    expect(results.map((made) => made.repeated)).toEqual([false, true, true]);
    expect(await things('raced')).toBe(1);
  });

  it('leaves the key free when the creating transaction fails (nothing was made)', async () => {
    const key = keyOf();
    await expect(
      makeThing(dataSource, key, 'failed', async () => {
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await things('failed')).toBe(0);
    const [claims] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.idempotent_requests WHERE request_key = $1`,
      [key.key],
    );
    expect(claims!.count).toBe(0);
    const retried = await makeThing(dataSource, key, 'failed');
    expect(retried.repeated).toBe(false);
    expect(await things('failed')).toBe(1);
  });

  it('treats a claim older than the TTL as free, even with another request', async () => {
    const key = keyOf({ ttlSeconds: 60 });
    const first = await makeThing(dataSource, key, 'expired');
    await database.query(
      `UPDATE ${SCHEMA}.idempotent_requests SET created_at = now() - interval '61 seconds' WHERE request_key = $1`,
      [key.key],
    );
    const later = await makeThing(dataSource, { ...key, requestHash: 'c'.repeat(64) }, 'expired');
    expect(later.repeated).toBe(false);
    expect(later.result.id).not.toBe(first.result.id);
    const [claim] = await database.query<{ resource_id: string; request_hash: string }>(
      `SELECT resource_id, request_hash FROM ${SCHEMA}.idempotent_requests WHERE request_key = $1`,
      [key.key],
    );
    expect(claim).toEqual({ resource_id: later.result.id, request_hash: 'c'.repeat(64) });
  });

  it('makes the thing again when the one its key recorded is gone', async () => {
    const key = keyOf();
    const first = await makeThing(dataSource, key, 'gone');
    await database.query(`DELETE FROM ${SCHEMA}.things WHERE id = $1`, [first.result.id]);
    const again = await makeThing(dataSource, key, 'gone');
    expect(again.repeated).toBe(false);
    expect(again.result.id).not.toBe(first.result.id);
    expect(await makeThing(dataSource, key, 'gone')).toEqual({ result: again.result, repeated: true });
  });

  it('deletes a batch of expired claims with each new claim, never a live one', async () => {
    await database.query(`DELETE FROM ${SCHEMA}.idempotent_requests`);
    const stale = IDEMPOTENT_REQUESTS_PRUNE_BATCH + 5;
    await database.query(
      `INSERT INTO ${SCHEMA}.idempotent_requests (scope, operation, request_key, request_hash, created_at)
       SELECT 'user:old', $1, 'old-' || n, $2, now() - interval '2 hours' FROM generate_series(1, $3) AS n`,
      [OPERATION, 'd'.repeat(64), stale],
    );
    const live = keyOf();
    await makeThing(dataSource, live, 'pruning');
    const remaining = async () =>
      (
        await database.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM ${SCHEMA}.idempotent_requests WHERE scope = 'user:old'`,
        )
      )[0]!.count;
    expect(await remaining()).toBe(5);
    // A repeat claims nothing new and deletes nothing.
    await makeThing(dataSource, live, 'pruning');
    expect(await remaining()).toBe(5);
    await makeThing(dataSource, keyOf(), 'pruning');
    expect(await remaining()).toBe(0);
    const [kept] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.idempotent_requests WHERE request_key = $1`,
      [live.key],
    );
    expect(kept!.count).toBe(1);
  });
});
