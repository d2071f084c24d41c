import { UserRole, UserStatus } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from './user.entity.js';

export type NewUser = Omit<UserEntity, 'id' | 'createdAt' | 'updatedAt'>;

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly rows: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.rows.findOneBy({ id });
  }

  /** Sign-in takes the username or the email, case-insensitively. */
  findByLogin(login: string): Promise<UserEntity | null> {
    return this.rows
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:login) OR lower(user.email) = lower(:login)', { login })
      .orderBy('lower(user.username) = lower(:login)', 'DESC')
      .getOne();
  }

  async findTaken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.rows
      .createQueryBuilder('user')
      .select(['user.username', 'user.email'])
      .where('lower(user.username) = lower(:username) OR lower(user.email) = lower(:email)', { username, email })
      .getMany();
    return {
      username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    };
  }

  findByIds(ids: string[]): Promise<UserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.rows.findBy({ id: In([...new Set(ids)]) });
  }

  findNewestFirst(): Promise<UserEntity[]> {
    return this.rows.find({ order: { createdAt: 'DESC' } });
  }

  insert(user: NewUser, manager?: EntityManager): Promise<UserEntity> {
    const repository = manager ? manager.getRepository(UserEntity) : this.rows;
    return repository.save(repository.create(user));
  }

  save(user: UserEntity, manager?: EntityManager): Promise<UserEntity> {
    return (manager ? manager.getRepository(UserEntity) : this.rows).save(user);
  }

  /** Only the hash, so a role or status changed meanwhile is not written back. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.rows.update({ id }, { passwordHash });
  }

  async remove(user: UserEntity, manager?: EntityManager): Promise<void> {
    await (manager ? manager.getRepository(UserEntity) : this.rows).delete({ id: user.id });
  }

  /** The approved owners, locked until the transaction ends, so two demotions cannot both pass. */
  lockApprovedOwners(manager: EntityManager): Promise<UserEntity[]> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .setLock('pessimistic_write')
      .where('user.role = :role AND user.status = :status', { role: UserRole.Owner, status: UserStatus.Approved })
      .getMany();
  }

  countOwners(manager?: EntityManager): Promise<number> {
    return (manager ? manager.getRepository(UserEntity) : this.rows).countBy({ role: UserRole.Owner });
  }
}

/** Postgres unique violation on the users' username or email index. */
export function uniqueViolation(error: unknown): 'username' | 'email' | null {
  const candidate = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const code = candidate.driverError?.code ?? candidate.code;
  const constraint = candidate.driverError?.constraint ?? candidate.constraint ?? '';
  if (code !== '23505') return null;
  if (constraint.includes('username')) return 'username';
  if (constraint.includes('email')) return 'email';
  return null;
}
