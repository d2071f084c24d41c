import type { PriceListDto, StockItemDto } from '@erp/contracts';
import { checkDecimal, MONEY_SCALE, moneyText, parseScaled } from '../../../lib/decimal';
import { isBlank } from '../../../lib/validation';
import type { CreatePriceListRequest, PriceListItemRequest, UpdatePriceListRequest } from '../api/price-lists-api';

/*
 * The price list dialog's form (CONTRACT §10): a name and a price per item and unit. Prices stay
 * text until the server reads them; the rules are the server's, checked before anything is sent.
 */

/** Longest name the server takes (CreatePriceListDto). */
export const NAME_MAX_LENGTH = 120;

/** The item a price is for, as far as the row knows it. */
export interface PriceRowItem {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string;
}

export interface PriceRow {
  /** Stable across edits and removals (React key, message key). */
  key: string;
  item: PriceRowItem | null;
  unit: string;
  price: string;
}

export interface PriceListFormValues {
  name: string;
  rows: PriceRow[];
}

export type PriceRowField = 'item' | 'unit' | 'price';

export interface PriceListFormErrors {
  name?: string;
  /** By row key. */
  rows: Record<string, Partial<Record<PriceRowField, string>>>;
}

/** A unit an item is sold in, and its own price in that unit (the item's, or its pack's). */
export interface ItemUnit {
  unit: string;
  /** Base units in one; 1 for the base unit. */
  factor: number;
  /** What it sells at without a price list. */
  price: string;
}

let rowCounter = 0;

function newRowKey(): string {
  rowCounter += 1;
  return `price-${rowCounter}`;
}

export function emptyPriceRow(): PriceRow {
  return { key: newRowKey(), item: null, unit: '', price: '' };
}

export const emptyPriceListForm: PriceListFormValues = { name: '', rows: [] };

/** A list's values in the form: its prices as the server keeps them ("67.90"). */
export function priceListFormOf(list: PriceListDto): PriceListFormValues {
  return {
    name: list.name,
    rows: (list.items ?? []).map((item) => ({
      key: newRowKey(),
      item: { id: item.stockItemId, name: item.itemName, nameAr: item.itemNameAr, sku: item.sku },
      unit: item.unit,
      price: item.price,
    })),
  };
}

/** The units an item is sold in: its base unit at its selling price, then its packs at theirs. */
export function unitsOfItem(item: Pick<StockItemDto, 'unit' | 'sellingPrice' | 'packs'>): ItemUnit[] {
  return [
    { unit: item.unit, factor: 1, price: item.sellingPrice },
    ...item.packs.map((pack) => ({ unit: pack.unit, factor: pack.factor, price: pack.price })),
  ];
}

/**
 * A row picks another item: the unit stays when the new item is sold in it, else it becomes the
 * item's base unit.
 */
export function chooseRowItem(row: PriceRow, item: StockItemDto): PriceRow {
  const units = unitsOfItem(item).map(({ unit }) => unit);
  return {
    ...row,
    item: { id: item.id, name: item.name, nameAr: item.nameAr, sku: item.sku },
    unit: units.includes(row.unit) ? row.unit : item.unit,
  };
}

/** The rules, as keys of the `price-lists` namespace. */
export function validatePriceListForm(values: PriceListFormValues): PriceListFormErrors {
  const errors: PriceListFormErrors = { rows: {} };
  if (isBlank(values.name)) errors.name = 'form.errors.nameRequired';
  else if (values.name.trim().length > NAME_MAX_LENGTH) errors.name = 'form.errors.nameTooLong';
  const seen = new Set<string>();
  for (const row of values.rows) {
    const own: Partial<Record<PriceRowField, string>> = {};
    if (!row.item) own.item = 'form.errors.itemRequired';
    if (!row.unit) own.unit = 'form.errors.unitRequired';
    else if (row.item) {
      const key = `${row.item.id}|${row.unit}`;
      if (seen.has(key)) own.unit = 'form.errors.duplicate';
      seen.add(key);
    }
    if (isBlank(row.price)) own.price = 'form.errors.priceRequired';
    else {
      const problem = checkDecimal(row.price, { scale: MONEY_SCALE });
      if (problem === 'min') own.price = 'form.errors.priceMin';
      else if (problem === 'scale') own.price = 'form.errors.priceScale';
      else if (problem === 'number') own.price = 'form.errors.number';
    }
    if (Object.keys(own).length > 0) errors.rows[row.key] = own;
  }
  return errors;
}

export function hasFormErrors(errors: PriceListFormErrors): boolean {
  return Boolean(errors.name) || Object.values(errors.rows).some((fields) => Object.values(fields).some(Boolean));
}

function itemsOf(rows: readonly PriceRow[]): PriceListItemRequest[] {
  return rows.map((row) => ({
    stockItemId: row.item!.id,
    unit: row.unit,
    price: moneyText(row.price) ?? row.price.trim(),
  }));
}

/** POST /api/price-lists (a valid form: validatePriceListForm first). */
export function toCreatePriceListRequest(values: PriceListFormValues): CreatePriceListRequest {
  return { name: values.name.trim(), items: itemsOf(values.rows) };
}

/** A price compared by what it means: item, unit and amount, order aside. */
function priceKeys(items: ReadonlyArray<{ stockItemId: string; unit: string; price: string }>): string {
  return items
    .map((item) => `${item.stockItemId}|${item.unit}|${String(parseScaled(item.price, MONEY_SCALE))}`)
    .sort()
    .join('\n');
}

/** PATCH /api/price-lists/{id}: the name when it changed, all the prices when any changed; null when nothing did. */
export function toUpdatePriceListRequest(
  list: PriceListDto,
  values: PriceListFormValues,
): UpdatePriceListRequest | null {
  const request: UpdatePriceListRequest = { id: list.id };
  const name = values.name.trim();
  if (name !== list.name) request.name = name;
  const items = itemsOf(values.rows);
  if (priceKeys(items) !== priceKeys(list.items ?? [])) request.items = items;
  return request.name === undefined && request.items === undefined ? null : request;
}

/**
 * A refused list's `details.fields[]` ("items.3.unit", "name") as the form's messages (the rows
 * were sent in the form's order); what names no field comes back apart.
 */
export function placeServerFields(
  fields: ReadonlyArray<{ field: string; message: string }>,
  rows: readonly PriceRow[],
): { name?: string; rows: PriceListFormErrors['rows']; other: string[] } {
  const placed: { name?: string; rows: PriceListFormErrors['rows']; other: string[] } = { rows: {}, other: [] };
  for (const { field, message } of fields) {
    if (field === 'name') {
      placed.name ??= message;
      continue;
    }
    const match = /^items\.(\d+)(?:\.(\w+))?$/.exec(field);
    const row = match ? rows[Number(match[1])] : undefined;
    if (!match || !row) {
      placed.other.push(message);
      continue;
    }
    const target: PriceRowField = match[2] === 'unit' ? 'unit' : match[2] === 'price' ? 'price' : 'item';
    (placed.rows[row.key] ??= {})[target] ??= message;
  }
  return placed;
}
