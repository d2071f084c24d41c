import { AppException, ErrorCode } from '@erp/contracts';
import type { FastifyRequest } from 'fastify';
import { isPartnerApiPath, routePath } from './route-path.js';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() || undefined;
}

/**
 * CSRF defence for the web app's own calls: a browser request that changes something must come
 * from the page the gateway served. The route is judged as the router matched it (route-path.ts),
 * never by the raw target, and every path is checked: nothing outside /api changes anything. Sec-Fetch-Site (sent by every current
 * browser, and not settable by a page) must say `same-origin` (or `none`: typed by the user);
 * without it, an Origin header must be this server's own origin (scheme and host, taken from
 * X-Forwarded-* only when TRUST_PROXY is set). `same-site` is refused too: SameSite=Lax sends
 * the cookie to another port or subdomain of the same site, this does not accept its calls.
 *
 * A request with neither header is not from a browser that could carry the cookie by itself
 * (scripts, curl, tests), and passes. The partner API (/api/v1) takes keys, never the cookie,
 * so nothing ambient can be abused there and it is left out. With JSON-only bodies
 * (require-json-body.ts) and SameSite=Lax this is the third layer (CONTRACT §1).
 */
export async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  if (!unsafe.has(request.method) || isPartnerApiPath(routePath(request))) return;
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw refused();
  }
  const origin = header(request, 'origin');
  if (origin === undefined) return;
  if (origin === `${request.protocol}://${request.host}`.toLowerCase()) return;
  throw refused();
}

function refused(): AppException {
  return new AppException(
    ErrorCode.Forbidden,
    'Cross-site request refused: this call is only accepted from the app itself',
  );
}
