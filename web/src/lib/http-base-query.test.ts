import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/render';
import { httpBaseQuery, type HttpRequestArg } from './http-base-query';
import { describeError } from './http-error';
import { i18n } from './i18n';

const baseQueryApi = { signal: new AbortController().signal } as unknown as BaseQueryApi;
const call = (arg: HttpRequestArg) => httpBaseQuery(arg, baseQueryApi, {});

describe('httpBaseQuery', () => {
  it('turns a non-OK answer into "STATUS: body" and keeps the JSON error body', async () => {
    const body = {
      message: 'Username "sara" is already taken',
      code: 'IDENTITY_DUPLICATE_USERNAME',
      details: { field: 'username' },
    };
    mockFetch(() => jsonResponse(body, 409, 'Conflict'));

    const result = await call({ url: '/api/register', method: 'POST', body: { username: 'sara' } });

    expect(result.data).toBeUndefined();
    expect(result.error?.status).toBe(409);
    expect(result.error?.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(result.error?.body).toEqual(body);
  });

  it('uses the status text when the error body is empty', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const result = await call('/api/dashboard/stats');
    expect(result.error).toEqual({ status: 503, message: '503: Service Unavailable' });
  });

  it('keeps a plain-text error body as it is, without a parsed body', async () => {
    mockFetch(() => new Response('upstream timed out', { status: 504, statusText: 'Gateway Timeout' }));
    const result = await call('/api/orders');
    expect(result.error?.message).toBe('504: upstream timed out');
    expect(result.error?.body).toBeUndefined();
  });

  it('sends JSON with cookies, and a body only when one is given', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));

    await call({ url: '/api/demo-requests', method: 'POST', body: { fullName: 'Sara' } });
    await call('/api/user');

    const [postUrl, postInit] = fetchMock.mock.calls[0];
    expect(postUrl).toBe('/api/demo-requests');
    expect(postInit).toMatchObject({ method: 'POST', credentials: 'include', body: '{"fullName":"Sara"}' });
    expect(postInit?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });

    const [, getInit] = fetchMock.mock.calls[1];
    expect(getInit).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(getInit?.body).toBeUndefined();
    expect(getInit?.headers).not.toHaveProperty('Content-Type');
  });

  it("sends a call's own headers beside Accept and Content-Type", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await call({ url: '/api/orders/manual', method: 'POST', body: {}, headers: { 'Idempotency-Key': 'abc123' } });
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'abc123',
    });
  });

  it('adds query parameters and skips empty ones', async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    await call({ url: '/api/stock/expiring', params: { days: 30, search: undefined } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stock/expiring?days=30');
  });

  it('hands the response to transformResponse as meta, for headers such as X-Total-Count', async () => {
    mockFetch(
      () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '42' } }),
    );
    const result = await call({ url: '/api/stock', params: { limit: 20 } });
    expect(result.data).toEqual([]);
    expect(result.meta?.response.headers.get('X-Total-Count')).toBe('42');
  });

  it('answers null for an empty success body (204)', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    expect((await call({ url: '/api/auth/logout', method: 'POST' })).data).toBeNull();
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await call('/api/user');
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'FETCH_ERROR: Failed to fetch' });
  });
});

describe('describeError', () => {
  const error = {
    status: 403,
    message: '403: {...}',
    body: { message: 'Only an owner can do that', code: 'FORBIDDEN' },
  };

  it("shows the server's message in English", () => {
    expect(describeError(error, i18n.t, 'en')).toBe('Only an owner can do that');
  });

  it('translates a known code in Arabic', async () => {
    await i18n.changeLanguage('ar');
    expect(describeError(error, i18n.t, 'ar')).toBe('ليست لديك صلاحية للقيام بهذا الإجراء.');
  });

  it("falls back to the server's message for an unknown code in Arabic", async () => {
    await i18n.changeLanguage('ar');
    const unknown = { ...error, body: { message: 'The courier is late', code: 'SHIPPING_COURIER_LATE' } };
    expect(describeError(unknown, i18n.t, 'ar')).toBe('The courier is late');
  });

  it('uses "STATUS: body" when there is no JSON body', () => {
    expect(describeError({ status: 502, message: '502: Bad Gateway' }, i18n.t, 'en')).toBe('502: Bad Gateway');
  });
});
