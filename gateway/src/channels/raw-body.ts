import type { FastifyRequest } from 'fastify';

/** Routes whose JSON body is also kept as received, for a signature over its bytes. */
export const RAW_BODY_PATHS = new Set(['/api/channels/whatsapp/webhook']);

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Keeps the body as received when the route needs it (create-gateway-app's JSON parser calls this). */
export function keepRawBody(request: FastifyRequest, body: string): void {
  if (RAW_BODY_PATHS.has(request.url.split('?')[0] ?? '')) rawBodies.set(request, body);
}

/** The body as received; empty when there was none. */
export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? '';
}
