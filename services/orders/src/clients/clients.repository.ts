import { containsPattern } from '@erp/common';
import type { ClientSortField, SortOrder } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { ClientEntity } from './client.entity.js';

export type NewClient = Omit<ClientEntity, 'id' | 'createdAt'>;

@Injectable()
export class ClientsRepository {
  constructor(@InjectRepository(ClientEntity) private readonly rows: Repository<ClientEntity>) {}

  insert(client: NewClient, manager?: EntityManager): Promise<ClientEntity> {
    const rows = manager ? manager.getRepository(ClientEntity) : this.rows;
    return rows.save(rows.create(client));
  }

  save(client: ClientEntity, manager?: EntityManager): Promise<ClientEntity> {
    return (manager ? manager.getRepository(ClientEntity) : this.rows).save(client);
  }

  /** The clients with these names (ignoring case and surrounding spaces), oldest first, locked for an update. */
  lockByNames(names: string[], manager: EntityManager): Promise<ClientEntity[]> {
    return this.byNames(names, manager.getRepository(ClientEntity).createQueryBuilder('client'))
      .setLock('pessimistic_write')
      .getMany();
  }

  findByNames(names: string[]): Promise<ClientEntity[]> {
    return this.byNames(names, this.rows.createQueryBuilder('client')).getMany();
  }

  private byNames(names: string[], builder: SelectQueryBuilder<ClientEntity>): SelectQueryBuilder<ClientEntity> {
    if (names.length === 0) return builder.where('false');
    return builder
      .where('lower(btrim(client.name)) IN (:...names)', { names: names.map((name) => name.trim().toLowerCase()) })
      .orderBy('client.createdAt')
      .addOrderBy('client.id');
  }

  /** The client with this WhatsApp number (other than `exceptId`), or null. */
  findByWhatsapp(number: string, exceptId?: string, manager?: EntityManager): Promise<ClientEntity | null> {
    const rows = manager ? manager.getRepository(ClientEntity) : this.rows;
    const builder = rows.createQueryBuilder('client').where('client.whatsapp = :number', { number });
    if (exceptId) builder.andWhere('client.id <> :exceptId', { exceptId });
    return builder.getOne();
  }

  countWithPriceList(priceListId: string): Promise<number> {
    return this.rows.countBy({ priceListId });
  }

  /**
   * The client; read in a transaction (`manager`), its row is key-share locked until the
   * transaction ends, so it cannot be deleted under an order being placed for it (a delete waits,
   * then counts the order).
   */
  findById(id: string, manager?: EntityManager): Promise<ClientEntity | null> {
    return this.locked(manager).where('client.id = :id', { id }).getOne();
  }

  /** The oldest client whose name is this one, ignoring case and surrounding spaces (locked as findById). */
  findByName(name: string, manager?: EntityManager): Promise<ClientEntity | null> {
    return this.locked(manager)
      .where('lower(btrim(client.name)) = lower(btrim(:name))', { name })
      .orderBy('client.createdAt')
      .addOrderBy('client.id')
      .limit(1)
      .getOne();
  }

  private locked(manager: EntityManager | undefined) {
    if (!manager) return this.rows.createQueryBuilder('client');
    return manager.getRepository(ClientEntity).createQueryBuilder('client').setLock('for_key_share');
  }

  /** Newest first unless sorted (ties by id); `search` matches name, Arabic name, phone or email anywhere. */
  async findPage(query: {
    search?: string;
    sort: SortOrder<ClientSortField> | null;
    limit: number;
    offset: number;
    withTotal: boolean;
  }): Promise<{ items: ClientEntity[]; total: number | null }> {
    const matching = () => {
      const builder = this.rows.createQueryBuilder('client');
      if (query.search) builder.where('client.search_key LIKE :pattern', { pattern: containsPattern(query.search) });
      return builder;
    };
    const order = query.sort ?? { field: 'createdAt', direction: 'desc' };
    const direction = order.direction === 'asc' ? 'ASC' : 'DESC';
    const page = matching()
      .orderBy(`client.${order.field}`, direction, direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST')
      .addOrderBy('client.id', direction)
      .limit(query.limit)
      .offset(query.offset);
    if (!query.withTotal) return { items: await page.getMany(), total: null };
    const [items, counted] = await Promise.all([
      page.getMany(),
      matching().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { items, total: counted?.total ?? 0 };
  }
}
