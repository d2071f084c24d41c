import {
  allPermissions,
  AppException,
  defaultStaffPermissions,
  IdentityErrorCode,
  UserRole,
  UserStatus,
  type CreateUserDto,
  type Permission,
  type RegisterDto,
  type UpdateUserDto,
  type UserDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SessionsStore } from '../sessions/sessions.store.js';
import { Passwords } from './passwords.js';
import { UserEntity } from './user.entity.js';
import { toUserDto } from './user.mapper.js';
import { uniqueViolation, UsersRepository, type NewUser } from './users.repository.js';

const isAdministrator = (user: UserEntity): boolean => user.role === UserRole.Owner || user.role === UserRole.Admin;

/** Who may do what to whom (CONTRACT §1–2): every rule of users and their approval lives here. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsStore,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Self-registration: always staff, pending, default permissions; no session. */
  async register(dto: RegisterDto): Promise<UserDto> {
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

  async list(actorId: string | undefined): Promise<UserDto[]> {
    await this.administrator(actorId);
    return (await this.users.findNewestFirst()).map(toUserDto);
  }

  /** By an admin or owner: approved unless a status is given; only an owner creates owners. */
  async create(dto: CreateUserDto, actorId: string | undefined): Promise<UserDto> {
    const actor = await this.administrator(actorId);
    const role = dto.role ?? UserRole.Staff;
    if (role === UserRole.Owner && actor.role !== UserRole.Owner) this.ownerOnly('Only an owner can create an owner');
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
    const updated = await this.dataSource.transaction(async (manager) => {
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
    });
    if (updated.status !== UserStatus.Approved) await this.sessions.revokeAllOf(updated.id);
    return toUserDto(updated);
  }

  async delete(id: string, actorId: string | undefined): Promise<void> {
    const actor = await this.administrator(actorId);
    if (actor.id === id) {
      throw new AppException(IdentityErrorCode.CannotDeleteSelf, 'You cannot delete your own account', undefined, 403);
    }
    await this.dataSource.transaction(async (manager) => {
      const target = await this.target(id, manager);
      if (target.role === UserRole.Owner && actor.role !== UserRole.Owner)
        this.ownerOnly('Only an owner can delete an owner');
      await this.keepAnOwner(target, null, manager);
      await this.users.remove(target, manager);
    });
    await this.sessions.revokeAllOf(id);
  }

  /** The acting user, fresh from the database: an approved admin or owner, or 403. */
  private async administrator(actorId: string | undefined): Promise<UserEntity> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    if (!actor || actor.status !== UserStatus.Approved || !isAdministrator(actor)) {
      throw new AppException(
        IdentityErrorCode.AdminRequired,
        'Only an admin or owner can manage users',
        undefined,
        403,
      );
    }
    return actor;
  }

  private async target(id: string, manager: EntityManager): Promise<UserEntity> {
    const target = await manager
      .getRepository(UserEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!target) throw new AppException(IdentityErrorCode.UserNotFound, 'User not found', { id }, 404);
    return target;
  }

  /** Refuses a change that would leave no approved owner (the owners are locked meanwhile). */
  private async keepAnOwner(before: UserEntity, after: UserEntity | null, manager: EntityManager): Promise<void> {
    const wasOwner = before.role === UserRole.Owner && before.status === UserStatus.Approved;
    const staysOwner = after !== null && after.role === UserRole.Owner && after.status === UserStatus.Approved;
    if (!wasOwner || staysOwner) return;
    const owners = await this.users.lockApprovedOwners(manager);
    if (owners.filter((owner) => owner.id !== before.id).length === 0) {
      throw new AppException(
        IdentityErrorCode.LastOwner,
        'The last owner cannot be removed or demoted',
        undefined,
        409,
      );
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
    throw new AppException(IdentityErrorCode.OwnerProtected, message, undefined, 403);
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
      throw new AppException(IdentityErrorCode.UsernameTaken, 'This username is already taken', { field }, 409);
    }
    throw new AppException(IdentityErrorCode.EmailTaken, 'An account with this email already exists', { field }, 409);
  }
}
