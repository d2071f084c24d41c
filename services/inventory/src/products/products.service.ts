import type { ListProductsDto, SerializedProductPageDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';

/**
 * Products of the partner API (CONTRACT §7): stock items paged by name, or by last change for
 * syncing; one extra row tells whether another page follows, so nothing is counted unless asked.
 * The items come from PostgreSQL already in JSON and are passed on as they are (issue #23).
 */
@Injectable()
export class ProductsService {
  constructor(private readonly items: StockItemsRepository) {}

  async list(query: ListProductsDto): Promise<SerializedProductPageDto> {
    const page = await this.items.findProductPage({
      search: query.search,
      updatedSince: query.updatedSince,
      limit: query.limit + 1,
      offset: query.offset,
      withTotal: query.withTotal === true,
      withBatches: query.include === 'batches',
    });
    const items = page.items.slice(0, query.limit);
    return {
      items: `[${items.join(',')}]`,
      count: items.length,
      hasMore: page.items.length > query.limit,
      total: page.total,
    };
  }
}
