import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SettingEntity, type SettingValue } from './setting.entity.js';

@Injectable()
export class SettingsRepository {
  constructor(@InjectRepository(SettingEntity) private readonly rows: Repository<SettingEntity>) {}

  findAll(): Promise<SettingEntity[]> {
    return this.rows.find();
  }

  async upsert(values: Record<string, SettingValue>, updatedBy: string | null): Promise<void> {
    const updatedAt = new Date();
    const entries = Object.entries(values).map(([key, value]) => ({ key, value, updatedBy, updatedAt }));
    if (entries.length > 0) await this.rows.upsert(entries, ['key']);
  }
}
