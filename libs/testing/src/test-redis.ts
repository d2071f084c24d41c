import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRedisUrl } from './test-env.js';

/** A Redis key prefix of one's own, so test files never see each other's keys or queues. */
export function createTestRedisPrefix(): string {
  return `test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under a prefix (queues, sessions, limits) once a test file is done. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
