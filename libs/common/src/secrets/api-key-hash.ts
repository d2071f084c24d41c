import { createHash } from 'node:crypto';

/** How an API key is stored and looked up (CONTRACT §7): its SHA-256, in hex; the key itself is shown once. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
