import type { FuzzCase } from './cases.js';

export interface FuzzOutcome {
  fuzzCase: FuzzCase;
  status: number;
  /** What is wrong with the answer, if anything. */
  problems: string[];
  /** The body's first characters, for the failure message. */
  excerpt: string;
  /** The error code of a non-2xx answer, for the report. */
  code?: string;
  ms: number;
}

/** A stack frame, a source path or a driver's words: what must never reach a caller. */
const internals: Array<[string, RegExp]> = [
  ['stack frame', /\bat [\w$.<>[\]]+ \(|\n\s+at |\bat (?:async )?[\w$.]+ \(?(?:file:|node:|\/)/],
  ['source path', /\.(?:ts|js|mjs|cjs):\d+|node_modules|\/work\/|\/src\/|\/dist\//],
  ['driver error', /QueryFailedError|EntityNotFound|TypeORMError|ECONNREFUSED|ETIMEDOUT|ioredis|BullMQ/],
  ['JS error name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|InternalError)\b/],
  [
    'SQL text',
    /\b(?:duplicate key value|violates (?:not-null|unique|foreign key|check)|relation "|column "|invalid input syntax|SELECT .* FROM|INSERT INTO|syntax error at or near|invalid byte sequence|unterminated|pg_)/i,
  ],
  ['call stack', /Maximum call stack/],
];

function shapeProblems(fuzzCase: FuzzCase, status: number, contentType: string, text: string): string[] {
  if (!contentType.includes('application/json')) return [`a ${status} without a JSON body (${contentType || 'none'})`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`a ${status} whose body is not JSON`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [`a ${status} whose body is not an object`];
  const record = body as Record<string, unknown>;
  const problems: string[] = [];
  const v1 = fuzzCase.url.startsWith('/api/v1/');
  const allowed = v1 ? ['success', 'error', 'code', 'details'] : ['message', 'code', 'details'];
  const extra = Object.keys(record).filter((key) => !allowed.includes(key));
  if (extra.length > 0) problems.push(`error body has ${extra.join(', ')}`);
  if (typeof record.code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(record.code))
    problems.push('error body lacks a code');
  if (v1) {
    if (record.success !== false) problems.push('v1 error envelope lacks success: false');
    if (typeof record.error !== 'string' || record.error === '') problems.push('v1 error envelope lacks error');
  } else if (typeof record.message !== 'string' || record.message === '') {
    problems.push('error body lacks a message');
  }
  if (fuzzCase.expectCode && record.code !== fuzzCase.expectCode) {
    problems.push(`code ${String(record.code)}, the contract says ${fuzzCase.expectCode}`);
  }
  return problems;
}

/** CONTRACT §3 for one answer: no 5xx, nothing internal, the error shape, and what the case expects. */
export function judge(fuzzCase: FuzzCase, status: number, contentType: string, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`${status} for hostile input`);
  // A 2xx may echo what was sent (a client named "'; DROP TABLE"), so only frames are looked for there.
  for (const [name, pattern] of status >= 400 ? internals : internals.slice(0, 2)) {
    if (pattern.test(text)) problems.push(`${name} in the body`);
  }
  if (status >= 400) problems.push(...shapeProblems(fuzzCase, status, contentType, text));
  if (fuzzCase.expect === 'refused' && status < 400) problems.push(`accepted (${status}) what must be refused`);
  if (fuzzCase.expect === 'accepted' && [400, 413, 415].includes(status)) {
    problems.push(`refused (${status}) what a careful client sends (CONTRACT §9)`);
  }
  if (fuzzCase.expectStatus !== undefined && status !== fuzzCase.expectStatus && status < 500) {
    problems.push(`${status}, the contract says ${fuzzCase.expectStatus}`);
  }
  return problems;
}

/** The `code` of a JSON error body, if it has one. */
export function errorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}
