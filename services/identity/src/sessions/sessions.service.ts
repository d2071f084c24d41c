import {
  AppException,
  IdentityErrorCode,
  UserStatus,
  type LoginRequestDto,
  type LoginResultDto,
  type ResolvedSessionDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { Passwords } from '../users/passwords.js';
import { toUserDto } from '../users/user.mapper.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginLimiter } from './login-limiter.js';
import { SessionsStore } from './sessions.store.js';

@Injectable()
export class SessionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: Passwords,
    private readonly store: SessionsStore,
    private readonly limiter: LoginLimiter,
  ) {}

  /** CONTRACT §1: one message for a wrong username or password; the account state only after a right one. */
  async login(dto: LoginRequestDto): Promise<LoginResultDto> {
    await this.limiter.admit(dto.username, dto.ip);
    const user = await this.users.findByLogin(dto.username);
    if (!(await this.passwords.verify(user?.passwordHash ?? null, dto.password)) || !user) {
      await this.limiter.recordFailure(dto.username);
      throw new AppException(IdentityErrorCode.InvalidCredentials, 'Invalid username or password', undefined, 401);
    }
    if (user.status === UserStatus.Pending) {
      throw new AppException(IdentityErrorCode.AccountPending, 'Your account is awaiting approval', undefined, 403);
    }
    if (user.status === UserStatus.Rejected) {
      throw new AppException(IdentityErrorCode.AccountRejected, 'Your account has been rejected', undefined, 403);
    }
    await this.limiter.recordSuccess(dto.username);
    return { user: toUserDto(user), sessionId: await this.store.create(user.id) };
  }

  /** The session's user as it is now: null once revoked, deleted or no longer approved. */
  async resolve(sessionId: string): Promise<ResolvedSessionDto> {
    const userId = await this.store.userIdOf(sessionId);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user || user.status !== UserStatus.Approved) return { user: null };
    return { user: toUserDto(user) };
  }

  revoke(sessionId: string): Promise<void> {
    return this.store.revoke(sessionId);
  }
}
