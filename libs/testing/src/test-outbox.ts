import type { TestDatabase } from './test-database.js';

/**
 * Resolves once a service's outbox (`<schema>.outbox`, docs/decisions/0018) has no unsent row:
 * every job a committed change staged is then in its queue. Throws after `timeoutMs`.
 */
export async function outboxSent(database: TestDatabase, schema: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.query<{ unsent: number }>(
      `SELECT count(*)::int AS unsent FROM ${schema}.outbox WHERE sent_at IS NULL`,
    );
    if (row?.unsent === 0) return;
    if (Date.now() > deadline) throw new Error(`${schema}.outbox still has ${row?.unsent} unsent rows`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
