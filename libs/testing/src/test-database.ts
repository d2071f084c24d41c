import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseServerUrl } from './test-env.js';

export interface TestDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseServerUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one test file: isolated from every other file and run. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `erp_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(testDatabaseServerUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The drop ends every session with FORCE: a client still closing then hears "terminating
  // connection", which is expected here and must not surface as an unhandled error.
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
      (await pool.query<T>(sql, params)).rows,
    drop: async () => {
      await pool.end();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
