import { moneyJson, quantityJson } from '@erp/common';
import type { ListProductsDto, ProductBatchDto, ProductDto, ProductPageDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BatchesRepository } from '../batches/batches.repository.js';
import { toStockPackDto } from '../packs/packs.js';
import { PacksRepository } from '../packs/packs.repository.js';
import type { StockPackEntity } from '../packs/stock-pack.entity.js';
import type { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';

function toProductDto(
  item: StockItemEntity,
  packs: readonly StockPackEntity[],
  batches: ProductBatchDto[] | undefined,
): ProductDto {
  return {
    id: item.id,
    name: item.name,
    nameAr: item.nameAr,
    sku: item.sku,
    quantity: quantityJson(item.quantity),
    unit: item.unit,
    costPrice: moneyJson(item.costPrice),
    sellingPrice: moneyJson(item.sellingPrice),
    lowStockThreshold: quantityJson(item.lowStockThreshold),
    packs: packs.map((pack) => toStockPackDto(pack, item.sellingPrice)),
    updatedAt: item.updatedAt.toISOString(),
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
    private readonly packs: PacksRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(query: ListProductsDto): Promise<ProductPageDto> {
    const page = await this.items.findPage({
      search: query.search,
      updatedSince: query.updatedSince,
      limit: query.limit + 1,
      offset: query.offset,
      withTotal: query.withTotal === true,
    });
    const items = page.items.slice(0, query.limit);
    const [packs, batchesByItem] = await Promise.all([
      this.packs.findOf(items.map((item) => item.id)),
      query.include === 'batches' ? this.batchesOf(items) : null,
    ]);
    return {
      items: items.map((item) =>
        toProductDto(item, packs.get(item.id) ?? [], batchesByItem ? (batchesByItem.get(item.id) ?? []) : undefined),
      ),
      hasMore: page.items.length > query.limit,
      total: page.total,
    };
  }

  /** Batches that hold stock, earliest expiry first. */
  private async batchesOf(items: StockItemEntity[]): Promise<Map<string, ProductBatchDto[]>> {
    const batches = await this.batches.findStockedOf(
      items.map((item) => item.id),
      this.dataSource.manager,
    );
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
