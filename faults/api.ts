/**
 * The suite's HTTP client: every call ends in an Outcome, never a throw, and every outcome is
 * counted under a label ("201", "503 SERVICE_UNAVAILABLE", "ECONNREFUSED", ...) so a case can say
 * how each request ended.
 */

export interface Outcome<T = unknown> {
  /** HTTP status, or 0 when no answer came (connection refused or reset, client timeout). */
  status: number;
  /** The error body's code (CONTRACT §3) or the transport error's code. */
  code?: string;
  message?: string;
  body?: T;
  headers?: Headers;
  ms: number;
}

/** How an outcome counts: ok, a clear error (a 4xx or 503 with a JSON code, a refused connection), or unclear. */
export type Verdict = 'ok' | 'clear' | 'unclear';

export function verdictOf(outcome: Outcome): Verdict {
  if (outcome.status >= 200 && outcome.status < 300) return 'ok';
  if (outcome.status >= 400 && outcome.status < 500 && outcome.code) return 'clear';
  if (outcome.status === 503 && outcome.code) return 'clear';
  // The gateway itself was down: the connection was refused, or dropped as it died. The client
  // knows at once that it has no answer; whether the effect happened is settled by its retry.
  if (outcome.status === 0 && outcome.code !== 'CLIENT_TIMEOUT') return 'clear';
  return 'unclear';
}

export function labelOf(outcome: Outcome): string {
  if (outcome.status === 0) return outcome.code ?? 'NO_ANSWER';
  if (outcome.status < 300) return String(outcome.status);
  return `${outcome.status} ${outcome.code ?? 'NO_CODE'}`;
}

/** Whether a retry may help: no answer, or a 503 (a dependency unavailable), or a 429. */
export function isRetryable(outcome: Outcome): boolean {
  return outcome.status === 0 || outcome.status === 503 || outcome.status === 429 || outcome.status === 502;
}

/** Outcome counts by label and by verdict, with the unclear ones kept whole for the report. */
export class Tally {
  readonly labels: Record<string, number> = {};
  readonly verdicts: Record<Verdict, number> = { ok: 0, clear: 0, unclear: 0 };
  readonly unclear: Array<{ request: string; label: string; message?: string; ms: number }> = [];
  readonly slowest: { request: string; ms: number } = { request: '', ms: 0 };
  /** Counts by label within each phase ("before", "outage", "after", ...), and the slowest answer of each. */
  readonly phases: Record<string, { labels: Record<string, number>; slowestMs: number }> = {};
  phase = 'all';
  requests = 0;

  add(request: string, outcome: Outcome): void {
    this.requests += 1;
    const label = labelOf(outcome);
    this.labels[label] = (this.labels[label] ?? 0) + 1;
    const phase = (this.phases[this.phase] ??= { labels: {}, slowestMs: 0 });
    phase.labels[label] = (phase.labels[label] ?? 0) + 1;
    phase.slowestMs = Math.max(phase.slowestMs, Math.round(outcome.ms));
    const verdict = verdictOf(outcome);
    this.verdicts[verdict] += 1;
    if (verdict === 'unclear' && this.unclear.length < 50) {
      this.unclear.push({ request, label, message: outcome.message?.slice(0, 300), ms: Math.round(outcome.ms) });
    }
    if (outcome.ms > this.slowest.ms) Object.assign(this.slowest, { request, ms: Math.round(outcome.ms) });
  }

  toJSON(): object {
    return {
      requests: this.requests,
      verdicts: this.verdicts,
      labels: Object.fromEntries(Object.entries(this.labels).sort(([, a], [, b]) => b - a)),
      slowestMs: this.slowest.ms,
      slowestRequest: this.slowest.request,
      ...(Object.keys(this.phases).length > 1 ? { phases: this.phases } : {}),
      unclear: this.unclear,
    };
  }
}

function transportCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'CLIENT_TIMEOUT';
  if (/other side closed|socket/i.test(cause?.message ?? '')) return 'UND_ERR_SOCKET';
  return error instanceof Error ? error.name : 'FETCH_FAILED';
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Read the answer as bytes (PDFs). */
  binary?: boolean;
}

/** One HTTP call against the gateway: a cookie or an API key comes in `headers`. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Outcome<T>> {
  const started = performance.now();
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    if (options.binary && response.ok) {
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, body: bytes as T, headers: response.headers, ms: performance.now() - started };
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const shaped = body as { code?: unknown; message?: unknown; error?: unknown } | undefined;
    const code = typeof shaped?.code === 'string' ? shaped.code : undefined;
    const message =
      typeof shaped?.message === 'string' ? shaped.message : typeof shaped?.error === 'string' ? shaped.error : text;
    return {
      status: response.status,
      code: response.ok ? undefined : code,
      message: response.ok ? undefined : message,
      body: body as T,
      headers: response.headers,
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      status: 0,
      code: transportCode(error),
      message: error instanceof Error ? `${error.message}: ${String((error as { cause?: unknown }).cause ?? '')}` : '',
      ms: performance.now() - started,
    };
  }
}

/** The owner's session cookie (retried while the system is not answering). */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const outcome = await call(baseUrl, 'POST', '/api/login', { body: { username, password } });
    const cookie = outcome.headers?.get('set-cookie')?.split(';')[0];
    if (outcome.status === 200 && cookie) return cookie;
    if (Date.now() > deadline) throw new Error(`sign-in failed: ${labelOf(outcome)} ${outcome.message ?? ''}`);
    await sleep(500);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until GET /ready answers 200; resolves with the milliseconds waited. */
export async function waitReady(baseUrl: string, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const outcome = await call(baseUrl, 'GET', '/ready', { timeoutMs: 5_000 });
    if (outcome.status === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`not ready after ${timeoutMs} ms: ${labelOf(outcome)} ${outcome.message ?? ''}`);
    }
    await sleep(200);
  }
}
