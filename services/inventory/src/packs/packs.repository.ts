import { readEntities } from '@erp/common';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { StockPackEntity } from './stock-pack.entity.js';

@Injectable()
export class PacksRepository {
  constructor(@InjectRepository(StockPackEntity) private readonly rows: Repository<StockPackEntity>) {}

  /** The packs of these items, by item, each item's in the order of their factors. */
  async findOf(itemIds: readonly string[], manager?: EntityManager): Promise<Map<string, StockPackEntity[]>> {
    const byItem = new Map<string, StockPackEntity[]>();
    if (itemIds.length === 0) return byItem;
    const builder = (manager ? manager.getRepository(StockPackEntity) : this.rows)
      .createQueryBuilder('pack')
      .where('pack.stock_item_id IN (:...ids)', { ids: [...itemIds] })
      .orderBy('pack.stock_item_id')
      .addOrderBy('pack.factor')
      .addOrderBy('pack.unit');
    // In a transaction through its manager; a plain read is mapped without TypeORM's hydration.
    const packs = manager ? await builder.getMany() : await readEntities(builder);
    for (const pack of packs) byItem.set(pack.stockItemId, [...(byItem.get(pack.stockItemId) ?? []), pack]);
    return byItem;
  }

  /** The item's packs become exactly these (in the caller's transaction, the item locked). */
  /** Packs of new items, in one statement. */
  async insert(packs: readonly StockPackEntity[], manager: EntityManager): Promise<void> {
    if (packs.length > 0) await manager.getRepository(StockPackEntity).insert([...packs]);
  }

  async replace(itemId: string, packs: Omit<StockPackEntity, 'stockItemId'>[], manager: EntityManager): Promise<void> {
    const repository = manager.getRepository(StockPackEntity);
    await repository.delete({ stockItemId: itemId });
    if (packs.length > 0) await repository.insert(packs.map((pack) => ({ ...pack, stockItemId: itemId })));
  }
}

/** The barcode's unique index refused a pack: another pack carries it. */
export function isBarcodeViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'stock_item_packs_barcode_key');
}
