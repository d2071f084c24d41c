import { normalizeWord } from '../parser/normalize.js';
import { type InvoiceLine, Keywords, rasm } from './invoice-text.js';

/**
 * The item table's header row ("# | Description | Batch No. | Expiry | Qty | Unit | Unit Price |
 * Amount", "م | الصنف | رقم التشغيلة | … | الإجمالي") and the totals block under it.
 */

export type ColumnRole =
  | 'index'
  | 'code'
  | 'barcode'
  | 'description'
  | 'batch'
  | 'mfg'
  | 'expiry'
  | 'unit'
  | 'qty'
  | 'price'
  | 'discount'
  | 'amount'
  | 'vat';

/** Column titles, longest first wins; Arabic compared without dots (OCR). */
const TITLES: Array<[string, ColumnRole]> = [
  ['#', 'index'],
  ['s no', 'index'],
  ['sno', 'index'],
  ['sr no', 'index'],
  ['sl no', 'index'],
  ['sr', 'index'],
  ['sl', 'index'],
  ['م', 'index'],
  ['ت', 'index'],
  ['item code', 'code'],
  ['product code', 'code'],
  ['code', 'code'],
  ['sku', 'code'],
  ['ref', 'code'],
  ['كود', 'code'],
  ['الكود', 'code'],
  ['رمز الصنف', 'code'],
  ['رقم الصنف', 'code'],
  ['كود الصنف', 'code'],
  ['barcode', 'barcode'],
  ['ean', 'barcode'],
  ['الباركود', 'barcode'],
  ['باركود', 'barcode'],
  ['description', 'description'],
  ['item description', 'description'],
  ['product description', 'description'],
  ['item name', 'description'],
  ['product name', 'description'],
  ['item', 'description'],
  ['items', 'description'],
  ['product', 'description'],
  ['products', 'description'],
  ['particulars', 'description'],
  ['details', 'description'],
  ['الصنف', 'description'],
  ['الاصناف', 'description'],
  ['اسم الصنف', 'description'],
  ['البيان', 'description'],
  ['الوصف', 'description'],
  ['المنتج', 'description'],
  ['وصف الصنف', 'description'],
  ['batch', 'batch'],
  ['batch no', 'batch'],
  ['batch number', 'batch'],
  ['lot', 'batch'],
  ['lot no', 'batch'],
  ['b n', 'batch'],
  ['التشغيله', 'batch'],
  ['رقم التشغيله', 'batch'],
  ['الدفعه', 'batch'],
  ['رقم الدفعه', 'batch'],
  ['رقم اللوط', 'batch'],
  ['mfg', 'mfg'],
  ['mfd', 'mfg'],
  ['mfg date', 'mfg'],
  ['mfd date', 'mfg'],
  ['manufacture date', 'mfg'],
  ['manufacturing date', 'mfg'],
  ['production date', 'mfg'],
  ['prod date', 'mfg'],
  ['prod', 'mfg'],
  ['تاريخ الانتاج', 'mfg'],
  ['الانتاج', 'mfg'],
  ['expiry', 'expiry'],
  ['expiry date', 'expiry'],
  ['exp', 'expiry'],
  ['exp date', 'expiry'],
  ['expiration', 'expiry'],
  ['best before', 'expiry'],
  ['تاريخ الانتهاء', 'expiry'],
  ['الانتهاء', 'expiry'],
  ['تاريخ الصلاحيه', 'expiry'],
  ['الصلاحيه', 'expiry'],
  ['unit', 'unit'],
  ['uom', 'unit'],
  ['units', 'unit'],
  ['pack', 'unit'],
  ['الوحده', 'unit'],
  ['وحده', 'unit'],
  ['qty', 'qty'],
  ['quantity', 'qty'],
  ['الكميه', 'qty'],
  ['كميه', 'qty'],
  ['العدد', 'qty'],
  ['unit price', 'price'],
  ['price', 'price'],
  ['rate', 'price'],
  ['unit cost', 'price'],
  ['سعر الوحده', 'price'],
  ['سعرالوحده', 'price'],
  ['السعر', 'price'],
  ['سعر', 'price'],
  ['discount', 'discount'],
  ['disc', 'discount'],
  ['الخصم', 'discount'],
  ['خصم', 'discount'],
  ['amount', 'amount'],
  ['total', 'amount'],
  ['line total', 'amount'],
  ['net amount', 'amount'],
  ['net', 'amount'],
  ['value', 'amount'],
  ['taxable amount', 'amount'],
  ['الاجمالي', 'amount'],
  ['اجمالي', 'amount'],
  ['المبلغ', 'amount'],
  ['القيمه', 'amount'],
  ['الصافي', 'amount'],
  ['vat', 'vat'],
  ['vat amount', 'vat'],
  ['tax', 'vat'],
  ['الضريبه', 'vat'],
  ['ضريبه', 'vat'],
];

const titleWords = (title: string): string[] => title.split(' ').map((word) => rasm(normalizeWord(word)));
const TITLE_LIST = TITLES.map(([title, role]) => ({ words: titleWords(title), role })).sort(
  (a, b) => b.words.length - a.words.length,
);
const CORE_ROLES = new Set<ColumnRole>(['description', 'batch', 'mfg', 'expiry', 'unit', 'qty', 'price', 'amount']);

/** The words of a line as column titles are compared: normalised, dots and punctuation out. */
function headerWords(text: string): string[] {
  return text
    .replace(/\./g, ' ')
    .split(/[^\p{L}\p{N}#]+/u)
    .filter((word) => word.length > 0)
    .map((word) => rasm(normalizeWord(word)));
}

/**
 * The roles of a table header row in printed order, or null when the line is not one: three or
 * more column titles (among description, batch, dates, unit, quantity, price, amount), no amounts.
 */
export function tableColumns(line: InvoiceLine): ColumnRole[] | null {
  if (line.tokens.some((token) => token.kind === 'number' || token.kind === 'date' || token.kind === 'size')) {
    return null;
  }
  const words = headerWords(line.text);
  const roles: ColumnRole[] = [];
  let unknown = 0;
  for (let i = 0; i < words.length;) {
    const found = TITLE_LIST.find((title) => title.words.every((word, k) => words[i + k] === word));
    if (found) {
      if (roles[roles.length - 1] !== found.role) roles.push(found.role);
      i += found.words.length;
    } else {
      unknown += 1;
      i += 1;
    }
  }
  const core = new Set(roles.filter((role) => CORE_ROLES.has(role)));
  const hasFigure = core.has('qty') || core.has('price') || core.has('amount');
  if (core.size < 3 || !hasFigure || unknown > roles.length + 1) return null;
  return roles;
}

/**
 * OCR sometimes joins the header row to the first item ("Code Description Qty UOM Price Amount
 * NF1L Nadec Fresh Milk …"): the roles of the column titles the line starts with, and how many
 * tokens they take, when they are a table header.
 */
export function headerPrefix(line: InvoiceLine): { roles: ColumnRole[]; tokens: number } | null {
  const norms = line.tokens.map((token) => rasm(token.norm));
  const roles: ColumnRole[] = [];
  let at = 0;
  while (at < norms.length) {
    const found = TITLE_LIST.find((title) => title.words.every((word, k) => norms[at + k] === word));
    if (!found) break;
    if (roles[roles.length - 1] !== found.role) roles.push(found.role);
    at += found.words.length;
  }
  const core = new Set(roles.filter((role) => CORE_ROLES.has(role)));
  if (core.size < 3 || !(core.has('qty') || core.has('price') || core.has('amount'))) return null;
  return { roles, tokens: at };
}

// ---------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------

const TOTAL_START = new Keywords([
  'total',
  'totals',
  'subtotal',
  'sub',
  'grand',
  'net',
  'gross',
  'vat',
  'tax',
  'discount',
  'rounding',
  'balance',
  'amount',
  'المجموع',
  'مجموع',
  'الاجمالي',
  'اجمالي',
  'الضريبه',
  'ضريبه',
  'الخصم',
  'خصم',
  'الصافي',
  'صافي',
  'المبلغ',
  'المستحق',
  'فقط',
]);

const TOTAL_WORDS = new Keywords([
  'total',
  'totals',
  'subtotal',
  'sub',
  'grand',
  'net',
  'gross',
  'amount',
  'due',
  'payable',
  'balance',
  'vat',
  'tax',
  'discount',
  'rounding',
  'incl',
  'including',
  'inclusive',
  'excl',
  'excluding',
  'exclusive',
  'before',
  'after',
  'taxable',
  'value',
  'added',
  'of',
  'in',
  'words',
  'only',
  'المجموع',
  'مجموع',
  'الاجمالي',
  'اجمالي',
  'الفرعي',
  'الضريبه',
  'ضريبه',
  'القيمه',
  'المضافه',
  'شامل',
  'شامله',
  'غير',
  'بدون',
  'قبل',
  'بعد',
  'الخصم',
  'خصم',
  'الصافي',
  'صافي',
  'المبلغ',
  'المستحق',
  'الكلي',
  'النهائي',
  'فقط',
  'لا',
  'غير',
]);

/**
 * A subtotal, VAT or total line ("Subtotal 661.30", "VAT 15% 99.20", "المجموع: 1222.20 ضريبة
 * القيمة المضافة 15%: 183.33 الإجمالي شامل الضريبة: 1405.53"): never an item.
 */
export function isTotalsLine(line: InvoiceLine): boolean {
  const words = line.tokens.filter((token) => token.kind === 'word' || token.kind === 'unit');
  if (words.length === 0) return false;
  const first = words[0];
  const known = words.filter((word) => TOTAL_WORDS.has(word.norm)).length;
  if (TOTAL_START.has(first.norm) && known * 2 >= words.length) return true;
  const figures = line.tokens.some((token) => token.kind === 'number');
  return figures && known === words.length;
}

export interface InvoiceTotals {
  subtotal: string | null;
  vat: string | null;
  total: string | null;
  /** The total was labelled as including VAT ("Grand Total", "شامل الضريبة"). */
  totalInclusive: boolean;
}

const SUBTOTAL_CUES = new Keywords([
  'subtotal',
  'sub',
  'excl',
  'excluding',
  'exclusive',
  'before',
  'taxable',
  'المجموع',
  'مجموع',
  'الفرعي',
  'قبل',
  'بدون',
  'غير',
]);
const VAT_CUES = new Keywords(['vat', 'tax', 'الضريبه', 'ضريبه', 'المضافه']);
const INCLUSIVE_CUES = new Keywords([
  'incl',
  'including',
  'inclusive',
  'grand',
  'payable',
  'due',
  'شامل',
  'شامله',
  'المستحق',
  'النهائي',
]);
const TOTAL_CUES = new Keywords([
  'total',
  'الاجمالي',
  'اجمالي',
  'net',
  'الصافي',
  'صافي',
  'balance',
  'amount',
  'المبلغ',
  'الكلي',
]);

/**
 * Reads the labelled figures of a totals line into `totals`: each amount belongs to the words
 * before it (the last amount after a label wins: "VAT 15% 99.20" is 99.20).
 */
export function readTotals(line: InvoiceLine, totals: InvoiceTotals): void {
  let label: string[] = [];
  let labelClosed = false;
  for (const token of line.tokens) {
    if (token.kind === 'word' || token.kind === 'unit') {
      if (labelClosed) {
        label = [];
        labelClosed = false;
      }
      label.push(token.norm);
      continue;
    }
    if (token.kind !== 'number' || !token.value || label.length === 0) continue;
    labelClosed = true;
    const has = (cues: Keywords): boolean => label.some((word) => cues.has(word));
    if (has(INCLUSIVE_CUES)) {
      // "Net Total 622.80 … Grand Total 716.22": the first total was the one before VAT.
      if (totals.total !== null && !totals.totalInclusive && totals.subtotal === null) totals.subtotal = totals.total;
      totals.total = token.value;
      totals.totalInclusive = true;
    } else if (has(SUBTOTAL_CUES)) totals.subtotal = token.value;
    else if (has(VAT_CUES)) totals.vat = token.value;
    else if (has(TOTAL_CUES) && !totals.totalInclusive) totals.total = token.value;
  }
}
