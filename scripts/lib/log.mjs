/** Short human log lines with a bracketed prefix: `[start] starting PostgreSQL ...`. */
export function createLog(prefix) {
  const tag = `[${prefix}]`;
  const log = (message) => process.stdout.write(`${tag} ${message}\n`);
  log.error = (message) => process.stderr.write(`${tag} ${message}\n`);
  return log;
}

/** A URL with its password masked, for messages. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparsable URL>';
  }
}

/** The first line of an error's message (pg and ioredis messages can run long). */
export function oneLine(error) {
  if (error instanceof AggregateError && !error.message && error.errors?.length) return oneLine(error.errors[0]);
  const text = error instanceof Error ? error.message || error.code || error.name : String(error);
  return (text || 'unknown error').split('\n')[0];
}

/** An error whose message is meant for the user as is (no stack printed). */
export class UserError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UserError';
  }
}
