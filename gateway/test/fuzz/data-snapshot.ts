import type { TestDatabase } from '@erp/testing';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The services' schemas (docs/architecture.md). */
const schemas = ['identity', 'orders', 'inventory', 'billing', 'ai_parser'];

/**
 * Columns a refused request may still touch, by design: an API key's and a session's last use
 * (CONTRACT §7 "each use sets lastUsedAt"). Everything else must stay as it was.
 */
const volatileColumns = ['last_used_at', 'last_seen_at'];

export interface DataSnapshot {
  /** `schema.table` → `rows:md5` of every row's JSON, in a stable order. */
  tables: Record<string, string>;
  /** Files under ERP_DATA_DIR (uploads, intake files): a refused upload stores nothing. */
  files: number;
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    count += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return count;
}

/** Row counts and checksums of every table of every service, and the data directory's files. */
export async function snapshotData(database: TestDatabase, dataDir: string): Promise<DataSnapshot> {
  const tables = await database.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [schemas],
  );
  const result: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const drop = volatileColumns.map((column) => ` - '${column}'`).join('');
    const [row] = await database.query<{ rows: number; sum: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(r, ',' ORDER BY r)) AS sum
         FROM (SELECT (to_jsonb(t)${drop})::text AS r FROM "${schema}"."${name}" t) x`,
    );
    result[`${schema}.${name}`] = `${row!.rows}:${row!.sum ?? '-'}`;
  }
  return { tables: result, files: countFiles(dataDir) };
}

/** The tables (and the file count) that differ between two snapshots. */
export function changedData(before: DataSnapshot, after: DataSnapshot): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  const changed = [...names].filter((name) => before.tables[name] !== after.tables[name]);
  if (before.files !== after.files) changed.push(`files under ERP_DATA_DIR: ${before.files} → ${after.files}`);
  return changed.map((name) =>
    name.startsWith('files') ? name : `${name}: ${before.tables[name] ?? 'absent'} → ${after.tables[name] ?? 'absent'}`,
  );
}
