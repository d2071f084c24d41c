import {
  AppException,
  defaultCompanySettings,
  IdentityErrorCode,
  UserRole,
  UserStatus,
  type CompanySettingsDto,
  type UpdateSettingsDto,
} from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { IdentityConfig } from '../identity.config.js';
import { UsersRepository } from '../users/users.repository.js';
import { readLogo } from './logo-file.js';
import type { SettingValue } from './setting.entity.js';
import { SettingsRepository } from './settings.repository.js';

/** Where logos are written, under ERP_DATA_DIR/uploads, which the gateway serves at /uploads. */
export const LOGO_FOLDER = 'logos';
const LOGO_KEY = 'logo';

@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly users: UsersRepository,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async get(): Promise<CompanySettingsDto> {
    const rows = await this.settings.findAll();
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const logo = typeof stored[LOGO_KEY] === 'string' ? stored[LOGO_KEY] : null;
    const updatedAt = rows.reduce<Date | null>(
      (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
      null,
    );
    const known = Object.fromEntries(
      Object.keys(defaultCompanySettings)
        .filter((key) => key !== 'logoUrl' && key in stored)
        .map((key) => [key, stored[key]]),
    );
    return {
      ...defaultCompanySettings,
      ...known,
      logoUrl: logo ? `/uploads/${logo}` : null,
      updatedAt: updatedAt?.toISOString() ?? null,
    };
  }

  async update(dto: UpdateSettingsDto, actorId: string | undefined): Promise<CompanySettingsDto> {
    await this.administrator(actorId);
    const changes = Object.fromEntries(
      Object.entries(dto).filter((entry): entry is [string, SettingValue] => entry[1] !== undefined),
    );
    await this.settings.upsert(changes, actorId ?? null);
    return this.get();
  }

  /** Stores the file under a name from its content, so a new logo never hides behind a cached old one. */
  async uploadLogo(imageBase64: string, actorId: string | undefined): Promise<CompanySettingsDto> {
    await this.administrator(actorId);
    const logo = await readLogo(imageBase64);
    const name = `${createHash('sha256').update(logo.bytes).digest('hex').slice(0, 24)}.${logo.type}`;
    const folder = join(resolve(this.config.ERP_DATA_DIR), 'uploads', LOGO_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), logo.bytes);
    await this.settings.upsert({ [LOGO_KEY]: `${LOGO_FOLDER}/${name}` }, actorId ?? null);
    return this.get();
  }

  private async administrator(actorId: string | undefined): Promise<void> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    const allowed =
      actor?.status === UserStatus.Approved && (actor.role === UserRole.Owner || actor.role === UserRole.Admin);
    if (!allowed) {
      throw new AppException(IdentityErrorCode.AdminRequired, 'Only an admin or owner can change company settings');
    }
  }
}
