import type { ListProductsDto, SerializedProductPageDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';

/**
 * Products of the partner API (CONTRACT §7): stock items paged by name, or by last change for
 * syncing; one extra row tells whether another page follows, so nothing is counted unless asked.
 * The page comes from PostgreSQL already in JSON and is passed on as it is (issue #23).
 */
@Injectable()
export class ProductsService {
  constructor(private readonly items: StockItemsRepository) {}

  list(query: ListProductsDto): Promise<SerializedProductPageDto> {
    return this.items.findProductPage({
      search: query.search,
      updatedSince: query.updatedSince,
      limit: query.limit,
      offset: query.offset,
      withTotal: query.withTotal === true,
      withBatches: query.include === 'batches',
    });
  }
}
