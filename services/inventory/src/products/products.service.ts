import { moneyJson, quantityJson } from '@erp/common';
import type { ListProductsDto, ProductBatchDto, ProductDto, SerializedProductPageDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BatchesRepository } from '../batches/batches.repository.js';
import { toStockPackDto } from '../packs/packs.js';
import { type ProductRow, StockItemsRepository } from '../stock-items/stock-items.repository.js';

function toProductDto(row: ProductRow, batches: ProductBatchDto[] | undefined): ProductDto {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    sku: row.sku,
    quantity: quantityJson(row.quantity),
    unit: row.unit,
    costPrice: moneyJson(row.costPrice),
    sellingPrice: moneyJson(row.sellingPrice),
    lowStockThreshold: quantityJson(row.lowStockThreshold),
    packs: row.packs.map((pack) => toStockPackDto(pack, row.sellingPrice)),
    updatedAt: row.updatedAt,
    ...(batches ? { batches } : {}),
  };
}

/**
 * Products of the partner API (CONTRACT §7): stock items paged by name, or by last change for
 * syncing; one extra row tells whether another page follows, so nothing is counted unless asked.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly items: StockItemsRepository,
    private readonly batches: BatchesRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(query: ListProductsDto): Promise<SerializedProductPageDto> {
    const page = await this.items.findProductPage({
      search: query.search,
      updatedSince: query.updatedSince,
      limit: query.limit + 1,
      offset: query.offset,
      withTotal: query.withTotal === true,
    });
    const rows = page.rows.slice(0, query.limit);
    const batchesByItem = query.include === 'batches' ? await this.batchesOf(rows.map((row) => row.id)) : null;
    const items = rows.map((row) => toProductDto(row, batchesByItem ? (batchesByItem.get(row.id) ?? []) : undefined));
    return {
      items: JSON.stringify(items),
      count: items.length,
      hasMore: page.rows.length > query.limit,
      total: page.total,
    };
  }

  /** Batches that hold stock, earliest expiry first. */
  private async batchesOf(itemIds: string[]): Promise<Map<string, ProductBatchDto[]>> {
    const batches = await this.batches.findStockedOf(itemIds, this.dataSource.manager);
    const byItem = new Map<string, ProductBatchDto[]>();
    for (const batch of batches) {
      byItem.set(batch.stockItemId, [
        ...(byItem.get(batch.stockItemId) ?? []),
        { batchNumber: batch.batchNumber, quantity: quantityJson(batch.quantity), expiryDate: batch.expiryDate },
      ]);
    }
    return byItem;
  }
}
