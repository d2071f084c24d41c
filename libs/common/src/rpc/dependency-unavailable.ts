/**
 * Whether an error says that a dependency of the service (its PostgreSQL, a socket it needed) could
 * not be reached, rather than that the request or the code was wrong. Such a failure is the
 * transient 503 SERVICE_UNAVAILABLE of CONTRACT §3 ("a dependency is unavailable"), which a client
 * may retry, not a 500: PostgreSQL stopped or restarting, a connection dropped mid-query.
 */

/** PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception) and these. */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);

/** Socket errors of a dependency that is down or went away. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and its pool say these in words only. */
const unavailableMessages = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /^Connection is closed\.?$/i, // ioredis
];

/**
 * TypeORM's QueryRunnerAlreadyReleasedError and QueryRunnerProviderAlreadyReleasedError: the
 * transaction's connection died under it (the pool released it on the socket's error).
 */
const releasedRunner = /^QueryRunner(Provider)?AlreadyReleasedError$/;

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (code.startsWith('08') && code.length === 5) return true;
    if (unavailableSqlStates.has(code) || unavailableSocketCodes.has(code)) return true;
  }
  if (releasedRunner.test(error.name) || releasedRunner.test(error.constructor.name)) return true;
  if (unavailableMessages.some((pattern) => pattern.test(error.message))) return true;
  // TypeORM's QueryFailedError keeps the driver's error; Node's errors may carry a cause.
  const inner = (error as { driverError?: unknown }).driverError ?? (error as { cause?: unknown }).cause;
  if (error instanceof AggregateError && error.errors.some((each) => isDependencyUnavailable(each, depth + 1))) {
    return true;
  }
  return inner !== undefined && inner !== error && isDependencyUnavailable(inner, depth + 1);
}
