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
import { UserStamps } from '../users/user-stamps.js';
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
    private readonly stamps: UserStamps,
  ) {}

  /** CONTRACT §1: one message for a wrong username or password; the account state only after a right one. */
  async login(dto: LoginRequestDto): Promise<LoginResultDto> {
    await this.limiter.admitAddress(dto.ip);
    const user = await this.users.findByLogin(dto.username.trim());
    await this.limiter.admitAccount(user ? { userId: user.id } : { login: dto.username });
    if (!(await this.passwords.verify(user?.passwordHash ?? null, dto.password)) || !user) {
      throw new AppException(IdentityErrorCode.InvalidCredentials, 'Invalid username or password');
    }
    await this.limiter.succeeded(user.id);
    if (user.status === UserStatus.Pending) {
      throw new AppException(IdentityErrorCode.AccountPending, 'Your account is awaiting approval');
    }
    if (user.status === UserStatus.Rejected) {
      throw new AppException(IdentityErrorCode.AccountRejected, 'Your account has been rejected');
    }
    return { user: toUserDto(user), sessionId: await this.store.create(user.id) };
  }

  /** The session's user as it is now: null once revoked, deleted or no longer approved. */
  async resolve(sessionId: string): Promise<ResolvedSessionDto> {
    const userId = await this.store.userIdOf(sessionId);
    if (!userId) return { user: null, userStamp: null };
    const userStamp = await this.stamps.read(userId);
    const user = await this.users.findById(userId);
    if (!user || user.status !== UserStatus.Approved) return { user: null, userStamp };
    return { user: toUserDto(user), userStamp };
  }

  revoke(sessionId: string): Promise<void> {
    return this.store.revoke(sessionId);
  }
}
