import { AppException, ErrorCode, UserRole, type UserDto } from '@erp/contracts';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ACCESS_KEY, type Access } from './access.decorators.js';
import { ApiKeyAuth } from '../v1/api-key-auth.js';
import { SESSION_STRATEGY } from './session.strategy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, read fresh from the identity service for this request. */
    user?: UserDto;
    /** The server-side session the cookie names (set with `user`). */
    sessionId?: string;
  }
}

/** passport's guard for the session cookie, with CONTRACT §3's 401. */
@Injectable()
export class SessionAuthGuard extends AuthGuard(SESSION_STRATEGY) {
  override handleRequest<TUser = UserDto>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    return user;
  }
}

export function isAdministrator(user: UserDto): boolean {
  return user.role === UserRole.Owner || user.role === UserRole.Admin;
}

/** Whether a signed-in user passes a route's declared access (the one place this is decided). */
export function allows(access: Access, user: UserDto): boolean {
  switch (access.kind) {
    case 'api-key':
      return false;
    case 'public':
    case 'signed-in':
      return true;
    case 'admin':
      return isAdministrator(user);
    case 'permission':
      return isAdministrator(user) || user.permissions.includes(access.permission);
    case 'all-permissions':
      return isAdministrator(user) || access.permissions.every((permission) => user.permissions.includes(permission));
  }
}

/** The one guard of every /api route: who is calling (session cookie or API key), and may they (CONTRACT §2). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly session: SessionAuthGuard,
    private readonly apiKeys: ApiKeyAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) throw new AppException(ErrorCode.Forbidden, 'This route declares no access policy');
    if (access.kind === 'public') return true;
    if (access.kind === 'api-key') {
      await this.apiKeys.authenticate(context.switchToHttp().getRequest<FastifyRequest>(), access.permission);
      return true;
    }
    await this.session.canActivate(context);
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!user) throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    if (!allows(access, user)) throw this.denied(access);
    return true;
  }

  private denied(access: Access): AppException {
    if (access.kind === 'permission') {
      return new AppException(ErrorCode.Forbidden, `You need the ${access.permission} permission`, {
        permission: access.permission,
      });
    }
    if (access.kind === 'all-permissions') {
      return new AppException(ErrorCode.Forbidden, `You need the ${access.permissions.join(' and ')} permissions`, {
        permissions: access.permissions,
      });
    }
    return new AppException(ErrorCode.Forbidden, 'Only an admin or owner can do this');
  }
}
