import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { answer, basicCredentials, type Answer } from './http.js';
import type { SimulatorContext } from './simulator-context.js';
import type { CsidRecord } from './state-store.js';

/**
 * The CSID of a request's Basic credentials (binarySecurityToken:secret), when this simulator
 * issued it, the secret matches, it is of the kind the endpoint needs and its certificate has not
 * expired; otherwise a 401 `{ message }`.
 */
export function authenticate(
  context: SimulatorContext,
  headers: IncomingHttpHeaders,
  kind: CsidRecord['kind'],
): CsidRecord | Answer {
  const credentials = basicCredentials(headers);
  if (!credentials) return unauthorized('Basic authentication with binarySecurityToken:secret is required.');
  const csid = Object.hasOwn(context.store.state.csids, credentials.token)
    ? context.store.state.csids[credentials.token]
    : undefined;
  if (!csid || !sameText(csid.secret, credentials.secret)) {
    return unauthorized('The binarySecurityToken and secret are not a CSID this gateway issued.');
  }
  if (csid.kind !== kind) return unauthorized(`This endpoint needs a ${kind} CSID; this one is a ${csid.kind} CSID.`);
  if (new Date(csid.notAfter).getTime() <= context.now().getTime()) {
    return unauthorized(`The CSID's certificate expired on ${csid.notAfter}.`);
  }
  return csid;
}

export function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

const unauthorized = (message: string) => answer(401, { message });

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
