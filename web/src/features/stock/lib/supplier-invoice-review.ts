import type {
  KnownUnit,
  ParsedItemAlternativeDto,
  StockItemDto,
  StockUnit,
  SupplierInvoiceDraftDto,
  SupplierInvoiceLineDraftDto,
} from '@erp/contracts';
import {
  baseQuantityThousandths,
  checkDecimal,
  lineTotalCents,
  MONEY_SCALE,
  moneyText,
  parseScaled,
  perBaseUnitCents,
  QUANTITY_SCALE,
  quantityText,
  quantityTextOfNumber,
} from '../../../lib/decimal';
import { isKnownUnit, type PackSize } from '../../../lib/units';
import { isBlank } from '../../../lib/validation';
import { isStockUnit } from './stock-form';

/*
 * The review step of a supplier invoice: the reader's draft (POST /api/stock/supplier-invoices/parse)
 * as editable text, its rules, and the goods receipt it becomes (POST /api/stock/receipts,
 * libs/contracts ApplyReceiptDto). Every number stays text until the server reads it.
 */

/** The stock item a line goes to, as far as it is known (the reader gives only id, SKU and names). */
export interface ChosenStockItem {
  id: string;
  name: string;
  nameAr: string | null;
  sku: string | null;
  /** Null until the item's details are known (a match by the reader). */
  unit: StockUnit | null;
  quantity: number | null;
  /** What it is also sold (and received) in; null until the item's details are known. */
  packs: PackSize[] | null;
}

export type LineItemChoice =
  /** An existing stock item: found by the reader, or picked by the user. */
  | { kind: 'matched'; item: ChosenStockItem; by: 'reader' | 'user' }
  /** A stock item the receipt creates (createMissingItems). */
  | { kind: 'new' }
  /** Not decided yet: the line cannot be applied so. */
  | { kind: 'none' };

export interface ReviewLine {
  /** Stable across edits and removals (React key, error map key). */
  key: string;
  /** The line's description as printed on the invoice (both languages when it prints both). */
  printed: string;
  /** The line amount as printed (2 decimals), to check quantity × unit cost against. */
  printedTotal: string | null;
  /** Other stock items the reader thinks the line may mean, best first. */
  suggestions: ParsedItemAlternativeDto[];
  /** The unit as printed, when it is none of the stock units (shown so the user can choose). */
  sourceUnit: string | null;
  choice: LineItemChoice;
  /** The reader's confidence in its match (0–1); null for a line the user added. */
  confidence: number | null;
  /** Numbers read by OCR: marked for the user to check until they edit them. */
  needsCheck: boolean;
  quantity: string;
  /** A base unit, or a pack of the line's item (CONTRACT §10). */
  unit: KnownUnit | '';
  unitPrice: string;
  batchNumber: string;
  expiryDate: string;
  manufactureDate: string;
  /** Only for a new item: its names, SKU (blank: the server makes one) and selling price. */
  newName: string;
  newNameAr: string;
  newSku: string;
  sellingPrice: string;
}

export interface ReviewHeader {
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
}

export interface ReviewForm extends ReviewHeader {
  lines: ReviewLine[];
  /** The subtotal printed under the lines (before VAT), to check the lines' sum against; not sent. */
  printedSubtotal: string | null;
  /** The invoice as uploaded: the supplier invoice keeps it (its Download on the Invoices screen). */
  uploadedFileUrl: string | null;
}

export type HeaderField = keyof ReviewHeader;
export type LineField =
  | 'item'
  | 'quantity'
  | 'unit'
  | 'unitPrice'
  | 'batchNumber'
  | 'expiryDate'
  | 'manufactureDate'
  | 'newName'
  | 'newNameAr'
  | 'newSku'
  | 'sellingPrice';

/** Messages by field: translation keys (the form's rules) or the server's texts. */
export interface ReviewMessages {
  header: Partial<Record<HeaderField, string>>;
  /** By line key. */
  lines: Record<string, Partial<Record<LineField, string>>>;
  /** Not tied to one field (no lines at all, a SKU another receipt took, …). */
  form: string[];
}

export const noMessages: ReviewMessages = { header: {}, lines: {}, form: [] };

export function hasMessages(messages: ReviewMessages): boolean {
  return (
    messages.form.length > 0 ||
    Object.values(messages.header).some(Boolean) ||
    Object.values(messages.lines).some((fields) => Object.values(fields).some(Boolean))
  );
}

/** Lengths the server accepts (ApplyReceiptDto, ReceiptLineDto). */
export const MAX_LENGTH = { supplierName: 200, invoiceNumber: 100, name: 200, sku: 64, batchNumber: 100 } as const;

/** The same unit written the ways invoices write it, in both languages. */
const unitAliases: Record<string, KnownUnit> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  كغ: 'kg',
  كجم: 'kg',
  كيلو: 'kg',
  g: 'g',
  gm: 'g',
  gram: 'g',
  grams: 'g',
  غ: 'g',
  جم: 'g',
  غرام: 'g',
  جرام: 'g',
  l: 'L',
  ltr: 'L',
  liter: 'L',
  litre: 'L',
  liters: 'L',
  litres: 'L',
  لتر: 'L',
  ml: 'ml',
  مل: 'ml',
  piece: 'piece',
  pieces: 'piece',
  pcs: 'piece',
  pc: 'piece',
  ea: 'piece',
  each: 'piece',
  حبة: 'piece',
  حبه: 'piece',
  box: 'box',
  boxes: 'box',
  bx: 'box',
  علبة: 'box',
  علبه: 'box',
  صندوق: 'box',
  carton: 'carton',
  cartons: 'carton',
  ctn: 'carton',
  ctns: 'carton',
  case: 'carton',
  cases: 'carton',
  كرتون: 'carton',
  كرتونة: 'carton',
  كرتونه: 'carton',
  bag: 'bag',
  bags: 'bag',
  sack: 'bag',
  كيس: 'bag',
  شوال: 'bag',
  // Packs an item may be received in (its packs; never the base unit of a new item).
  pack: 'pack',
  packs: 'pack',
  pk: 'pack',
  شد: 'pack',
  dozen: 'dozen',
  dz: 'dozen',
  doz: 'dozen',
  درزن: 'dozen',
  bundle: 'bundle',
  ربطة: 'bundle',
  tray: 'tray',
  trays: 'tray',
  طبق: 'tray',
  pallet: 'pallet',
  pallets: 'pallet',
  plt: 'pallet',
  طبلية: 'pallet',
};

/** A printed unit as one of the system's units ("CTN" -> carton, "Pcs." -> piece, "PLT" -> pallet), or null. */
export function stockUnitOf(text: string | null | undefined): KnownUnit | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (isStockUnit(trimmed)) return trimmed;
  const alias = unitAliases[trimmed.toLowerCase().replace(/\.$/, '')];
  if (alias) return alias;
  return isKnownUnit(trimmed) ? trimmed : null;
}

/** A unit a line may be in and the base units in one of it: the item's base unit (1), then its packs. */
export interface LineUnit {
  unit: KnownUnit;
  factor: number;
}

/** The units the line's item is received in, or null while they are not known (or no item is chosen). */
export function unitsOfItem(item: Pick<ChosenStockItem, 'unit' | 'packs'> | null): LineUnit[] | null {
  if (!item?.unit || !item.packs) return null;
  return [
    { unit: item.unit, factor: 1 },
    ...item.packs
      .filter((pack) => isKnownUnit(pack.unit))
      .map((pack) => ({ unit: pack.unit as KnownUnit, factor: pack.factor })),
  ];
}

/** What a line in packs brings into stock: its quantity in base units and the cost of one base unit. */
export interface LineInBaseUnits {
  /** Thousandths of the base unit. */
  baseQuantity: bigint | null;
  /** Cents. */
  baseUnitCost: bigint | null;
}

/** The line's quantity and unit cost in its item's base unit, for a line in one of its packs. */
export function lineInBaseUnits(line: Pick<ReviewLine, 'quantity' | 'unitPrice'>, factor: number): LineInBaseUnits {
  const factorThousandths = parseScaled(String(factor), QUANTITY_SCALE);
  const quantity = parseScaled(line.quantity, QUANTITY_SCALE);
  const price = parseScaled(line.unitPrice, MONEY_SCALE);
  if (factorThousandths === null) return { baseQuantity: null, baseUnitCost: null };
  return {
    baseQuantity: quantity === null || quantity <= 0n ? null : baseQuantityThousandths(quantity, factorThousandths),
    baseUnitCost: price === null || price < 0n ? null : perBaseUnitCents(price, factorThousandths),
  };
}

let lineCounter = 0;

/** A key no other line of this page has. */
export function newLineKey(): string {
  lineCounter += 1;
  return `line-${lineCounter}`;
}

function lineOfDraft(line: SupplierInvoiceLineDraftDto): ReviewLine {
  const unit = stockUnitOf(line.unit);
  const printed = line.description?.trim() || line.name;
  // A matched line's names are the stock item's; an unmatched one's are the invoice's.
  const choice: LineItemChoice = line.stockItemId
    ? {
        kind: 'matched',
        by: 'reader',
        item: {
          id: line.stockItemId,
          name: line.name,
          nameAr: line.nameAr,
          sku: line.sku,
          unit: null,
          quantity: null,
          packs: null,
        },
      }
    : { kind: 'none' };
  return {
    key: newLineKey(),
    printed,
    printedTotal: line.lineTotal ?? null,
    suggestions: (line.alternatives ?? []).filter((alternative) => alternative.stockItemId !== line.stockItemId),
    sourceUnit: unit || !line.unit ? null : line.unit,
    choice,
    confidence: Number.isFinite(line.confidence) ? line.confidence : null,
    needsCheck: line.quantityNeedsCheck,
    quantity: quantityTextOfNumber(line.quantity),
    unit: unit ?? '',
    unitPrice: line.unitPrice ?? '',
    batchNumber: line.batchNumber ?? '',
    expiryDate: line.expiryDate ?? '',
    manufactureDate: line.manufactureDate ?? '',
    newName: line.stockItemId ? printed : line.name,
    newNameAr: line.stockItemId ? '' : (line.nameAr ?? ''),
    newSku: line.stockItemId ? '' : (line.sku ?? ''),
    sellingPrice: '',
  };
}

/** The draft as the review form shows it. */
export function reviewFormOf(draft: SupplierInvoiceDraftDto): ReviewForm {
  return {
    supplierName: draft.supplierName ?? '',
    invoiceNumber: draft.invoiceNumber ?? '',
    invoiceDate: draft.invoiceDate ?? '',
    lines: draft.lines.map(lineOfDraft),
    printedSubtotal: draft.totals?.subtotal ?? null,
    uploadedFileUrl: draft.uploadedFileUrl || null,
  };
}

/** A line the user adds by hand (one the reader missed). */
export function emptyReviewLine(): ReviewLine {
  return {
    key: newLineKey(),
    printed: '',
    printedTotal: null,
    suggestions: [],
    sourceUnit: null,
    choice: { kind: 'none' },
    confidence: null,
    needsCheck: false,
    quantity: '',
    unit: '',
    unitPrice: '',
    batchNumber: '',
    expiryDate: '',
    manufactureDate: '',
    newName: '',
    newNameAr: '',
    newSku: '',
    sellingPrice: '',
  };
}

/**
 * A picked stock item (from the stock, or one the reader suggested) as a line's choice; the
 * line takes the item's unit when it has none.
 */
export function chooseItem(line: ReviewLine, item: StockItemDto | ChosenStockItem): ReviewLine {
  return {
    ...line,
    choice: {
      kind: 'matched',
      by: 'user',
      item: {
        id: item.id,
        name: item.name,
        nameAr: item.nameAr,
        sku: item.sku,
        unit: item.unit ?? null,
        quantity: item.quantity ?? null,
        packs: item.packs ? item.packs.map(({ unit, factor }) => ({ unit, factor })) : null,
      },
    },
    unit: line.unit || (item.unit ?? ''),
  };
}

/** A reader's suggestion as a stock item to choose (its unit and stock are looked up once chosen). */
export function chosenOfSuggestion(suggestion: ParsedItemAlternativeDto): ChosenStockItem {
  return {
    id: suggestion.stockItemId,
    name: suggestion.name,
    nameAr: null,
    sku: suggestion.sku,
    unit: null,
    quantity: null,
    packs: null,
  };
}

/** "Create new item" for a line: its name starts as printed on the invoice. */
export function chooseNewItem(line: ReviewLine): ReviewLine {
  return { ...line, choice: { kind: 'new' }, newName: line.newName || line.printed };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function tooLong(text: string, max: number): boolean {
  return text.trim().length > max;
}

function decimalMessage(
  text: string,
  scale: number,
  positive: boolean,
  field: 'quantity' | 'unitPrice' | 'sellingPrice',
) {
  const problem = checkDecimal(text, { scale, positive });
  if (problem === null) return undefined;
  if (problem === 'number') return 'review.errors.number';
  if (problem === 'scale') return scale === MONEY_SCALE ? 'review.errors.moneyScale' : 'review.errors.quantityScale';
  return `review.errors.${field}Min`;
}

function validateLine(line: ReviewLine): Partial<Record<LineField, string>> {
  const errors: Partial<Record<LineField, string>> = {};
  if (line.choice.kind === 'none') errors.item = 'review.errors.itemRequired';
  if (line.choice.kind === 'new') {
    if (isBlank(line.newName)) errors.newName = 'review.errors.nameRequired';
    else if (tooLong(line.newName, MAX_LENGTH.name)) errors.newName = 'review.errors.tooLong';
    if (tooLong(line.newNameAr, MAX_LENGTH.name)) errors.newNameAr = 'review.errors.tooLong';
    if (tooLong(line.newSku, MAX_LENGTH.sku)) errors.newSku = 'review.errors.tooLong';
    if (!isBlank(line.sellingPrice)) {
      const message = decimalMessage(line.sellingPrice, MONEY_SCALE, false, 'sellingPrice');
      if (message) errors.sellingPrice = message;
    }
  }
  if (isBlank(line.quantity)) errors.quantity = 'review.errors.quantityRequired';
  else {
    const message = decimalMessage(line.quantity, QUANTITY_SCALE, true, 'quantity');
    if (message) errors.quantity = message;
  }
  if (!line.unit) errors.unit = 'review.errors.unitRequired';
  else if (line.choice.kind === 'new' && !isStockUnit(line.unit)) errors.unit = 'review.errors.newItemUnit';
  else if (line.choice.kind === 'matched') {
    const units = unitsOfItem(line.choice.item);
    if (units && !units.some(({ unit }) => unit === line.unit)) errors.unit = 'review.errors.unitNotSold';
  }
  if (isBlank(line.unitPrice)) errors.unitPrice = 'review.errors.unitPriceRequired';
  else {
    const message = decimalMessage(line.unitPrice, MONEY_SCALE, false, 'unitPrice');
    if (message) errors.unitPrice = message;
  }
  if (tooLong(line.batchNumber, MAX_LENGTH.batchNumber)) errors.batchNumber = 'review.errors.tooLong';
  if (line.expiryDate && !isRealDate(line.expiryDate)) errors.expiryDate = 'review.errors.date';
  if (line.manufactureDate && !isRealDate(line.manufactureDate)) errors.manufactureDate = 'review.errors.date';
  if (!errors.expiryDate && !errors.manufactureDate && line.expiryDate && line.manufactureDate) {
    if (line.expiryDate < line.manufactureDate) errors.expiryDate = 'review.errors.expiryBeforeManufacture';
  }
  return errors;
}

/** The review's rules, as translation keys of the `stock` namespace. */
export function validateReview(form: ReviewForm): ReviewMessages {
  const header: ReviewMessages['header'] = {};
  if (isBlank(form.supplierName)) header.supplierName = 'review.errors.supplierRequired';
  else if (tooLong(form.supplierName, MAX_LENGTH.supplierName)) header.supplierName = 'review.errors.tooLong';
  if (isBlank(form.invoiceNumber)) header.invoiceNumber = 'review.errors.invoiceNumberRequired';
  else if (tooLong(form.invoiceNumber, MAX_LENGTH.invoiceNumber)) header.invoiceNumber = 'review.errors.tooLong';
  if (isBlank(form.invoiceDate)) header.invoiceDate = 'review.errors.invoiceDateRequired';
  else if (!isRealDate(form.invoiceDate)) header.invoiceDate = 'review.errors.date';

  const lines: ReviewMessages['lines'] = {};
  for (const line of form.lines) {
    const errors = validateLine(line);
    if (Object.keys(errors).length > 0) lines[line.key] = errors;
  }
  return { header, lines, form: form.lines.length === 0 ? ['review.errors.noLines'] : [] };
}

/** One line of POST /api/stock/receipts (ReceiptLineDto), numbers as decimal text. */
export interface ReceiptLineRequest {
  stockItemId?: string;
  name: string;
  nameAr?: string;
  sku?: string;
  quantity: string;
  /** The item's base unit or one of its packs; a base unit for an item the receipt creates. */
  unit: KnownUnit;
  unitPrice: string;
  sellingPrice?: string;
  batchNumber?: string;
  expiryDate?: string;
  manufactureDate?: string;
}

/** POST /api/stock/receipts (ApplyReceiptDto): exactly once per receiptId. */
export interface ApplyReceiptRequest {
  receiptId: string;
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
  createMissingItems: boolean;
  uploadedFileUrl?: string;
  lines: ReceiptLineRequest[];
}

function optional(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed ? trimmed : undefined;
}

function lineRequest(line: ReviewLine): ReceiptLineRequest {
  const { choice } = line;
  const request: ReceiptLineRequest = {
    name: '',
    quantity: quantityText(line.quantity) ?? line.quantity.trim(),
    unit: line.unit as KnownUnit,
    unitPrice: moneyText(line.unitPrice) ?? line.unitPrice.trim(),
  };
  if (choice.kind === 'matched') {
    // The chosen item's names: the draft's are those of the item the reader matched.
    request.stockItemId = choice.item.id;
    request.name = (choice.item.name.trim() || line.printed.trim()).slice(0, MAX_LENGTH.name);
    const nameAr = optional(choice.item.nameAr ?? '');
    if (nameAr) request.nameAr = nameAr.slice(0, MAX_LENGTH.name);
  } else {
    request.name = line.newName.trim();
    const nameAr = optional(line.newNameAr);
    if (nameAr) request.nameAr = nameAr;
    const sku = optional(line.newSku);
    if (sku) request.sku = sku;
    if (!isBlank(line.sellingPrice)) request.sellingPrice = moneyText(line.sellingPrice) ?? line.sellingPrice.trim();
  }
  const batchNumber = optional(line.batchNumber);
  if (batchNumber) request.batchNumber = batchNumber;
  if (line.expiryDate) request.expiryDate = line.expiryDate;
  if (line.manufactureDate) request.manufactureDate = line.manufactureDate;
  return request;
}

/** The receipt the reviewed form applies (only the fields the server accepts: it refuses others). */
export function receiptRequestOf(form: ReviewForm, receiptId: string): ApplyReceiptRequest {
  return {
    receiptId,
    supplierName: form.supplierName.trim(),
    invoiceNumber: form.invoiceNumber.trim(),
    invoiceDate: form.invoiceDate,
    createMissingItems: form.lines.some((line) => line.choice.kind === 'new'),
    ...(form.uploadedFileUrl ? { uploadedFileUrl: form.uploadedFileUrl } : {}),
    lines: form.lines.map(lineRequest),
  };
}

/** The line's total in cents, or null while its quantity or unit cost is not a valid amount (0 or more). */
export function lineTotalOf(line: ReviewLine): bigint | null {
  const quantity = parseScaled(line.quantity, QUANTITY_SCALE);
  const price = parseScaled(line.unitPrice, MONEY_SCALE);
  if (quantity === null || price === null || quantity < 0n || price < 0n) return null;
  return lineTotalCents(quantity, price);
}

/** The sum of the lines' totals (before VAT), and whether every line could be counted. */
export function receiptTotalOf(form: ReviewForm): { cents: bigint; complete: boolean } {
  let cents = 0n;
  let complete = true;
  for (const line of form.lines) {
    const total = lineTotalOf(line);
    if (total === null) complete = false;
    else cents += total;
  }
  return { cents, complete };
}

/** The server field a message names (ApplyReceiptDto's path) as the review's field. */
function lineFieldOf(property: string | undefined, line: ReviewLine): LineField {
  const isNew = line.choice.kind !== 'matched';
  switch (property) {
    case 'quantity':
    case 'unit':
    case 'unitPrice':
    case 'batchNumber':
    case 'expiryDate':
    case 'manufactureDate':
    case 'sellingPrice':
      return property;
    case 'name':
      return isNew ? 'newName' : 'item';
    case 'nameAr':
      return isNew ? 'newNameAr' : 'item';
    case 'sku':
      return isNew ? 'newSku' : 'item';
    default:
      return 'item';
  }
}

const headerFields: readonly string[] = ['supplierName', 'invoiceNumber', 'invoiceDate'];

/**
 * A refused receipt's `details.fields[]` ("lines.2.quantity", "invoiceDate", "lines.0") placed
 * on the review's fields (the lines were sent in the form's order); what names no field of
 * the form goes to `form`. The texts are the server's.
 */
export function reviewMessagesOfServer(
  fields: ReadonlyArray<{ field: string; message: string }>,
  form: ReviewForm,
): ReviewMessages {
  const messages: ReviewMessages = { header: {}, lines: {}, form: [] };
  for (const { field, message } of fields) {
    if (headerFields.includes(field)) {
      messages.header[field as HeaderField] ??= message;
      continue;
    }
    const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field);
    const line = match ? form.lines[Number(match[1])] : undefined;
    if (!match || !line) {
      messages.form.push(message);
      continue;
    }
    const target = lineFieldOf(match[2], line);
    const lineMessages = (messages.lines[line.key] ??= {});
    lineMessages[target] ??= message;
  }
  return messages;
}

/** A new receipt id: a v4 UUID, also where `crypto.randomUUID` is missing (plain HTTP on a LAN address). */
export function newReceiptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
