import type { ExpiringBatchDto, StockPackDto, StockUnit } from '@erp/contracts';
import { quantityJson } from '@erp/common';
import type { ExpiringBatchRow } from './batches.repository.js';

export function toExpiringBatchDto(row: ExpiringBatchRow, packs: StockPackDto[]): ExpiringBatchDto {
  return {
    id: row.id,
    stockItemId: row.stock_item_id,
    name: row.name,
    nameAr: row.name_ar,
    batchNumber: row.batch_number,
    quantity: quantityJson(row.quantity),
    unit: row.unit as StockUnit,
    packs,
    expiryDate: row.expiry_date,
    daysUntilExpiry: Number(row.days_until_expiry),
  };
}
