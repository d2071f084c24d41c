import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { toHttpError, type HttpError } from './http-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  url: string;
  method?: HttpMethod;
  /** Sent as JSON; omitted entirely when undefined (SPEC §7: a body only when given). */
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Headers of this call beyond Accept and Content-Type (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export type HttpRequestArg = string | HttpRequest;

/** What a successful call also hands to `transformResponse`: the response, for its headers (X-Total-Count). */
export interface HttpMeta {
  response: Response;
}

function withParams(url: string, params: HttpRequest['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The one base query (SPEC §7): JSON in and out, cookies included, any non-OK answer is an
 * error "STATUS: body" carrying the parsed `{ message, code, details }` body (CONTRACT §3).
 * No retries: a failed call fails once. A success carries the response as `meta`, so an
 * endpoint can read headers such as X-Total-Count.
 */
export const httpBaseQuery: BaseQueryFn<HttpRequestArg, unknown, HttpError, object, HttpMeta> = async (
  arg,
  { signal },
) => {
  const request: HttpRequest = typeof arg === 'string' ? { url: arg } : arg;
  const { method = 'GET', body, params } = request;
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(withParams(request.url, params), init);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { error: { status: 'FETCH_ERROR', message: `FETCH_ERROR: ${reason}` } };
  }

  const text = await response.text();
  if (!response.ok) {
    return { error: toHttpError(response.status, response.statusText, text, response.headers.get('Retry-After')) };
  }
  const meta: HttpMeta = { response };
  if (!text) return { data: null, meta };
  try {
    return { data: JSON.parse(text) as unknown, meta };
  } catch {
    return { error: { status: 'PARSE_ERROR', message: `${response.status}: ${text}` } };
  }
};
