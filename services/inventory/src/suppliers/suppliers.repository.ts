import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SupplierEntity } from './supplier.entity.js';

@Injectable()
export class SuppliersRepository {
  /**
   * The supplier with this name, compared case-insensitively, created when there is none. A
   * concurrent creation of the same name waits on the unique index and then finds the first.
   */
  async findOrCreateByName(name: string, manager: EntityManager): Promise<SupplierEntity> {
    await manager.query(`INSERT INTO inventory.suppliers (name) VALUES ($1) ON CONFLICT ((lower(name))) DO NOTHING`, [
      name,
    ]);
    return manager
      .getRepository(SupplierEntity)
      .createQueryBuilder('supplier')
      .where('lower(supplier.name) = lower(:name)', { name })
      .getOneOrFail();
  }
}
