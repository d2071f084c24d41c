import type { UserDto } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GatewayConfig } from '../config/gateway.config.js';
import { PrincipalCache } from './principal-cache.js';
import { sessionToken, type SessionClaims } from './session-cookie.js';

export const SESSION_STRATEGY = 'session';

/**
 * passport-jwt over the session cookie: the JWT's signature and expiry are checked here, then
 * whether the session still exists and who its user is right now (identity, through PrincipalCache).
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(
    @Inject(GatewayConfig) config: GatewayConfig,
    private readonly principals: PrincipalCache,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([(request: FastifyRequest) => sessionToken(request)]),
      // A KeyObject rather than the string: jsonwebtoken first tries a string or Buffer as a PEM public
      // key, which costs most of a millisecond on every request. passport-jwt's types predate KeyObject.
      secretOrKey: createSecretKey(Buffer.from(config.SESSION_SECRET, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  /**
   * Returns the user (set on request.user, with the session's id on request.sessionId), or false
   * for a revoked session or an unapproved user.
   */
  async validate(request: FastifyRequest, claims: SessionClaims): Promise<UserDto | false> {
    if (typeof claims.sid !== 'string') return false;
    const user = await this.principals.session(claims.sid, request.id);
    if (!user) return false;
    request.sessionId = claims.sid;
    return user;
  }
}
