import type { SkippedExpiredBatchDto, StockMoveLineDto, StockMoveResultDto } from '@erp/contracts';
import { Decimal } from 'decimal.js';
import { quantityJson } from '@erp/common';
import type { MoveLineView } from './stock-moves.repository.js';

/**
 * A move's answer from its lines: one entry per item, in the order the items were asked,
 * with the batches in the order they were used. The first answer and every repeat of it are
 * built the same way.
 */
export function toStockMoveResult(
  moveKey: string,
  views: readonly MoveLineView[],
  skippedExpiredBatches: SkippedExpiredBatchDto[],
  repeated: boolean,
): StockMoveResultDto {
  const byItem = new Map<string, { quantity: Decimal; line: StockMoveLineDto }>();
  for (const view of views) {
    let entry = byItem.get(view.stockItemId);
    if (!entry) {
      entry = { quantity: new Decimal(0), line: { stockItemId: view.stockItemId, quantity: 0, batches: [] } };
      byItem.set(view.stockItemId, entry);
    }
    entry.quantity = entry.quantity.plus(view.quantity);
    entry.line.batches.push({
      batchId: view.batchId,
      batchNumber: view.batchNumber,
      quantity: quantityJson(view.quantity),
      expiryDate: view.expiryDate,
    });
  }
  const lines = [...byItem.values()].map(({ quantity, line }) => ({ ...line, quantity: quantityJson(quantity) }));
  return { moveKey, lines, skippedExpiredBatches, repeated };
}
