import { AppException, ErrorCode, type IdempotencyDto } from '@erp/contracts';
import { requestFingerprint } from './request-fingerprint.js';

/** What an Idempotency-Key header may hold: 1–200 printable ASCII characters without spaces. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/**
 * A creating call's idempotency from its Idempotency-Key header (docs/decisions/0019-idempotent-creates.md):
 * bound to whose request it is (`scope`: an API key, or `user:<id>` for a session) and to the
 * request (`request`: the body, with the path's ids when the route has them), so a retry within
 * `ttlSeconds` answers the first result and the same key with another request is a 409. The
 * service binds it to its operation too. No header: undefined. A malformed one: 400.
 */
export function idempotencyOf(
  header: string | undefined,
  scope: string,
  request: unknown,
  ttlSeconds: number,
): IdempotencyDto | undefined {
  if (header === undefined) return undefined;
  if (!idempotencyKeyPattern.test(header)) {
    throw new AppException(
      ErrorCode.ValidationFailed,
      'Idempotency-Key must be 1–200 printable characters without spaces',
    );
  }
  return { scope, key: header, requestHash: requestFingerprint(request), ttlSeconds };
}

/** The scope of a session's keys: the signed-in user's own. */
export function userScope(user: { id: string }): string {
  return `user:${user.id}`;
}
