import type { ReorderSuggestionDto, ReorderSuggestionEntryDto, StockPackDto } from '@erp/contracts';
import { quantityJson } from '@erp/common';
import type { StockItemEntity } from '../stock-items/stock-item.entity.js';
import type { ReorderSuggestionEntity } from './reorder-suggestion.entity.js';

export function toReorderSuggestionDto(
  row: ReorderSuggestionEntity,
  purchaseOrder: { id: string; number: string } | null = null,
): ReorderSuggestionDto {
  return {
    id: row.id,
    stockItemId: row.stockItemId,
    suggestedQuantity: row.suggestedQuantity,
    reason: row.reason,
    reasonAr: row.reasonAr,
    urgency: row.urgency,
    estimatedStockoutDate: row.estimatedStockoutDate,
    averageDailyConsumption: quantityJson(row.averageDailyConsumption),
    daysOfStockRemaining: row.daysOfStockRemaining === null ? null : Number(row.daysOfStockRemaining),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    approvedQuantity: row.approvedQuantity,
    purchaseOrder,
  };
}

export function toReorderSuggestionEntryDto(
  row: ReorderSuggestionEntity,
  item: StockItemEntity,
  packs: StockPackDto[],
): ReorderSuggestionEntryDto {
  return {
    suggestion: toReorderSuggestionDto(row),
    stockItem: {
      id: item.id,
      name: item.name,
      nameAr: item.nameAr,
      sku: item.sku,
      quantity: quantityJson(item.quantity),
      unit: item.unit,
      packs,
    },
  };
}
