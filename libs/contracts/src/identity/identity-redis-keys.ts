/**
 * The Redis keys identity writes and the gateway reads to trust a principal it resolved a moment ago
 * without asking identity again (docs/decisions/0025-cached-principals.md). Every key starts with the
 * deployment's REDIS_PREFIX.
 */
export const identityRedisKeys = {
  /** The session's user id, for as long as the session lives; deleted when it is revoked. */
  session: (prefix: string, sessionId: string) => `${prefix}:session:${sessionId}`,
  /** An API key's row by its SHA-256 (cached), or REVOKED_API_KEY_MARK once it is deleted. */
  apiKey: (prefix: string, keyHash: string) => `${prefix}:api-key:${keyHash}`,
  /** Set for a minute after the key's lastUsedAt was written. */
  apiKeyUsed: (prefix: string, keyId: string) => `${prefix}:api-key-used:${keyId}`,
  /** Counts the changes of a user (role, permissions, approval, deletion): a new value voids what was cached. */
  userStamp: (prefix: string, userId: string) => `${prefix}:user-stamp:${userId}`,
};

/** What identity leaves under identityRedisKeys.apiKey for a deleted key, longer than anything caches it. */
export const REVOKED_API_KEY_MARK = 'revoked';
