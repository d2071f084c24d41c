import { allPermissions, AppException, UserRole, UserStatus } from '@erp/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { IdentityConfig } from '../identity.config.js';
import { PasswordPolicy } from './password-policy.js';
import { Passwords } from './passwords.js';
import { UsersRepository } from './users.repository.js';

/** Lock id for the one-time owner creation, so two identity replicas starting together create one. */
const OWNER_BOOTSTRAP_LOCK = 72_001;

/** CONTRACT §1: at start, when there is no owner, create one from ERP_OWNER_*; never touch an existing one. */
@Injectable()
export class OwnerBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('OwnerBootstrap');

  constructor(
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly passwords: Passwords,
    private readonly policy: PasswordPolicy,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.countOwners()) > 0) return;
    const generated = this.config.ERP_OWNER_PASSWORD === undefined;
    const password = this.config.ERP_OWNER_PASSWORD ?? randomBytes(12).toString('base64url');
    this.checkPolicy(password);
    const passwordHash = await this.passwords.hash(password);
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [OWNER_BOOTSTRAP_LOCK]);
      if ((await this.users.countOwners(manager)) > 0) return false;
      await this.users.insert(
        {
          username: this.config.ERP_OWNER_USERNAME,
          email: this.config.ERP_OWNER_EMAIL.toLowerCase(),
          fullName: 'Owner',
          role: UserRole.Owner,
          status: UserStatus.Approved,
          permissions: [...allPermissions],
          company: null,
          phone: null,
          passwordHash,
        },
        manager,
      );
      return true;
    });
    if (!created) return;
    const username = this.config.ERP_OWNER_USERNAME;
    if (generated) {
      // Printed once, on purpose: the only way to learn a password nobody chose.
      this.logger.warn(`Owner account created. Sign in as "${username}" with the password: ${password}`);
    } else {
      this.logger.log(`Owner account "${username}" created from ERP_OWNER_PASSWORD`);
    }
  }

  /** CONTRACT §14 holds for the first password too: a weak ERP_OWNER_PASSWORD stops the start, saying why. */
  private checkPolicy(password: string): void {
    try {
      this.policy.check(password, { username: this.config.ERP_OWNER_USERNAME, email: this.config.ERP_OWNER_EMAIL });
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      throw new Error(
        `ERP_OWNER_PASSWORD does not meet the password policy (${error.message.replace(/^Password /, 'it ')}): ` +
          'choose another, or leave it unset to have one generated',
        { cause: error },
      );
    }
  }
}
