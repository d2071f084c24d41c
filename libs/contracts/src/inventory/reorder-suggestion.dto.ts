import { IsIn, IsUUID } from 'class-validator';
import type { StockPackDto } from './stock-item.dto.js';
import type { StockUnit } from './units.js';

export const reorderUrgencies = ['low', 'medium', 'high', 'critical'] as const;
export type ReorderUrgency = (typeof reorderUrgencies)[number];

export const reorderStatuses = ['pending', 'approved', 'dismissed'] as const;
export type ReorderStatus = (typeof reorderStatuses)[number];

/** A reorder suggestion (SPEC §3); figures as computed by the run that wrote it. */
export interface ReorderSuggestionDto {
  id: string;
  stockItemId: string;
  /** Whole units. */
  suggestedQuantity: number;
  reason: string;
  reasonAr: string;
  urgency: ReorderUrgency;
  /** YYYY-MM-DD, null without demand. */
  estimatedStockoutDate: string | null;
  averageDailyConsumption: number;
  /** One decimal; null without demand. */
  daysOfStockRemaining: number | null;
  status: ReorderStatus;
  createdAt: string;
}

export interface ReorderSuggestionItemDto {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
  /** In the base unit, as are the suggestion's figures. */
  quantity: number;
  unit: StockUnit;
  /** The item's packs, so a screen can say quantities in them too. */
  packs: StockPackDto[];
}

/** An entry of GET /api/stock/reorder-suggestions: the suggestion and its item. */
export interface ReorderSuggestionEntryDto {
  suggestion: ReorderSuggestionDto;
  stockItem: ReorderSuggestionItemDto;
}

/** The answer of POST /api/stock/generate-reorder-suggestions: how many pending suggestions the run wrote. */
export interface GenerateReorderSuggestionsResultDto {
  generated: number;
}

/** PATCH /api/stock/reorder-suggestions/{id}: only a pending suggestion can be decided. */
export class DecideReorderSuggestionDto {
  @IsIn(['approved', 'dismissed'], { message: 'status must be approved or dismissed' })
  status: 'approved' | 'dismissed';
}

/** inventory.decide-reorder-suggestion: the suggestion's id with the decision. */
export class DecideReorderSuggestionRequestDto extends DecideReorderSuggestionDto {
  @IsUUID()
  id: string;
}
