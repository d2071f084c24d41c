import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DemoRequestEntity } from './demo-request.entity.js';

@Injectable()
export class DemoRequestsRepository {
  constructor(@InjectRepository(DemoRequestEntity) private readonly rows: Repository<DemoRequestEntity>) {}

  insert(values: Omit<DemoRequestEntity, 'id' | 'createdAt'>): Promise<DemoRequestEntity> {
    return this.rows.save(this.rows.create(values));
  }

  findNewestFirst(): Promise<DemoRequestEntity[]> {
    return this.rows.find({ order: { createdAt: 'DESC' } });
  }
}
