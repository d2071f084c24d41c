import { Decimal } from 'decimal.js';
import type { FefoBatch } from './fefo.js';
import type { StockBatchEntity } from './stock-batch.entity.js';

export function toFefoBatch(batch: StockBatchEntity): FefoBatch {
  return {
    id: batch.id,
    batchNumber: batch.batchNumber,
    quantity: new Decimal(batch.quantity),
    expiryDate: batch.expiryDate,
    createdAt: batch.createdAt,
  };
}
