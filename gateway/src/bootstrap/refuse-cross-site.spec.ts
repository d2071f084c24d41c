import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { refuseCrossSite } from './refuse-cross-site.js';

/** The parts of a Fastify request the check reads. */
function request(method: string, url: string, headers: Record<string, string> = {}, secure = false): FastifyRequest {
  return { method, url, headers, protocol: secure ? 'https' : 'http', host: 'erp.example:8080' } as FastifyRequest;
}

const outcome = (req: FastifyRequest): Promise<string> =>
  refuseCrossSite(req).then(
    () => 'passes',
    (error: { status?: number }) => `refused ${error.status}`,
  );

describe('refuseCrossSite', () => {
  it.each([
    ['same-origin', 'passes'],
    ['none', 'passes'],
    ['same-site', 'refused 403'],
    ['cross-site', 'refused 403'],
    ['Cross-Site', 'refused 403'],
  ])('reads Sec-Fetch-Site %s before Origin', async (site, expected) => {
    // Origin says the app's own, but the browser's own word on the site wins.
    const req = request('POST', '/api/clients', { 'sec-fetch-site': site, origin: 'http://erp.example:8080' });
    expect(await outcome(req)).toBe(expected);
  });

  it.each([
    ['http://erp.example:8080', false, 'passes'],
    ['HTTP://ERP.EXAMPLE:8080', false, 'passes'],
    ['https://erp.example:8080', true, 'passes'],
    ['https://erp.example:8080', false, 'refused 403'],
    ['http://erp.example', false, 'refused 403'],
    ['http://erp.example:8080.evil.example', false, 'refused 403'],
    ['null', false, 'refused 403'],
    ['https://evil.example', false, 'refused 403'],
  ])('without Sec-Fetch-Site, compares Origin %s with its own origin (https: %s)', async (origin, secure, expected) => {
    expect(await outcome(request('DELETE', '/api/api-keys/1', { origin }, secure))).toBe(expected);
  });

  it('lets requests with neither header pass: they come from no browser', async () => {
    expect(await outcome(request('POST', '/api/logout'))).toBe('passes');
  });

  it('leaves reads and the partner API alone', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    for (const [method, url] of [
      ['GET', '/api/clients'],
      ['HEAD', '/api/user'],
      ['OPTIONS', '/api/clients'],
      ['POST', '/api/v1/orders'],
      ['PATCH', '/api/v1/products/1/stock'],
      ['POST', '/%61pi/v1/orders'],
    ] as const) {
      expect(await outcome(request(method, url, crossSite)), `${method} ${url}`).toBe('passes');
    }
  });

  it('judges every other path as the router reads it: decoded, absolute form reduced, outside /api too', async () => {
    const crossSite = { 'sec-fetch-site': 'same-site', origin: 'http://erp.example:1' };
    for (const url of [
      '/api/v1x',
      '/%61pi/users',
      '/api/%75sers',
      'http://erp.example:8080/api/users',
      '/metrics',
      '/anything',
    ]) {
      expect(await outcome(request('POST', url, crossSite)), url).toBe('refused 403');
    }
  });

  it('trusts the route the router matched over the raw target', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    const matched = (url: string, route: string): FastifyRequest =>
      ({ ...request('POST', url, crossSite), routeOptions: { url: route } }) as unknown as FastifyRequest;
    expect(await outcome(matched('/%61pi/users', '/api/users'))).toBe('refused 403');
    expect(await outcome(matched('/%61pi/v1/orders', '/api/v1/orders'))).toBe('passes');
  });
});
