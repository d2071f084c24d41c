import { AppException, ErrorCode, type OrderIdempotencyDto } from '@erp/contracts';
import { requestFingerprint } from './request-fingerprint.js';

/** What an Idempotency-Key header may hold: 1–200 printable ASCII characters without spaces. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/**
 * An order creation's idempotency from its Idempotency-Key header (docs/api/orders-clients-analytics.md):
 * bound to whose request it is (`scope`: an API key, or a signed-in user) and to the body, so a
 * retry within `ttlSeconds` answers the first order and the same key with another body is a 409.
 * No header: undefined. A malformed one: 400.
 */
export function orderIdempotencyOf(
  header: string | undefined,
  scope: string,
  body: unknown,
  ttlSeconds: number,
): OrderIdempotencyDto | undefined {
  if (header === undefined) return undefined;
  if (!idempotencyKeyPattern.test(header)) {
    throw new AppException(
      ErrorCode.ValidationFailed,
      'Idempotency-Key must be 1–200 printable characters without spaces',
    );
  }
  return { scope, key: header, requestHash: requestFingerprint(body), ttlSeconds };
}
