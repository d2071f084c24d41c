import type { AppErrorCode, ErrorBody } from '@erp/contracts';
import type { TFunction } from 'i18next';
import type { Language } from './language';

export type HttpErrorStatus = number | 'FETCH_ERROR' | 'PARSE_ERROR';

/**
 * What every failed call of the API slice returns (SPEC §7/§8, CONTRACT §3):
 * `message` is "STATUS: body text" (or the status text when the body is empty), and
 * `body` is the server's JSON `{ message, code, details }` when it sent one.
 */
export interface HttpError {
  status: HttpErrorStatus;
  message: string;
  body?: ErrorBody;
  /** From the Retry-After header of a 429 (or 503): how long to wait before trying again. */
  retryAfterSeconds?: number;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === 'string' && typeof candidate.code === 'string';
}

export function isHttpError(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.message === 'string' &&
    (typeof candidate.status === 'number' || candidate.status === 'FETCH_ERROR' || candidate.status === 'PARSE_ERROR')
  );
}

function parseErrorBody(bodyText: string): ErrorBody | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return isErrorBody(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After is either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function toHttpError(
  status: number,
  statusText: string,
  bodyText: string,
  retryAfter?: string | null,
): HttpError {
  const error: HttpError = { status, message: `${status}: ${bodyText || statusText}` };
  const body = parseErrorBody(bodyText);
  if (body) error.body = body;
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** The server's error code, when the failure carried one. */
export function errorCodeOf(error: unknown): AppErrorCode | undefined {
  return isHttpError(error) ? error.body?.code : undefined;
}

/** How long a rate-limited caller should wait: the Retry-After header, else `details.retryAfterSeconds`. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isHttpError(error)) return undefined;
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  const details = error.body?.details as { retryAfterSeconds?: unknown } | undefined;
  return typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined;
}

/**
 * The form fields a failure points at: `details.field` (409 duplicates) and
 * `details.fields[].field` (400 VALIDATION_FAILED).
 */
export function fieldsOfError(error: unknown): string[] {
  if (!isHttpError(error)) return [];
  const details = error.body?.details;
  if (typeof details !== 'object' || details === null) return [];
  const { field, fields } = details as { field?: unknown; fields?: unknown };
  const names: string[] = [];
  if (typeof field === 'string') names.push(field);
  if (Array.isArray(fields)) {
    for (const entry of fields) {
      const name = (entry as { field?: unknown } | null)?.field;
      if (typeof name === 'string') names.push(name);
    }
  }
  return names;
}

const MAX_DESCRIPTION_LENGTH = 300;

/**
 * The text an error toast shows. The server's own message in English; in Arabic the
 * translation of its `code` when there is one (servers do not localise, STYLE.md), else
 * the server's message. `codeKeys` lets a screen give a code a more precise text
 * (e.g. UNAUTHENTICATED on the login form means wrong credentials).
 */
export function describeError(
  error: unknown,
  t: TFunction,
  language: Language,
  codeKeys: Partial<Record<AppErrorCode, string>> = {},
): string {
  if (isHttpError(error)) {
    if (error.status === 'FETCH_ERROR') return t('common:errors.network');
    if (error.body) {
      const { code, message } = error.body;
      const override = codeKeys[code];
      if (language !== 'en') {
        if (override) return t(override);
        const key = `common:errors.codes.${code}`;
        if (t(key, { defaultValue: '' })) return t(key);
      }
      return message;
    }
    return error.message.length > MAX_DESCRIPTION_LENGTH
      ? `${error.message.slice(0, MAX_DESCRIPTION_LENGTH)}…`
      : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return t('common:errors.generic');
}
