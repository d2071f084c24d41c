import { AppException, ErrorCode } from '@erp/contracts';
import type { FastifyRequest } from 'fastify';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * CONTRACT §1: a mutating request that carries a body must be JSON, else 415, on every path
 * however it is spelled (the gateway parses no other body type at all: create-gateway-app.ts).
 * With SameSite=Lax cookies this also stops cross-site form posts. A request with no body
 * (logout, DELETE, generate-invoice) needs no content type.
 */
export async function requireJsonBody(request: FastifyRequest): Promise<void> {
  if (!mutating.has(request.method)) return;
  if (hasBody(request) && !isJson(request.headers['content-type'])) {
    throw new AppException(ErrorCode.UnsupportedMediaType, 'Request body must be sent as application/json');
  }
}
