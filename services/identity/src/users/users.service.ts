import {
  allPermissions,
  AppException,
  defaultStaffPermissions,
  ErrorCode,
  IdentityErrorCode,
  UserRole,
  UserStatus,
  type ChangePasswordRequestDto,
  type CreateUserDto,
  type Permission,
  type RegisterDto,
  type UpdateUserDto,
  type UserDto,
  type UserNameDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LoginLimiter } from '../sessions/login-limiter.js';
import { SessionsStore } from '../sessions/sessions.store.js';
import { PasswordPolicy } from './password-policy.js';
import { Passwords } from './passwords.js';
import { UserEntity } from './user.entity.js';
import { toUserDto } from './user.mapper.js';
import { UserStamps } from './user-stamps.js';
import { uniqueViolation, UsersRepository, type NewUser } from './users.repository.js';

const isAdministrator = (user: UserEntity): boolean => user.role === UserRole.Owner || user.role === UserRole.Admin;

/** Who may do what to whom (CONTRACT §1–2): every rule of users and their approval lives here. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsStore,
    private readonly policy: PasswordPolicy,
    private readonly limiter: LoginLimiter,
    private readonly stamps: UserStamps,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Self-registration: always staff, pending, default permissions; no session. */
  async register(dto: RegisterDto): Promise<UserDto> {
    this.policy.check(dto.password, dto);
    return toUserDto(
      await this.insertUnique({
        username: dto.username,
        email: dto.email.toLowerCase(),
        fullName: dto.fullName,
        company: dto.company ?? null,
        phone: dto.phone ?? null,
        role: UserRole.Staff,
        status: UserStatus.Pending,
        permissions: [...defaultStaffPermissions],
        passwordHash: await this.passwords.hash(dto.password),
      }),
    );
  }

  /** Names only, for any caller: a record's "by" (the stock ledger), never the rest of the account. */
  async names(ids: string[]): Promise<UserNameDto[]> {
    return (await this.users.findByIds(ids)).map((user) => ({ id: user.id, fullName: user.fullName }));
  }

  async list(actorId: string | undefined): Promise<UserDto[]> {
    await this.administrator(actorId);
    return (await this.users.findNewestFirst()).map(toUserDto);
  }

  /** By an admin or owner: approved unless a status is given; only an owner creates owners. */
  async create(dto: CreateUserDto, actorId: string | undefined): Promise<UserDto> {
    const actor = await this.administrator(actorId);
    const role = dto.role ?? UserRole.Staff;
    if (role === UserRole.Owner && actor.role !== UserRole.Owner) this.ownerOnly('Only an owner can create an owner');
    this.policy.check(dto.password, dto);
    return toUserDto(
      await this.insertUnique({
        username: dto.username,
        email: dto.email.toLowerCase(),
        fullName: dto.fullName,
        company: dto.company ?? null,
        phone: dto.phone ?? null,
        role,
        status: dto.status ?? UserStatus.Approved,
        permissions: this.permissionsFor(role, dto.permissions),
        passwordHash: await this.passwords.hash(dto.password),
      }),
    );
  }

  async update(id: string, changes: UpdateUserDto, actorId: string | undefined): Promise<UserDto> {
    const actor = await this.administrator(actorId);
    const updated = await this.stamps.around(id, () =>
      this.dataSource.transaction(async (manager) => {
        const target = await this.target(id, manager);
        if (target.role === UserRole.Owner && actor.role !== UserRole.Owner) {
          this.ownerOnly('Only an owner can change an owner');
        }
        if (changes.role === UserRole.Owner && target.role !== UserRole.Owner && actor.role !== UserRole.Owner) {
          this.ownerOnly('Only an owner can make someone an owner');
        }
        const next = { ...target, ...this.defined(changes) } as UserEntity;
        if (changes.role !== undefined && changes.permissions === undefined && changes.role !== target.role) {
          // A new role brings its own permissions: all for admins and owners, the defaults for staff.
          next.permissions = this.permissionsFor(changes.role, undefined);
        }
        await this.keepAnOwner(target, next, manager);
        return this.users.save(next, manager);
      }),
    );
    if (updated.status !== UserStatus.Approved) await this.sessions.revokeAllOf(updated.id);
    return toUserDto(updated);
  }

  async delete(id: string, actorId: string | undefined): Promise<void> {
    const actor = await this.administrator(actorId);
    if (actor.id === id) {
      throw new AppException(IdentityErrorCode.CannotDeleteSelf, 'You cannot delete your own account');
    }
    await this.stamps.around(id, () =>
      this.dataSource.transaction(async (manager) => {
        const target = await this.target(id, manager);
        if (target.role === UserRole.Owner && actor.role !== UserRole.Owner)
          this.ownerOnly('Only an owner can delete an owner');
        await this.keepAnOwner(target, null, manager);
        await this.users.remove(target, manager);
      }),
    );
    await this.sessions.revokeAllOf(id);
  }

  /**
   * CONTRACT §14: one's own password, proven by the current one. A wrong current password counts
   * as a failed sign-in of the account (the same limit, so a session cannot be used to guess it);
   * the other sessions end, the one it was made in stays.
   */
  async changePassword(dto: ChangePasswordRequestDto, actorId: string | undefined): Promise<void> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    if (!actor || actor.status !== UserStatus.Approved) {
      throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    }
    await this.limiter.admitAddress(dto.ip);
    this.policy.check(dto.newPassword, actor, 'newPassword');
    await this.limiter.admitAccount({ userId: actor.id });
    if (!(await this.passwords.verify(actor.passwordHash, dto.currentPassword))) {
      throw new AppException(IdentityErrorCode.WrongCurrentPassword, 'The current password is not correct', {
        field: 'currentPassword',
      });
    }
    await this.limiter.succeeded(actor.id);
    await this.users.setPasswordHash(actor.id, await this.passwords.hash(dto.newPassword));
    await this.sessions.revokeAllOfExcept(actor.id, dto.keepSessionId);
  }

  /**
   * CONTRACT §14: an admin or owner sets another user's password (§2's owner protections; one's
   * own goes through changePassword). Every session of that user ends, and a sign-in lock from
   * failed attempts is lifted, so the user can sign in with the new password at once.
   */
  async resetPassword(id: string, newPassword: string, actorId: string | undefined): Promise<void> {
    const { actor, target } = await this.administer(actorId, id, 'password');
    if (actor.id === target.id) {
      throw new AppException(
        IdentityErrorCode.CannotResetOwnPassword,
        'Use "Change password" to change your own password',
      );
    }
    this.policy.check(newPassword, target, 'newPassword');
    await this.users.setPasswordHash(target.id, await this.passwords.hash(newPassword));
    await this.sessions.revokeAllOf(target.id);
    await this.limiter.succeeded(target.id);
  }

  /**
   * An admin or owner acting on a user (their password, their API keys): the acting administrator
   * and the user, or 403/404. A `change` to an owner is an owner's to make (CONTRACT §2).
   */
  async administer(
    actorId: string | undefined,
    userId: string,
    change?: 'password' | 'API keys',
  ): Promise<{ actor: UserEntity; target: UserEntity }> {
    const actor = await this.administrator(actorId);
    const target = await this.users.findById(userId);
    if (!target) throw new AppException(IdentityErrorCode.UserNotFound, 'User not found', { id: userId });
    if (change && target.role === UserRole.Owner && actor.role !== UserRole.Owner) {
      this.ownerOnly(`Only an owner can change an owner's ${change}`);
    }
    return { actor, target };
  }

  /** The acting user, fresh from the database: an approved admin or owner, or 403. */
  private async administrator(actorId: string | undefined): Promise<UserEntity> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    if (!actor || actor.status !== UserStatus.Approved || !isAdministrator(actor)) {
      throw new AppException(IdentityErrorCode.AdminRequired, 'Only an admin or owner can manage users');
    }
    return actor;
  }

  private async target(id: string, manager: EntityManager): Promise<UserEntity> {
    const target = await manager
      .getRepository(UserEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!target) throw new AppException(IdentityErrorCode.UserNotFound, 'User not found', { id });
    return target;
  }

  /** Refuses a change that would leave no approved owner (the owners are locked meanwhile). */
  private async keepAnOwner(before: UserEntity, after: UserEntity | null, manager: EntityManager): Promise<void> {
    const wasOwner = before.role === UserRole.Owner && before.status === UserStatus.Approved;
    const staysOwner = after !== null && after.role === UserRole.Owner && after.status === UserStatus.Approved;
    if (!wasOwner || staysOwner) return;
    const owners = await this.users.lockApprovedOwners(manager);
    if (owners.filter((owner) => owner.id !== before.id).length === 0) {
      throw new AppException(IdentityErrorCode.LastOwner, 'The last owner cannot be removed or demoted');
    }
  }

  private permissionsFor(role: UserRole, requested: readonly Permission[] | undefined): Permission[] {
    if (role !== UserRole.Staff) return [...allPermissions];
    return [...(requested ?? defaultStaffPermissions)];
  }

  private defined(changes: UpdateUserDto): Partial<UserEntity> {
    return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  }

  private ownerOnly(message: string): never {
    throw new AppException(IdentityErrorCode.OwnerProtected, message);
  }

  private async insertUnique(user: NewUser): Promise<UserEntity> {
    const taken = await this.users.findTaken(user.username, user.email);
    if (taken.username) this.taken('username');
    if (taken.email) this.taken('email');
    try {
      return await this.users.insert(user);
    } catch (error) {
      const field = uniqueViolation(error);
      if (field) this.taken(field);
      throw error;
    }
  }

  private taken(field: 'username' | 'email'): never {
    if (field === 'username') {
      throw new AppException(IdentityErrorCode.UsernameTaken, 'This username is already taken', { field });
    }
    throw new AppException(IdentityErrorCode.EmailTaken, 'An account with this email already exists', { field });
  }
}
