import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'erp_session';

/** The claims of the session cookie's JWT: the server-side session id; the user is looked up fresh. */
export interface SessionClaims {
  sid: string;
}

/** CONTRACT §1: httpOnly, SameSite=Lax, Secure over HTTPS, path /. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

export function sessionToken(request: FastifyRequest): string | null {
  const value = request.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
