import type { OrderItemDto, UpdateOrderItemRequest } from '../api/orders-api';
import {
  centsToString,
  DISCOUNT_SCALE,
  latinDigits,
  MONEY_SCALE,
  parseScaled,
  QUANTITY_SCALE,
  quantityText,
  quantityTextOfNumber,
  scaledToString,
} from '../../../lib/decimal';
import {
  DEFAULT_UNIT,
  discountOf,
  emptyOrderLine,
  relinkUnit,
  type OrderLine,
  type LinkedStockItem,
  type QuoteBook,
  unitSoldOf,
  type UnitNote,
} from './manual-order';

/** A line's quantity, unit, price, discount and stock link as set in Edit Order mode. */
export interface ItemDraft {
  quantity: string;
  /** A linked line: one of its item's units (CONTRACT §10); else the line's own, as it is. */
  unit: string;
  /** Empty on a line whose unit or item changed: the server prices it again for the client. */
  unitPrice: string;
  /** 0–100 as typed; empty is none. */
  discountPercent: string;
  /** The stock item the line is linked to; null is "None" (not linked). */
  stockItem: LinkedStockItem | null;
  unitNote: UnitNote | null;
}

/**
 * The Add Item line of Edit Order mode: a New Order line (picked from the catalogue or typed) with
 * SPEC §5's defaults, quantity 1 and price 0; picking an item clears the price for the server's.
 */
export function emptyNewItem(): OrderLine {
  return { ...emptyOrderLine(), unitPrice: '0' };
}

/**
 * The line's saved link. The order item carries the SKU but not the stock item's own name, so
 * the line's name stands in for it.
 */
export function linkOf(item: OrderItemDto): LinkedStockItem | null {
  return item.stockItemId ? { id: item.stockItemId, sku: item.sku ?? '', name: item.itemName } : null;
}

/** A discount as the field shows it: "" for none, else its shortest form ("12.5"). */
function discountText(discountPercent: number): string {
  return discountPercent > 0 ? quantityTextOfNumber(discountPercent) : '';
}

export function draftOf(item: OrderItemDto): ItemDraft {
  return {
    quantity: String(item.quantity),
    unit: item.unit,
    unitPrice: item.unitPrice,
    discountPercent: discountText(item.discountPercent),
    stockItem: linkOf(item),
    unitNote: null,
  };
}

/**
 * Another stock link for the line: its unit kept when the new item is sold in it, else the item's
 * base unit with the quantity to check; the price left to the server (CONTRACT §10).
 */
export function relinkDraft(draft: ItemDraft, stockItem: LinkedStockItem | null): ItemDraft {
  if (!stockItem) return { ...draft, stockItem: null, unitNote: null };
  return relinkUnit({ ...draft, stockItem }, stockItem.units);
}

/**
 * Units sold by weight or volume (docs/decisions/0005: "liter", "litre" and "l" are all `L`),
 * matched case-insensitively. Every other unit (piece, box, carton, bag, free text) is counted.
 */
const measuredUnits = new Set(['kg', 'g', 'l', 'ml', 'liter', 'litre']);

export function isMeasuredUnit(unit: string): boolean {
  return measuredUnits.has(unit.trim().toLowerCase());
}

/** The keyboard a line's quantity asks for: digits only for counted units, with a point for measured ones. */
export function editQuantityInputMode(unit: string): 'numeric' | 'decimal' {
  return isMeasuredUnit(unit) ? 'decimal' : 'numeric';
}

/**
 * SPEC §5 as decided in docs/decisions/0005 ("Order edit quantities"): a counted unit's quantity
 * is a whole number of at least 1; a weight or volume (kg, g, L, ml) is above 0 with at most 3
 * decimals. Anything else becomes 1. The unit defaults to a new line's (piece).
 */
export function normaliseEditQuantity(text: string, unit: string = DEFAULT_UNIT): string {
  const trimmed = latinDigits(text).trim();
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

/** What is wrong with a draft: a price that is typed but not one, a discount not 0–100, a unit its item is not sold in. */
export function invalidDraftFields(draft: ItemDraft, book: QuoteBook): Array<'unitPrice' | 'discountPercent' | 'unit'> {
  const fields: Array<'unitPrice' | 'discountPercent' | 'unit'> = [];
  if (draft.unitPrice.trim() && !isValidEditPrice(draft.unitPrice)) fields.push('unitPrice');
  if (discountOf(draft) === null) fields.push('discountPercent');
  if (!unitSoldOf(draft, book)) fields.push('unit');
  return fields;
}

/** Whether the draft links the line to another stock item than it is (or unlinks it). */
export function linkChanged(item: OrderItemDto, draft: ItemDraft): boolean {
  return (draft.stockItem?.id ?? null) !== (item.stockItemId ?? null);
}

/**
 * PATCH …/items/{itemId} for a line: only the fields that changed, or null. A quantity left
 * as it was is not touched (even one the table cannot type, such as 2.5 cartons). A new unit goes
 * with its quantity, as converted (CONTRACT §10: never a number meant for another unit). A changed
 * link sends `stockItemId`, null for "None"; the server then sets the line's SKU and cost, and
 * prices it again when no price is sent. An emptied price is not sent.
 */
export function itemChanges(orderId: string, item: OrderItemDto, draft: ItemDraft): UpdateOrderItemRequest | null {
  const request: UpdateOrderItemRequest = { orderId, itemId: item.id };
  const unitChanged = draft.unit !== item.unit;
  if (unitChanged) {
    request.unit = draft.unit;
    request.quantity = quantityText(draft.quantity) ?? normaliseEditQuantity(draft.quantity, draft.unit);
  } else if (draft.quantity.trim() !== String(item.quantity)) {
    const quantity = normaliseEditQuantity(draft.quantity, item.unit);
    if (parseScaled(quantity, QUANTITY_SCALE) !== parseScaled(String(item.quantity), QUANTITY_SCALE)) {
      request.quantity = quantity;
    }
  }
  const price = draft.unitPrice.trim() ? parseScaled(draft.unitPrice, MONEY_SCALE) : null;
  if (price !== null && price !== parseScaled(item.unitPrice, MONEY_SCALE)) {
    request.unitPrice = centsToString(price);
  }
  const discount = discountOf(draft);
  if (discount !== null && discount !== parseScaled(quantityTextOfNumber(item.discountPercent), DISCOUNT_SCALE)) {
    request.discountPercent = scaledToString(discount, DISCOUNT_SCALE);
  }
  if (linkChanged(item, draft)) request.stockItemId = draft.stockItem?.id ?? null;
  const changed = Object.keys(request).length > 2;
  return changed ? request : null;
}
