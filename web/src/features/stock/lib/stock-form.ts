import type { StockItemDto, StockUnit } from '@erp/contracts';
import { checkDecimal, latinDigits, parseScaled } from '../../../lib/decimal';
import { isBlank, type FormErrors } from '../../../lib/validation';
import type { CreateStockItemRequest, UpdateStockItemRequest } from '../api/stock-api';

/**
 * The 8 units of the stock form (SPEC §3), in the form's order. A Record over the contract's
 * `StockUnit`, so a unit added there does not compile until it is listed (and translated).
 */
const unitOrder: Record<StockUnit, number> = { kg: 0, g: 1, L: 2, ml: 3, piece: 4, box: 5, carton: 6, bag: 7 };
export const stockUnits = (Object.keys(unitOrder) as StockUnit[]).sort((a, b) => unitOrder[a] - unitOrder[b]);

/** SPEC §9 defaults (the server's too: libs/contracts stock-item.dto.ts). */
export const DEFAULT_STOCK_UNIT: StockUnit = 'kg';
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

export function isStockUnit(value: string): value is StockUnit {
  return Object.hasOwn(unitOrder, value);
}

/** The fields of the stock form (SPEC §3); the batch ones only when adding an item. */
export type StockFormField =
  | 'name'
  | 'nameAr'
  | 'sku'
  | 'quantity'
  | 'unit'
  | 'costPrice'
  | 'sellingPrice'
  | 'lowStockThreshold'
  | 'batchNumber'
  | 'expiryDate'
  | 'manufactureDate';

export type StockFormValues = Record<StockFormField, string>;
export type StockFormMode = 'create' | 'edit';

/** Decimal places the server keeps (numeric(14,3) quantities, numeric(12,2) money). */
const QUANTITY_SCALE = 3;
const MONEY_SCALE = 2;

export const emptyStockForm: StockFormValues = {
  name: '',
  nameAr: '',
  sku: '',
  quantity: '',
  unit: DEFAULT_STOCK_UNIT,
  costPrice: '',
  sellingPrice: '',
  lowStockThreshold: '',
  batchNumber: '',
  expiryDate: '',
  manufactureDate: '',
};

/** An item's values in the edit form (money without trailing zeros lost: "12.50" stays "12.50"). */
export function stockFormOf(item: StockItemDto): StockFormValues {
  return {
    ...emptyStockForm,
    name: item.name,
    nameAr: item.nameAr ?? '',
    sku: item.sku,
    quantity: String(item.quantity),
    unit: item.unit,
    costPrice: item.costPrice,
    sellingPrice: item.sellingPrice,
    lowStockThreshold: String(item.lowStockThreshold),
  };
}

interface NumberRule {
  field: 'quantity' | 'costPrice' | 'sellingPrice' | 'lowStockThreshold';
  scale: number;
  /** SPEC §5's message for a value below 0. */
  minKey: string;
  /** Blank is allowed (the server's default) when adding; required when editing. */
  requiredOnEdit: boolean;
}

const numberRules: readonly NumberRule[] = [
  { field: 'quantity', scale: QUANTITY_SCALE, minKey: 'form.errors.quantityMin', requiredOnEdit: true },
  { field: 'costPrice', scale: MONEY_SCALE, minKey: 'form.errors.costPriceMin', requiredOnEdit: true },
  { field: 'sellingPrice', scale: MONEY_SCALE, minKey: 'form.errors.sellingPriceMin', requiredOnEdit: true },
  { field: 'lowStockThreshold', scale: QUANTITY_SCALE, minKey: 'form.errors.thresholdMin', requiredOnEdit: false },
];

/**
 * SPEC §5's stock form rules, as translation keys of the `stock` namespace: name and unit
 * required (and SKU, which the server needs); quantity, prices and threshold at least 0.
 */
export function validateStockForm(values: StockFormValues, mode: StockFormMode): FormErrors<StockFormField> {
  const errors: FormErrors<StockFormField> = {};
  if (isBlank(values.name)) errors.name = 'form.errors.nameRequired';
  if (isBlank(values.sku)) errors.sku = 'form.errors.skuRequired';
  if (!isStockUnit(values.unit)) errors.unit = 'form.errors.unitRequired';

  for (const { field, scale, minKey, requiredOnEdit } of numberRules) {
    const text = values[field];
    if (isBlank(text)) {
      if (mode === 'edit' && requiredOnEdit) errors[field] = `form.errors.${field}Required`;
      continue;
    }
    const problem = checkDecimal(text, { scale });
    if (problem === 'min') errors[field] = minKey;
    else if (problem === 'number') errors[field] = 'form.errors.number';
    else if (problem === 'scale')
      errors[field] = scale === MONEY_SCALE ? 'form.errors.moneyScale' : 'form.errors.quantityScale';
  }

  if (mode === 'create' && values.expiryDate && values.manufactureDate && values.expiryDate < values.manufactureDate) {
    errors.expiryDate = 'form.errors.expiryBeforeManufacture';
  }
  return errors;
}

/** What was typed as the API's decimal text: Arabic-Indic digits and ٫ read as ASCII ("٤٠" → "40"). */
const decimalText = (text: string): string => latinDigits(text).trim();

/** Whether the typed amount differs from the stored one, compared exactly at the column's scale. */
const differs = (text: string, stored: string | number, scale: number): boolean =>
  parseScaled(decimalText(text), scale) !== parseScaled(String(stored), scale);

/** POST /api/stock: blank optional fields left out (the server's defaults: 0, 0, 0, threshold 10). */
export function toCreateRequest(values: StockFormValues): CreateStockItemRequest {
  const request: CreateStockItemRequest = {
    name: values.name.trim(),
    sku: values.sku.trim(),
    unit: values.unit as StockUnit,
  };
  if (!isBlank(values.nameAr)) request.nameAr = values.nameAr.trim();
  if (!isBlank(values.quantity)) request.quantity = decimalText(values.quantity);
  if (!isBlank(values.costPrice)) request.costPrice = decimalText(values.costPrice);
  if (!isBlank(values.sellingPrice)) request.sellingPrice = decimalText(values.sellingPrice);
  if (!isBlank(values.lowStockThreshold)) request.lowStockThreshold = decimalText(values.lowStockThreshold);
  if (!isBlank(values.batchNumber)) request.batchNumber = values.batchNumber.trim();
  if (values.expiryDate) request.expiryDate = values.expiryDate;
  if (values.manufactureDate) request.manufactureDate = values.manufactureDate;
  return request;
}

/**
 * PATCH /api/stock/{id}: only what changed, or null when nothing did. A cleared threshold
 * goes back to the default 10; a cleared Arabic name is removed.
 */
export function toUpdateRequest(item: StockItemDto, values: StockFormValues): UpdateStockItemRequest | null {
  const request: UpdateStockItemRequest = { id: item.id };
  const name = values.name.trim();
  if (name !== item.name) request.name = name;
  const nameAr = values.nameAr.trim() || null;
  if (nameAr !== (item.nameAr ?? null)) request.nameAr = nameAr;
  const sku = values.sku.trim();
  if (sku !== item.sku) request.sku = sku;
  if (values.unit !== item.unit) request.unit = values.unit as StockUnit;
  if (differs(values.quantity, item.quantity, QUANTITY_SCALE)) request.quantity = decimalText(values.quantity);
  if (differs(values.costPrice, item.costPrice, MONEY_SCALE)) request.costPrice = decimalText(values.costPrice);
  if (differs(values.sellingPrice, item.sellingPrice, MONEY_SCALE)) {
    request.sellingPrice = decimalText(values.sellingPrice);
  }
  const threshold = isBlank(values.lowStockThreshold)
    ? String(DEFAULT_LOW_STOCK_THRESHOLD)
    : decimalText(values.lowStockThreshold);
  if (differs(threshold, item.lowStockThreshold, QUANTITY_SCALE)) request.lowStockThreshold = threshold;
  return Object.keys(request).length > 1 ? request : null;
}
