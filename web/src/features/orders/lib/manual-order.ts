import type { PriceSource, StockItemDto } from '@erp/contracts';
import type { CreateManualOrderRequest, ManualOrderItemRequest, OrderOrigin } from '../api/orders-api';
import {
  checkDecimal,
  convertScaledQuantity,
  DISCOUNT_SCALE,
  discountedLineTotalCents,
  latinDigits,
  MONEY_SCALE,
  moneyText,
  parseScaled,
  QUANTITY_SCALE,
  quantityText,
  quantityTextOfNumber,
  scaledToString,
} from '../../../lib/decimal';

/** SPEC §9: a new line's unit is "piece" and its quantity 1. */
export const DEFAULT_UNIT = 'piece';
export const DEFAULT_QUANTITY = '1';
/** The server keeps units of up to 20 characters. */
export const UNIT_MAX_LENGTH = 20;

/** A unit a stock item is sold in (CONTRACT §10): its factor in base units and, when known, its price. */
export interface UnitChoice {
  unit: string;
  /** Base units in one; 1 for the base unit. */
  factor: number;
  price: string | null;
  priceSource: PriceSource | null;
}

/** The stock item a line is linked to (SPEC §2: picking one fills the line). */
export interface LinkedStockItem {
  id: string;
  sku: string;
  name: string;
  /** Its base unit first, then its packs, when known (a picked item); else the quote tells them. */
  units?: readonly UnitChoice[];
}

/**
 * What the line says about its unit next to the field: a quantity converted to a new unit, a unit
 * switched when the line was linked to an item not sold in the old one, a unit changed with the
 * quantity kept (the old unit's size unknown), or a unit the linked item is not sold in.
 */
export type UnitNote =
  | { kind: 'converted'; fromQuantity: string; fromUnit: string; toQuantity: string; toUnit: string; exact: boolean }
  | { kind: 'switched'; fromUnit: string; toUnit: string }
  | { kind: 'kept'; fromUnit: string; toUnit: string }
  | { kind: 'notSold'; unit: string; units?: readonly string[] };

/** A price the AI parse gave a line (docs/api/ai-intake.md): for that item and unit, `pricing`'s. */
export interface ParsedPrice {
  stockItemId: string;
  unit: string;
  price: string;
  /** The parse result's `pricing`: `client`, `catalogue` or `catalogue (… failed: …)`. */
  pricing: string;
}

/** One editable line of the Create Manual Order form; numbers kept as typed. */
export interface OrderLine {
  key: string;
  stockItem: LinkedStockItem | null;
  itemName: string;
  itemNameAr: string;
  quantity: string;
  unit: string;
  /** As typed; empty on a linked line: the server prices it (the quote shows how). */
  unitPrice: string;
  /** 0–100, as typed; empty is none. */
  discountPercent: string;
  unitNote: UnitNote | null;
  /** A line read by AI: the price the parse found. */
  parsedPrice?: ParsedPrice | null;
  /** A line read by AI: its wording (the parse result's `phrase`), sent back with the order. */
  phrase?: string;
}

export type OrderLineField = 'itemName' | 'quantity' | 'unit' | 'unitPrice' | 'discountPercent';

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
    discountPercent: '',
    unitNote: null,
  };
}

/** A stock item's units: its base unit at its selling price, then each pack at the pack's price. */
export function unitsOfStockItem(item: StockItemDto): UnitChoice[] {
  return [
    { unit: item.unit, factor: 1, price: item.sellingPrice, priceSource: 'item' },
    ...(item.packs ?? []).map((pack) => ({
      unit: pack.unit,
      factor: pack.factor,
      price: pack.price,
      priceSource: 'pack' as const,
    })),
  ];
}

export function linkOfStockItem(item: StockItemDto): LinkedStockItem {
  return { id: item.id, sku: item.sku, name: item.name, units: unitsOfStockItem(item) };
}

/** What unit changes read and write on a line (the form's, or an edited order line's draft). */
export type UnitLine = Pick<OrderLine, 'quantity' | 'unit' | 'unitPrice' | 'unitNote'>;

/** The line is as a new line starts: nothing typed in its quantity or unit. */
function untouchedQuantity(line: UnitLine): boolean {
  return line.unit === DEFAULT_UNIT && latinDigits(line.quantity).trim() === DEFAULT_QUANTITY;
}

/**
 * A line's unit once linked to an item sold in `units`: kept when the item is sold in it; else the
 * item's base unit, said next to the field with the quantity left for the user to check (a number
 * meant for another unit is never kept silently). A typed price is dropped: the item's price for
 * the client (the quote) applies. Units not known: the unit stays (the field asks when they are).
 */
export function relinkUnit<Line extends UnitLine>(line: Line, units: readonly UnitChoice[] | undefined): Line {
  const relinked: Line = { ...line, unitPrice: '', unitNote: null };
  if (!units || units.length === 0 || units.some((choice) => choice.unit === line.unit)) return relinked;
  const base = units[0]!.unit;
  const note: UnitNote | null = untouchedQuantity(line)
    ? null
    : { kind: 'switched', fromUnit: line.unit, toUnit: base };
  return { ...relinked, unit: base, unitNote: note };
}

/** Links a line to a stock item (picked, suggested or created): its names, and its unit as `relinkUnit` says. */
export function linkLine(line: OrderLine, link: LinkedStockItem, names: { name: string; nameAr: string }): OrderLine {
  return relinkUnit({ ...line, stockItem: link, itemName: names.name, itemNameAr: names.nameAr }, link.units);
}

/** Picking a stock item fills the line's names and links it (its unit as `linkLine` says). */
export function fillFromStockItem(line: OrderLine, item: StockItemDto): OrderLine {
  return linkLine(line, linkOfStockItem(item), { name: item.name, nameAr: item.nameAr ?? '' });
}

/** A factor (a JSON number of up to 3 decimals) in thousandths. */
function factorThousandths(factor: number): bigint | null {
  const value = parseScaled(quantityTextOfNumber(factor), QUANTITY_SCALE);
  return value !== null && value > 0n ? value : null;
}

/**
 * Another unit of a linked line: its quantity converted (quantity × old factor / new factor, to 3
 * decimals) and said next to the field; when the old unit is not one of the item's, the quantity
 * stays and is to be checked. A typed price is dropped: the new unit's price applies.
 */
export function changeLineUnit<Line extends UnitLine>(line: Line, unit: string, units: readonly UnitChoice[]): Line {
  if (unit === line.unit) return line;
  const changed: Line = { ...line, unit, unitPrice: '', unitNote: null };
  const from = units.find((choice) => choice.unit === line.unit);
  const to = units.find((choice) => choice.unit === unit);
  const fromFactor = from ? factorThousandths(from.factor) : null;
  const toFactor = to ? factorThousandths(to.factor) : null;
  const quantity = quantityOf(line);
  if (fromFactor === null || toFactor === null) {
    return { ...changed, unitNote: { kind: 'kept', fromUnit: line.unit, toUnit: unit } };
  }
  if (quantity === null) return changed;
  const converted = convertScaledQuantity(quantity, fromFactor, toFactor);
  if (converted.thousandths <= 0n) return { ...changed, unitNote: { kind: 'kept', fromUnit: line.unit, toUnit: unit } };
  const toQuantity = scaledToString(converted.thousandths, QUANTITY_SCALE);
  return {
    ...changed,
    quantity: toQuantity,
    unitNote: {
      kind: 'converted',
      fromQuantity: scaledToString(quantity, QUANTITY_SCALE),
      fromUnit: line.unit,
      toQuantity,
      toUnit: unit,
      exact: converted.exact,
    },
  };
}

/** The quantity is typed again: a note about an earlier conversion is done with (not a unit to choose). */
export function setLineQuantity<Line extends UnitLine>(line: Line, quantity: string): Line {
  return { ...line, quantity, unitNote: line.unitNote?.kind === 'notSold' ? line.unitNote : null };
}

/** Where a line's price comes from when none is typed. */
export type PriceHintSource = PriceSource | 'client' | 'catalogue';

export interface PriceHint {
  price: string;
  source: PriceHintSource;
  /** The client's price list, for `price_list`. */
  listName: string | null;
}

/** A linked item as the quote priced it for the client (POST /api/orders/quote). */
export interface QuotedItem {
  units: readonly UnitChoice[];
}

/** The quote's answer by stock item, and the client's price list. */
export interface QuoteBook {
  items: ReadonlyMap<string, QuotedItem>;
  priceListName: string | null;
}

export const emptyQuoteBook: QuoteBook = { items: new Map(), priceListName: null };

/** What pricing reads of a line (the form's, or an edited order line's draft). */
export type PricedLine = Pick<OrderLine, 'stockItem' | 'unit' | 'quantity' | 'unitPrice' | 'discountPercent'> & {
  parsedPrice?: ParsedPrice | null;
  unitNote?: UnitNote | null;
};

/** The units a linked line may be in: the quote's, else the picked item's; null while unknown or not linked. */
export function lineUnitsOf(line: PricedLine, book: QuoteBook = emptyQuoteBook): readonly UnitChoice[] | null {
  if (!line.stockItem) return null;
  return book.items.get(line.stockItem.id)?.units ?? line.stockItem.units ?? null;
}

/**
 * The price a linked line without a typed one gets: the quote's for the client, else the AI
 * parse's (for that item and unit), else the picked item's own. Null when not linked or unknown.
 */
export function priceHintOf(line: PricedLine, book: QuoteBook = emptyQuoteBook): PriceHint | null {
  if (!line.stockItem) return null;
  const quoted = book.items.get(line.stockItem.id)?.units.find((choice) => choice.unit === line.unit);
  if (quoted?.price && quoted.priceSource) {
    return {
      price: quoted.price,
      source: quoted.priceSource,
      listName: quoted.priceSource === 'price_list' ? book.priceListName : null,
    };
  }
  const parsed = line.parsedPrice;
  if (parsed && parsed.stockItemId === line.stockItem.id && parsed.unit === line.unit) {
    return { price: parsed.price, source: parsed.pricing === 'client' ? 'client' : 'catalogue', listName: null };
  }
  const own = line.stockItem.units?.find((choice) => choice.unit === line.unit);
  return own?.price && own.priceSource ? { price: own.price, source: own.priceSource, listName: null } : null;
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

/** The discount in hundredths of a percent (empty: 0), or null when it is not 0–100 with 2 decimals. */
export function discountOf(line: Pick<OrderLine, 'discountPercent'>): bigint | null {
  if (!line.discountPercent.trim()) return 0n;
  if (checkDecimal(line.discountPercent, { scale: DISCOUNT_SCALE }) !== null) return null;
  const value = parseScaled(line.discountPercent, DISCOUNT_SCALE);
  return value !== null && value <= 100n * 10n ** BigInt(DISCOUNT_SCALE) ? value : null;
}

/** The price the line is at: the typed one, else (a linked line) the hint's. In cents, or null. */
export function effectivePriceOf(line: PricedLine, hint: PriceHint | null): bigint | null {
  if (line.unitPrice.trim()) return unitPriceOf(line);
  return line.stockItem && hint ? parseScaled(hint.price, MONEY_SCALE) : null;
}

/**
 * The line total in cents as the server will compute it (CONTRACT §10: round(quantity × price ×
 * (1 − discount/100), 2)); null while quantity, price or discount is not valid.
 */
export function lineTotalOf(line: PricedLine, hint: PriceHint | null = null): bigint | null {
  const quantity = quantityOf(line);
  const price = effectivePriceOf(line, hint);
  const discount = discountOf(line);
  return quantity === null || price === null || discount === null
    ? null
    : discountedLineTotalCents(quantity, price, discount);
}

/** The sum of the line totals that can be computed, in cents. */
export function grandTotalOf(lines: readonly OrderLine[], book: QuoteBook = emptyQuoteBook): bigint {
  return lines.reduce((sum, line) => sum + (lineTotalOf(line, priceHintOf(line, book)) ?? 0n), 0n);
}

/** An untouched line (nothing typed, nothing picked) is left out rather than refused. */
export function isBlankLine(line: OrderLine): boolean {
  return (
    !line.stockItem &&
    !line.itemName.trim() &&
    !line.itemNameAr.trim() &&
    !line.unitPrice.trim() &&
    !line.discountPercent.trim() &&
    (!line.quantity.trim() || latinDigits(line.quantity).trim() === DEFAULT_QUANTITY)
  );
}

/** A linked line's unit is one its item is sold in (while its units are not known yet, it may be). */
export function unitSoldOf(line: PricedLine, book: QuoteBook = emptyQuoteBook): boolean {
  if (line.unitNote?.kind === 'notSold') return false;
  const units = lineUnitsOf(line, book);
  return !units || units.some((choice) => choice.unit === line.unit);
}

/**
 * What is wrong with a line (SPEC §5: a name, a positive quantity, a valid price; CONTRACT §10: a
 * linked line's unit one its item is sold in, its price optional, a discount of 0–100).
 */
export function invalidFieldsOf(line: OrderLine, book: QuoteBook = emptyQuoteBook): OrderLineField[] {
  const fields: OrderLineField[] = [];
  if (!line.itemName.trim()) fields.push('itemName');
  if (quantityOf(line) === null) fields.push('quantity');
  if (!unitSoldOf(line, book)) fields.push('unit');
  const priceNeeded = !line.stockItem || line.unitPrice.trim() !== '';
  if (priceNeeded && unitPriceOf(line) === null) fields.push('unitPrice');
  if (discountOf(line) === null) fields.push('discountPercent');
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

export function checkManualOrder(values: ManualOrderValues, book: QuoteBook = emptyQuoteBook): ManualOrderCheck {
  const lines = values.lines.filter((line) => !isBlankLine(line));
  const invalid: Record<string, OrderLineField[]> = {};
  for (const line of lines) {
    const fields = invalidFieldsOf(line, book);
    if (fields.length > 0) invalid[line.key] = fields;
  }
  const problem = lines.length === 0 ? 'noItems' : Object.keys(invalid).length > 0 ? 'invalidItems' : null;
  return { problem, invalid, clientMissing: !values.clientName.trim() };
}

/** One line as the API takes it (a new order's line, or a line added to an order being edited). */
export function toItemRequest(line: OrderLine): ManualOrderItemRequest {
  const item: ManualOrderItemRequest = {
    itemName: line.itemName.trim(),
    quantity: quantityText(line.quantity) ?? line.quantity.trim(),
    unit: line.unit.trim() || DEFAULT_UNIT,
  };
  // A linked line without a typed price is priced by the server (the client's price list, else the unit's).
  if (line.unitPrice.trim() || !line.stockItem) item.unitPrice = moneyText(line.unitPrice) ?? line.unitPrice.trim();
  const discount = discountOf(line);
  if (discount !== null && discount > 0n) item.discountPercent = scaledToString(discount, DISCOUNT_SCALE);
  if (line.itemNameAr.trim()) item.itemNameAr = line.itemNameAr.trim();
  if (line.stockItem) item.stockItemId = line.stockItem.id;
  if (line.phrase?.trim()) item.phrase = line.phrase.trim();
  return item;
}

/** The lines a request sends, in order (blank lines left out): the server's `items.N` is the Nth of these. */
export function sentLines(lines: readonly OrderLine[]): OrderLine[] {
  return lines.filter((line) => !isBlankLine(line));
}

/** POST /api/orders/manual from valid values: blank lines left out, numbers as exact decimal strings. */
export function toManualOrderRequest(values: ManualOrderValues): CreateManualOrderRequest {
  const request: CreateManualOrderRequest = {
    clientName: values.clientName.trim(),
    items: sentLines(values.lines).map(toItemRequest),
  };
  if (values.clientId) request.clientId = values.clientId;
  if (values.notes.trim()) request.notes = values.notes.trim();
  if (values.origin) Object.assign(request, values.origin);
  return request;
}
