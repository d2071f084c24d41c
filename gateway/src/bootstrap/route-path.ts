import type { FastifyRequest } from 'fastify';

/**
 * The path a request is judged by: the pattern of the route the router matched (`/api/users/:id`),
 * else the path as the router reads the target (absolute form reduced to its path, query dropped,
 * percent-escapes decoded). Never the raw `request.url`: `/%61pi/users` and
 * `http://host/api/users` both run the `/api/users` route, and a check that looked at the raw
 * target let them through.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions?.url;
  if (matched !== undefined) return matched;
  let target = request.url;
  if (!target.startsWith('/')) {
    try {
      target = new URL(target).pathname;
    } catch {
      return target;
    }
  }
  const path = target.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The partner API (/api/v1) answers in its envelope and takes keys, never the session cookie. */
export function isPartnerApiPath(path: string): boolean {
  return path === '/api/v1' || path.startsWith('/api/v1/');
}
