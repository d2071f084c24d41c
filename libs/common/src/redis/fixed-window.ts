import type { ChainableCommander, Redis } from 'ioredis';

/** Hits of a fixed window so far, and how long until the window ends. */
export interface WindowCount {
  count: number;
  /** Whole seconds until the window ends (at least 1): a Retry-After value. */
  retryAfterSeconds: number;
}

function windowCount(count: number, ttlMs: number, windowMs: number): WindowCount {
  return { count, retryAfterSeconds: Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : windowMs) / 1000)) };
}

/**
 * Counts one hit of a fixed window that starts at its first hit, atomically: the window is created
 * with its expiry and counted in one MULTI, so concurrent hits each get their own number and a
 * crash between two commands cannot leave a counter that never expires. The one rate-limit
 * primitive of the system (sign-in, public writes, partner API keys).
 */
export async function countHit(redis: Redis, key: string, windowMs: number): Promise<WindowCount> {
  const results = await countHitIn(redis.multi(), key, windowMs).exec();
  if (!results) throw new Error(`rate-limit window ${key} was not counted`);
  return hitCounted(results, windowMs);
}

/**
 * countHit's three commands added to a MULTI that checks more in the same round trip; read the
 * count with hitCounted from the last three replies.
 */
export function countHitIn(multi: ChainableCommander, key: string, windowMs: number): ChainableCommander {
  return multi.set(key, '0', 'PX', windowMs, 'NX').incr(key).pttl(key);
}

/** The window count from the replies of countHitIn's commands (the last three of `results`). */
export function hitCounted(results: Array<[Error | null, unknown]>, windowMs: number): WindowCount {
  const [, [incrError, count], [ttlError, ttl]] = results.slice(-3) as [
    unknown,
    [Error | null, number],
    [Error | null, number],
  ];
  if (incrError || ttlError) throw incrError ?? ttlError;
  return windowCount(count, ttl, windowMs);
}

/** The hits of a window so far, without counting one. */
export async function peekHits(redis: Redis, key: string, windowMs: number): Promise<WindowCount> {
  const results = await redis.multi().get(key).pttl(key).exec();
  const [[, count], [, ttl]] = (results ?? [
    [null, null],
    [null, -2],
  ]) as [[unknown, string | null], [unknown, number]];
  return windowCount(Number(count ?? 0), ttl, windowMs);
}

/** Ends a window early (a right password clears the failures before it). */
export async function resetHits(redis: Redis, key: string): Promise<void> {
  await redis.del(key);
}
