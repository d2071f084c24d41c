import { StockStatus, type StockItemDto } from '@erp/contracts';
import { Decimal } from 'decimal.js';
import type { StockBatchEntity } from '../batches/stock-batch.entity.js';
import { moneyJson, quantityJson } from '@erp/common';
import { toStockPackDto } from '../packs/packs.js';
import type { StockPackEntity } from '../packs/stock-pack.entity.js';
import type { StockItemEntity } from './stock-item.entity.js';

/** Low Stock at or below the threshold (SPEC §4). */
export function stockStatus(item: Pick<StockItemEntity, 'quantity' | 'lowStockThreshold'>): StockStatus {
  return new Decimal(item.quantity).lte(item.lowStockThreshold) ? StockStatus.Low : StockStatus.InStock;
}

/** The item with the batch of it that holds stock and expires first (or null), and its packs. */
export function toStockItemDto(
  item: StockItemEntity,
  firstToExpire: StockBatchEntity | null,
  packs: readonly StockPackEntity[],
): StockItemDto {
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
    status: stockStatus(item),
    batchNumber: firstToExpire?.batchNumber ?? null,
    expiryDate: firstToExpire?.expiryDate ?? null,
    manufactureDate: firstToExpire?.manufactureDate ?? null,
    packs: packs.map((pack) => toStockPackDto(pack, item.sellingPrice)),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
