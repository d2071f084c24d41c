import { IsIn, IsInt, IsNotEmpty, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { EmptyToUndefined, IfPresent, Trim } from '../common/transforms.js';
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
  /** What was approved (whole base units); null until approved. */
  approvedQuantity: number | null;
  /** The purchase order an approval with a supplier made. */
  purchaseOrder: { id: string; number: string } | null;
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

  /** Approval only: the quantity to order, whole base units (the suggested one when absent). */
  @IfPresent()
  @IsInt({ message: 'quantity must be a whole number of base units' })
  @Min(1)
  @Max(100_000_000)
  quantity?: number;

  /** Approval only: the supplier to order from (found by name, created when new); makes a purchase order. */
  @EmptyToUndefined()
  @Trim()
  @IfPresent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  supplierName?: string;
}

/** inventory.decide-reorder-suggestion: the suggestion's id with the decision. */
export class DecideReorderSuggestionRequestDto extends DecideReorderSuggestionDto {
  @IsUUID()
  id: string;
}
