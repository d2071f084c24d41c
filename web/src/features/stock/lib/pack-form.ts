import type { PackUnit, StockItemDto, StockPackDto } from '@erp/contracts';
import {
  checkDecimal,
  MONEY_SCALE,
  moneyText,
  packPriceCents,
  parseScaled,
  QUANTITY_SCALE,
  quantityText,
  centsToString,
} from '../../../lib/decimal';
import { isPackUnit } from '../../../lib/units';
import { isBlank } from '../../../lib/validation';

/*
 * The packs of the stock form (CONTRACT §10, docs/api/packs-and-price-lists.md): what an item is
 * also sold and received in, each `factor` base units. Text while typed; checked here as the
 * server checks them, so a pack that cannot be is pointed out before anything is sent.
 */

/** Most packs one item may have (libs/contracts STOCK_PACKS_MAX). */
export const MAX_PACKS = 10;

export type PackField = 'unit' | 'factor' | 'sellingPrice' | 'barcode';

export interface PackRow {
  /** Stable across edits and removals (React key). */
  key: string;
  unit: PackUnit | '';
  factor: string;
  sellingPrice: string;
  barcode: string;
}

/** Messages by pack key and field: translation keys of the `stock` namespace. */
export type PackErrors = Record<string, Partial<Record<PackField, string>>>;

/** A pack as POST/PATCH /api/stock take it: factor and money as decimal text. */
export interface StockPackRequest {
  unit: PackUnit;
  factor: string;
  sellingPrice?: string;
  barcode?: string;
}

const barcodePattern = /^[0-9A-Za-z-]{4,64}$/;

let packCounter = 0;

export function newPackKey(): string {
  packCounter += 1;
  return `pack-${packCounter}`;
}

export function emptyPackRow(): PackRow {
  return { key: newPackKey(), unit: '', factor: '', sellingPrice: '', barcode: '' };
}

/** An item's packs as the form shows them: only a price of their own is filled in. */
export function packRowsOf(item: Pick<StockItemDto, 'packs'> | null): PackRow[] {
  return (item?.packs ?? []).map((pack) => ({
    key: newPackKey(),
    unit: pack.unit,
    factor: String(pack.factor),
    sellingPrice: pack.sellingPrice ?? '',
    barcode: pack.barcode ?? '',
  }));
}

/** The rules of the server (toPackRows, StockPackInputDto), as keys of the `stock` namespace. */
export function validatePacks(rows: readonly PackRow[], baseUnit: string): PackErrors {
  const errors: PackErrors = {};
  const seenUnits = new Set<string>();
  const barcodes = rows.map((row) => row.barcode.trim()).filter(Boolean);
  for (const row of rows) {
    const own: Partial<Record<PackField, string>> = {};
    if (!row.unit || !isPackUnit(row.unit)) own.unit = 'form.packs.errors.unitRequired';
    else if (row.unit === baseUnit) own.unit = 'form.packs.errors.baseUnit';
    else if (seenUnits.has(row.unit)) own.unit = 'form.packs.errors.duplicate';
    if (row.unit) seenUnits.add(row.unit);

    if (isBlank(row.factor)) own.factor = 'form.packs.errors.factorRequired';
    else {
      const problem = checkDecimal(row.factor, { scale: QUANTITY_SCALE, positive: true });
      if (problem === 'min') own.factor = 'form.packs.errors.factorMin';
      else if (problem === 'scale') own.factor = 'form.errors.quantityScale';
      else if (problem === 'number') own.factor = 'form.errors.number';
    }

    if (!isBlank(row.sellingPrice)) {
      const problem = checkDecimal(row.sellingPrice, { scale: MONEY_SCALE });
      if (problem === 'min') own.sellingPrice = 'form.packs.errors.priceMin';
      else if (problem === 'scale') own.sellingPrice = 'form.errors.moneyScale';
      else if (problem === 'number') own.sellingPrice = 'form.errors.number';
    }

    const barcode = row.barcode.trim();
    if (barcode && !barcodePattern.test(barcode)) own.barcode = 'form.packs.errors.barcode';
    else if (barcode && barcodes.indexOf(barcode) !== barcodes.lastIndexOf(barcode)) {
      own.barcode = 'form.packs.errors.barcodeTwice';
    }
    if (Object.keys(own).length > 0) errors[row.key] = own;
  }
  return errors;
}

export function hasPackErrors(errors: PackErrors): boolean {
  return Object.values(errors).some((fields) => Object.values(fields).some(Boolean));
}

/** The packs as the server takes them (valid rows: validatePacks first). */
export function packsRequestOf(rows: readonly PackRow[]): StockPackRequest[] {
  return rows.map((row) => {
    const request: StockPackRequest = {
      unit: row.unit as PackUnit,
      factor: quantityText(row.factor) ?? row.factor.trim(),
    };
    if (!isBlank(row.sellingPrice)) request.sellingPrice = moneyText(row.sellingPrice) ?? row.sellingPrice.trim();
    if (!isBlank(row.barcode)) request.barcode = row.barcode.trim();
    return request;
  });
}

/** A pack compared by what it means: factor and price by value, order aside. */
function packKey(pack: { unit: string; factor: string; sellingPrice: string | null; barcode: string | null }): string {
  const factor = parseScaled(pack.factor, QUANTITY_SCALE);
  const price = pack.sellingPrice === null ? null : parseScaled(pack.sellingPrice, MONEY_SCALE);
  return [pack.unit, String(factor), String(price), pack.barcode ?? ''].join('|');
}

/** Whether the rows say something else than the item's packs (PATCH sends `packs` only then). */
export function packsChanged(packs: readonly StockPackDto[], rows: readonly PackRow[]): boolean {
  const before = packs
    .map((pack) => packKey({ ...pack, factor: String(pack.factor) }))
    .sort()
    .join('\n');
  const after = packsRequestOf(rows)
    .map((pack) => packKey({ ...pack, sellingPrice: pack.sellingPrice ?? null, barcode: pack.barcode ?? null }))
    .sort()
    .join('\n');
  return before !== after;
}

/** What a pack sells at without a price of its own: factor × the base selling price, or null. */
export function defaultPackPrice(factor: string, baseSellingPrice: string): string | null {
  const factorThousandths = parseScaled(factor, QUANTITY_SCALE);
  const base = parseScaled(baseSellingPrice, MONEY_SCALE);
  if (factorThousandths === null || base === null || factorThousandths <= 0n || base < 0n) return null;
  return centsToString(packPriceCents(factorThousandths, base));
}
