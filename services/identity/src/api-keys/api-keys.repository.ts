import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly rows: Repository<ApiKeyEntity>) {}

  insert(values: Omit<ApiKeyEntity, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<ApiKeyEntity> {
    return this.rows.save(this.rows.create({ ...values, lastUsedAt: null }));
  }

  findByUserNewestFirst(userId: string): Promise<ApiKeyEntity[]> {
    return this.rows.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  findOwned(id: string, userId: string): Promise<ApiKeyEntity | null> {
    return this.rows.findOneBy({ id, userId });
  }

  findByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.rows.findOneBy({ keyHash });
  }

  findHashesOfUser(userId: string): Promise<string[]> {
    return this.rows
      .find({ where: { userId }, select: { keyHash: true } })
      .then((rows) => rows.map((row) => row.keyHash));
  }

  async remove(id: string): Promise<void> {
    await this.rows.delete({ id });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.rows.update({ id }, { lastUsedAt: at });
  }
}
