import type { OrderItemDto, UpdateOrderItemRequest } from '../api/orders-api';
import { centsToString, MONEY_SCALE, parseScaled, QUANTITY_SCALE, scaledToString } from './decimal';
import { DEFAULT_UNIT, type LinkedStockItem } from './manual-order';

/** A line's quantity, unit price and stock link as set in Edit Order mode. */
export interface ItemDraft {
  quantity: string;
  unitPrice: string;
  /** The stock item the line is linked to; null is "None" (not linked). */
  stockItem: LinkedStockItem | null;
}

/** The Add Item row of Edit Order mode (SPEC §5: quantity 1 and price 0 by default). */
export interface NewItemDraft {
  itemName: string;
  quantity: string;
  unitPrice: string;
}

export const emptyNewItem: NewItemDraft = { itemName: '', quantity: '1', unitPrice: '0' };

/**
 * The line's saved link. The order item carries the SKU but not the stock item's own name, so
 * the line's name stands in for it.
 */
export function linkOf(item: OrderItemDto): LinkedStockItem | null {
  return item.stockItemId ? { id: item.stockItemId, sku: item.sku ?? '', name: item.itemName } : null;
}

export function draftOf(item: OrderItemDto): ItemDraft {
  return { quantity: String(item.quantity), unitPrice: item.unitPrice, stockItem: linkOf(item) };
}

/**
 * Units sold by weight or volume (docs/decisions/0005: "liter", "litre" and "l" are all `L`),
 * matched case-insensitively. Every other unit (piece, box, carton, bag, free text) is counted.
 */
const measuredUnits = new Set(['kg', 'g', 'l', 'ml', 'liter', 'litre']);

export function isMeasuredUnit(unit: string): boolean {
  return measuredUnits.has(unit.trim().toLowerCase());
}

/** The quantity input of a line: whole steps for counted units, thousandths for measured ones. */
export function editQuantityInput(unit: string): { inputMode: 'numeric' | 'decimal'; min: number; step: number } {
  return isMeasuredUnit(unit)
    ? { inputMode: 'decimal', min: 0.001, step: 0.001 }
    : { inputMode: 'numeric', min: 1, step: 1 };
}

/**
 * SPEC §5 as decided in docs/decisions/0005 ("Order edit quantities"): a counted unit's quantity
 * is a whole number of at least 1; a weight or volume (kg, g, L, ml) is above 0 with at most 3
 * decimals. Anything else becomes 1. The unit defaults to a new line's (piece).
 */
export function normaliseEditQuantity(text: string, unit: string = DEFAULT_UNIT): string {
  const trimmed = text.trim();
  if (isMeasuredUnit(unit)) {
    const value = parseScaled(trimmed, QUANTITY_SCALE);
    return value !== null && value > 0n ? scaledToString(value, QUANTITY_SCALE) : '1';
  }
  if (!/^\d+$/.test(trimmed)) return '1';
  const value = BigInt(trimmed);
  return value >= 1n ? String(value) : '1';
}

/** A unit price of 0 or more with at most 2 decimals. */
export function isValidEditPrice(text: string): boolean {
  const price = parseScaled(text, MONEY_SCALE);
  return price !== null && price >= 0n;
}

/** Whether the draft links the line to another stock item than it is (or unlinks it). */
export function linkChanged(item: OrderItemDto, draft: ItemDraft): boolean {
  return (draft.stockItem?.id ?? null) !== (item.stockItemId ?? null);
}

/**
 * PATCH …/items/{itemId} for a line: only the fields that changed, or null. A quantity left
 * as it was is not touched (even one the table cannot type, such as 2.5 cartons). A changed
 * link sends `stockItemId`, null for "None"; the server then sets the line's SKU and cost.
 */
export function itemChanges(orderId: string, item: OrderItemDto, draft: ItemDraft): UpdateOrderItemRequest | null {
  const request: UpdateOrderItemRequest = { orderId, itemId: item.id };
  if (draft.quantity.trim() !== String(item.quantity)) {
    const quantity = normaliseEditQuantity(draft.quantity, item.unit);
    if (parseScaled(quantity, QUANTITY_SCALE) !== parseScaled(String(item.quantity), QUANTITY_SCALE)) {
      request.quantity = quantity;
    }
  }
  const price = parseScaled(draft.unitPrice, MONEY_SCALE);
  if (price !== null && price !== parseScaled(item.unitPrice, MONEY_SCALE)) {
    request.unitPrice = centsToString(price);
  }
  if (linkChanged(item, draft)) request.stockItemId = draft.stockItem?.id ?? null;
  const changed =
    request.quantity !== undefined || request.unitPrice !== undefined || request.stockItemId !== undefined;
  return changed ? request : null;
}
