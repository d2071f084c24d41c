import type { StockItemDto } from '@erp/contracts';
import type { CreateManualOrderRequest, ManualOrderItemRequest, OrderOrigin } from '../api/orders-api';
import { lineTotalCents, MONEY_SCALE, moneyText, parseScaled, QUANTITY_SCALE, scaledToString } from './decimal';

/** SPEC §9: a new line's unit is "piece" and its quantity 1. */
export const DEFAULT_UNIT = 'piece';
export const DEFAULT_QUANTITY = '1';
/** The server keeps units of up to 20 characters. */
export const UNIT_MAX_LENGTH = 20;

/** The stock item a line is linked to (SPEC §2: picking one fills the line). */
export interface LinkedStockItem {
  id: string;
  sku: string;
  name: string;
}

/** One editable line of the Create Manual Order form; numbers kept as typed. */
export interface OrderLine {
  key: string;
  stockItem: LinkedStockItem | null;
  itemName: string;
  itemNameAr: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  /** A line read by AI: its wording (the parse result's `phrase`), sent back with the order. */
  phrase?: string;
}

export type OrderLineField = 'itemName' | 'quantity' | 'unitPrice';

let nextKey = 1;

export function emptyOrderLine(): OrderLine {
  return {
    key: `line-${nextKey++}`,
    stockItem: null,
    itemName: '',
    itemNameAr: '',
    quantity: DEFAULT_QUANTITY,
    unit: DEFAULT_UNIT,
    unitPrice: '',
  };
}

/** Picking a stock item fills the line's names, unit and price (its selling price) and links it. */
export function fillFromStockItem(line: OrderLine, item: StockItemDto): OrderLine {
  return {
    ...line,
    stockItem: { id: item.id, sku: item.sku, name: item.name },
    itemName: item.name,
    itemNameAr: item.nameAr ?? '',
    unit: item.unit,
    unitPrice: item.sellingPrice,
  };
}

/** An untouched line (nothing typed, nothing picked) is left out rather than refused. */
export function isBlankLine(line: OrderLine): boolean {
  return (
    !line.stockItem &&
    !line.itemName.trim() &&
    !line.itemNameAr.trim() &&
    !line.unitPrice.trim() &&
    (!line.quantity.trim() || line.quantity.trim() === DEFAULT_QUANTITY)
  );
}

/** Quantity in thousandths when above 0, else null. */
export function quantityOf(line: Pick<OrderLine, 'quantity'>): bigint | null {
  const quantity = parseScaled(line.quantity, QUANTITY_SCALE);
  return quantity !== null && quantity > 0n ? quantity : null;
}

/** Unit price in cents when 0 or more, else null. */
export function unitPriceOf(line: Pick<OrderLine, 'unitPrice'>): bigint | null {
  const price = parseScaled(line.unitPrice, MONEY_SCALE);
  return price !== null && price >= 0n ? price : null;
}

/** The line total in cents, as the server will compute it; null while quantity or price is not valid. */
export function lineTotalOf(line: Pick<OrderLine, 'quantity' | 'unitPrice'>): bigint | null {
  const quantity = quantityOf(line);
  const price = unitPriceOf(line);
  return quantity === null || price === null ? null : lineTotalCents(quantity, price);
}

/** The sum of the line totals that can be computed, in cents. */
export function grandTotalOf(lines: readonly OrderLine[]): bigint {
  return lines.reduce((sum, line) => sum + (lineTotalOf(line) ?? 0n), 0n);
}

/** What is wrong with a line (SPEC §5: a name, a positive quantity and a valid price). */
export function invalidFieldsOf(line: OrderLine): OrderLineField[] {
  const fields: OrderLineField[] = [];
  if (!line.itemName.trim()) fields.push('itemName');
  if (quantityOf(line) === null) fields.push('quantity');
  if (unitPriceOf(line) === null) fields.push('unitPrice');
  return fields;
}

export interface ManualOrderValues {
  clientName: string;
  clientId: string | null;
  notes: string;
  lines: readonly OrderLine[];
  /** An order read by AI: what it was read from. */
  origin?: OrderOrigin;
}

export interface ManualOrderCheck {
  /** SPEC §5's two refusals, each shown as a toast. */
  problem: 'noItems' | 'invalidItems' | null;
  /** The invalid fields of each line, by line key. */
  invalid: Record<string, OrderLineField[]>;
  clientMissing: boolean;
}

export function checkManualOrder(values: ManualOrderValues): ManualOrderCheck {
  const lines = values.lines.filter((line) => !isBlankLine(line));
  const invalid: Record<string, OrderLineField[]> = {};
  for (const line of lines) {
    const fields = invalidFieldsOf(line);
    if (fields.length > 0) invalid[line.key] = fields;
  }
  const problem = lines.length === 0 ? 'noItems' : Object.keys(invalid).length > 0 ? 'invalidItems' : null;
  return { problem, invalid, clientMissing: !values.clientName.trim() };
}

/** A valid quantity in its shortest form ("02.50" -> "2.5"). */
function quantityText(text: string): string {
  const value = parseScaled(text, QUANTITY_SCALE);
  return value === null ? text.trim() : scaledToString(value, QUANTITY_SCALE);
}

function toItemRequest(line: OrderLine): ManualOrderItemRequest {
  const item: ManualOrderItemRequest = {
    itemName: line.itemName.trim(),
    quantity: quantityText(line.quantity),
    unit: line.unit.trim() || DEFAULT_UNIT,
    unitPrice: moneyText(line.unitPrice) ?? line.unitPrice.trim(),
  };
  if (line.itemNameAr.trim()) item.itemNameAr = line.itemNameAr.trim();
  if (line.stockItem) item.stockItemId = line.stockItem.id;
  if (line.phrase?.trim()) item.phrase = line.phrase.trim();
  return item;
}

/** POST /api/orders/manual from valid values: blank lines left out, numbers as exact decimal strings. */
export function toManualOrderRequest(values: ManualOrderValues): CreateManualOrderRequest {
  const request: CreateManualOrderRequest = {
    clientName: values.clientName.trim(),
    items: values.lines.filter((line) => !isBlankLine(line)).map(toItemRequest),
  };
  if (values.clientId) request.clientId = values.clientId;
  if (values.notes.trim()) request.notes = values.notes.trim();
  if (values.origin) Object.assign(request, values.origin);
  return request;
}
