import type { UserDto } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
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
      secretOrKey: config.SESSION_SECRET,
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
