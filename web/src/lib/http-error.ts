import type { ErrorBody } from '@erp/contracts';
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

export function toHttpError(status: number, statusText: string, bodyText: string): HttpError {
  const error: HttpError = { status, message: `${status}: ${bodyText || statusText}` };
  const body = parseErrorBody(bodyText);
  if (body) error.body = body;
  return error;
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
  codeKeys: Partial<Record<string, string>> = {},
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
