import type { SupplierInvoiceDraftDto, SupplierInvoiceLineDraftDto } from '@erp/contracts';
import { Decimal } from 'decimal.js';
import type { CatalogIndex } from '../parser/catalog-index.js';
import { hasArabic } from '../parser/normalize.js';
import { placeUnit } from '../parser/item-units.js';
import { type StatedUnit, isMeasureKind, reportedUnit, unitMultiplier } from '../parser/units.js';
import { type RowAmounts, findAmounts, unitNextTo } from './amounts.js';
import { matchDescription } from './catalogue-match.js';
import {
  type ColumnRole,
  type InvoiceTotals,
  headerPrefix,
  isTotalsLine,
  readTotals,
  tableColumns,
} from './columns.js';
import { readHeader, scriptOf } from './header.js';
import { type InvoiceLine, Keywords, type RowToken, readInvoiceLines, saleUnitOf, sizeUnitOf } from './invoice-text.js';

/**
 * Supplier invoices (CONTRACT §5, docs/api/ai-intake.md): the text of a PDF or of a scan (OCR)
 * read into a draft goods receipt. The header gives the supplier, invoice number and date; the
 * item table gives, per line, the description (matched to the catalogue with the offline
 * matcher), quantity and unit, unit price, line total, batch number and dates where printed.
 * Subtotal, VAT and total lines are read as totals, never as items. Hijri dates are skipped.
 */

/** What the parser returns: the draft without what the service adds (rawText, engine, file URL). */
export type SupplierInvoiceReading = Omit<SupplierInvoiceDraftDto, 'rawText' | 'engine' | 'uploadedFileUrl'>;

export interface ParseSupplierInvoiceOptions {
  /** The numbers came from OCR: every quantity is marked for checking, lost decimal points may be repaired. */
  numbersFromOcr?: boolean;
  /** Minimum catalogue match confidence (0–1); default the order parser's. */
  threshold?: number;
}

/** "Page 1 of 2", "صفحة ١ من ٢": never an item. */
const PAGE_LINE = /^\W*(?:page|صفح[ةه])\s*\d+\s*(?:of|\/|من)\s*\d+\W*$/i;

/** Lines and item rows read at most (a 10-page PDF has far fewer). */
const MAX_LINES = 5_000;
const MAX_ITEMS = 1_000;

interface RowDraft {
  description: string;
  codes: string[];
  quantity: Decimal;
  /** The printed unit (a pack size's unit when the quantity was printed as a weight or volume). */
  unit: StatedUnit | null;
  unitPrice: Decimal | null;
  lineTotal: Decimal | null;
  batchNumber: string | null;
  expiryDate: string | null;
  manufactureDate: string | null;
  confirmed: boolean;
  repaired: boolean;
}

// ---------------------------------------------------------------------------------------------
// Labelled fields in a row or on the line under it ("Batch: B-2211  Exp: 12/2026")
// ---------------------------------------------------------------------------------------------

const BATCH_LABELS = new Keywords([
  'batch',
  'lot',
  'bn',
  'b/n',
  'التشغيله',
  'تشغيله',
  'الدفعه',
  'دفعه',
  'لوط',
  'اللوط',
]);
const EXPIRY_LABELS = new Keywords([
  'exp',
  'expiry',
  'expires',
  'expiration',
  'bb',
  'best',
  'الانتهاء',
  'انتهاء',
  'الصلاحيه',
  'صلاحيه',
]);
const MFG_LABELS = new Keywords([
  'mfg',
  'mfd',
  'prod',
  'production',
  'manufactured',
  'manufacture',
  'الانتاج',
  'انتاج',
]);
const LABEL_FILLERS = new Keywords(['no', 'number', 'num', 'date', 'before', 'on', 'رقم', 'تاريخ', 'بتاريخ']);

interface LabelledFields {
  batchNumber: string | null;
  expiryDate: string | null;
  manufactureDate: string | null;
  used: Set<number>;
}

function labelledFields(tokens: RowToken[]): LabelledFields {
  const out: LabelledFields = { batchNumber: null, expiryDate: null, manufactureDate: null, used: new Set() };
  tokens.forEach((token, at) => {
    if (token.kind !== 'word' && token.kind !== 'unit') return;
    const field = BATCH_LABELS.has(token.norm)
      ? 'batch'
      : EXPIRY_LABELS.has(token.norm)
        ? 'expiry'
        : MFG_LABELS.has(token.norm)
          ? 'mfg'
          : null;
    if (!field) return;
    let next = at + 1;
    while (
      tokens[next] &&
      (tokens[next].kind === 'word' || tokens[next].kind === 'unit') &&
      LABEL_FILLERS.has(tokens[next].norm)
    ) {
      next += 1;
    }
    const value = tokens[next];
    if (!value) return;
    if (field === 'batch') {
      const usable =
        value.kind === 'code' || (value.kind === 'number' && /^\d{3,}$/.test(value.raw)) || value.kind === 'barcode';
      if (!usable || out.batchNumber) return;
      out.batchNumber = value.raw;
    } else {
      if (value.kind !== 'date' || !value.date?.iso) return;
      if (field === 'expiry') out.expiryDate ??= value.date.iso;
      else out.manufactureDate ??= value.date.iso;
    }
    for (let k = at; k <= next; k += 1) out.used.add(k);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// One item row
// ---------------------------------------------------------------------------------------------

function isLetterWord(token: RowToken): boolean {
  return token.kind === 'word' && /\p{L}{2,}/u.test(token.norm);
}

interface RowParts {
  /** Token indexes of the description (one contiguous run). */
  description: number[];
  codes: number[];
  serial: number | null;
  unitAt: number | null;
}

function rowParts(tokens: RowToken[], amounts: RowAmounts | null, labelled: LabelledFields): RowParts {
  const excluded = new Set<number>([...labelled.used, ...(amounts?.used ?? [])]);
  let unitAt: number | null = null;
  if (amounts) {
    const unit = unitNextTo(tokens, amounts.quantityAt);
    if (unit) {
      unitAt = tokens.indexOf(unit);
      excluded.add(unitAt);
    }
  }
  const first = tokens[0];
  let serial: number | null = null;
  if (
    first?.kind === 'number' &&
    /^\d{1,4}$/.test(first.raw) &&
    !excluded.has(0) &&
    tokens.length > 2 &&
    tokens[1]?.kind !== 'unit'
  ) {
    serial = 0;
    excluded.add(0);
  }
  const codes: number[] = [];
  tokens.forEach((token, at) => {
    if (excluded.has(at)) return;
    if (token.kind === 'code' || token.kind === 'barcode') codes.push(at);
    if (token.kind !== 'word' && token.kind !== 'size' && token.kind !== 'number' && token.kind !== 'unit') {
      excluded.add(at);
    }
  });
  // The description: the run of remaining tokens with the most words (ties: the first).
  let best: number[] = [];
  let bestWords = 0;
  let run: number[] = [];
  const close = (): void => {
    // Words count most; a run of units and sizes only ("1 Litre bottle") still beats nothing.
    const words =
      run.filter((at) => isLetterWord(tokens[at])).length * 2 +
      run.filter((at) => /\p{L}{2,}/u.test(tokens[at].raw)).length;
    if (words > bestWords) {
      best = run;
      bestWords = words;
    }
    run = [];
  };
  tokens.forEach((_token, at) => {
    if (excluded.has(at)) close();
    else run.push(at);
  });
  close();
  // A unit word or stray number at the run's end belongs to the figures, not to the name.
  while (best.length > 1) {
    const tail = tokens[best[best.length - 1]];
    const tailUnit = saleUnitOf(tail);
    const countUnit = tailUnit !== null && !isMeasureKind(tailUnit.kind);
    if (tail.kind === 'unit' && countUnit && tokens[best[best.length - 2]].kind !== 'number') best = best.slice(0, -1);
    else if (tail.kind === 'number') best = best.slice(0, -1);
    else break;
  }
  return { description: best, codes, serial, unitAt };
}

/**
 * Item codes printed in columns before the description ("Code | Description …": "NF1L Nadec
 * Fresh Milk …"), when the header says so: numbers and short capitalised tokens the catalogue does
 * not know, at the row's start, become codes, so they are not read as part of the name.
 */
function withoutCodeColumns(
  tokens: RowToken[],
  columns: ColumnRole[] | null,
  isKnownWord: (norm: string) => boolean,
): RowToken[] {
  if (!columns) return tokens;
  const description = columns.indexOf('description');
  if (description <= 0) return tokens;
  const codeColumns = columns.slice(0, description).filter((role) => role === 'code' || role === 'barcode').length;
  let at = 0;
  let converted = 0;
  const out = [...tokens];
  while (at < out.length && converted < codeColumns) {
    const token = out[at];
    if (token.kind === 'number' && at === 0 && columns[0] === 'index' && /^\d{1,4}$/.test(token.raw)) {
      at += 1;
      continue;
    }
    const codeLike =
      token.kind === 'code' ||
      token.kind === 'barcode' ||
      (token.kind === 'number' && /^\d{3,}$/.test(token.raw)) ||
      (token.kind === 'word' &&
        /^[A-Z0-9][A-Z0-9\-/]{1,11}$/.test(token.raw) &&
        /[A-Z]/.test(token.raw) &&
        !isKnownWord(token.norm));
    if (!codeLike || !out.slice(at + 1).some(isLetterWord)) break;
    out[at] = { ...token, kind: 'code' };
    converted += 1;
    at += 1;
  }
  return out;
}

interface DatesRead {
  expiryDate: string | null;
  manufactureDate: string | null;
}

/**
 * Unlabelled dates of a row: two or more are production then expiry (the earlier is the
 * production date, whatever the column order); one alone is what the table's header says it is,
 * else an expiry when it is after the invoice date and a production date when it is not.
 */
function rowDates(
  tokens: RowToken[],
  used: Set<number>,
  columns: ColumnRole[] | null,
  invoiceDate: string | null,
): DatesRead {
  const dates = tokens
    .filter((token, at) => token.kind === 'date' && token.date?.iso && !used.has(at))
    .map((token) => token.date?.iso as string);
  if (dates.length === 0) return { expiryDate: null, manufactureDate: null };
  if (dates.length >= 2) {
    const sorted = [...dates].sort();
    return { manufactureDate: sorted[0], expiryDate: sorted[sorted.length - 1] };
  }
  const hasExpiry = columns?.includes('expiry') ?? false;
  const hasMfg = columns?.includes('mfg') ?? false;
  if (hasExpiry && !hasMfg) return { expiryDate: dates[0], manufactureDate: null };
  if (hasMfg && !hasExpiry) return { expiryDate: null, manufactureDate: dates[0] };
  if (invoiceDate && dates[0] <= invoiceDate) return { expiryDate: null, manufactureDate: dates[0] };
  return { expiryDate: dates[0], manufactureDate: null };
}

function batchOf(
  tokens: RowToken[],
  parts: RowParts,
  columns: ColumnRole[] | null,
): { batch: string | null; itemCodes: string[] } {
  const descriptionStart = parts.description[0] ?? tokens.length;
  const before = parts.codes.filter((at) => at < descriptionStart);
  const after = parts.codes.filter((at) => at > descriptionStart);
  const codeColumn = columns?.includes('code') ?? false;
  const batchColumn = columns?.includes('batch') ?? false;
  const raw = (at: number): string => tokens[at].raw;
  if (columns && codeColumn && !batchColumn) return { batch: null, itemCodes: parts.codes.map(raw) };
  if (after.length > 0) {
    const batchAt = after.find((at) => tokens[at].kind === 'code') ?? null;
    return {
      batch: batchAt === null ? null : raw(batchAt),
      itemCodes: [...before, ...after.filter((at) => at !== batchAt)].map(raw),
    };
  }
  if (batchColumn && !codeColumn && before.length > 0) {
    const batchAt = before.find((at) => tokens[at].kind === 'code') ?? null;
    return { batch: batchAt === null ? null : raw(batchAt), itemCodes: before.filter((at) => at !== batchAt).map(raw) };
  }
  return { batch: null, itemCodes: before.map(raw) };
}

/** A digits-only batch number in the batch column: an unused whole number between the name and the quantity. */
function numericBatch(
  tokens: RowToken[],
  parts: RowParts,
  amounts: RowAmounts,
  columns: ColumnRole[] | null,
): string | null {
  if (!columns?.includes('batch')) return null;
  const end = parts.description[parts.description.length - 1] ?? -1;
  for (let at = end + 1; at < amounts.quantityAt; at += 1) {
    const token = tokens[at];
    if (token.kind === 'number' && /^\d{3,}$/.test(token.raw) && !amounts.used.has(at)) return token.raw;
  }
  return null;
}

function textOf(line: InvoiceLine, tokens: RowToken[], positions: number[]): string {
  if (positions.length === 0) return '';
  const first = tokens[positions[0]];
  const last = tokens[positions[positions.length - 1]];
  let text = line.text.slice(first.start, last.end);
  // "Green Cardamom (per kg)": the closing bracket after the last word.
  if (text.split('(').length > text.split(')').length && line.text[last.end] === ')') text += ')';
  return text
    .replace(/\t/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—:|,.]+|[\s\-–—:|,]+$/g, '')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// The invoice
// ---------------------------------------------------------------------------------------------

/** Where the item table starts: its header row, else the first row that adds up. */
function tableStart(lines: InvoiceLine[], repairs: boolean): number {
  const header = lines.findIndex((line) => tableColumns(line) !== null);
  if (header >= 0) return header;
  const first = lines.findIndex((line) => {
    if (isTotalsLine(line)) return false;
    const amounts = findAmounts(line.tokens, repairs);
    return amounts?.confirmed === true && line.tokens.some(isLetterWord);
  });
  return first >= 0 ? first : lines.length;
}

function money(value: Decimal | null): string | null {
  return value === null ? null : value.toFixed(2);
}

function quantityNumber(value: Decimal): number {
  return Number(value.toDecimalPlaces(3).toString());
}

function splitScripts(description: string): { latin: string; arabic: string } {
  const latin = description
    .replace(/[\u0600-\u06ff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const arabic = description
    .replace(/[A-Za-z][A-Za-z']*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { latin, arabic };
}

/**
 * Reads a supplier invoice's text into a draft goods receipt (see the module comment), each line
 * matched to the catalogue (`catalogIndex`, the order parser's index).
 */
export function parseSupplierInvoice(
  text: string,
  catalogIndex: CatalogIndex,
  options: ParseSupplierInvoiceOptions = {},
): SupplierInvoiceReading {
  const ocr = options.numbersFromOcr ?? false;
  const lines = readInvoiceLines(text)
    .slice(0, MAX_LINES)
    .filter((line) => line.tokens.length > 0);
  const start = tableStart(lines, ocr);
  const body = lines.slice(start);
  const script = scriptOf(body.map((line) => line.text).join(' ')) ?? scriptOf(text);
  const header = readHeader(lines.slice(0, start), script);

  const rows: RowDraft[] = [];
  const totals: InvoiceTotals = { subtotal: null, vat: null, total: null, totalInclusive: false };
  let columns: ColumnRole[] | null = null;
  let inTable = false;
  let ended = false;
  let pending: string[] = [];

  const flushPending = (next: RowDraft | null): void => {
    if (pending.length === 0) return;
    const words = pending.join(' ');
    pending = [];
    if (next && !/\p{L}{2,}/u.test(next.description)) next.description = `${words} ${next.description}`.trim();
    else if (rows.length > 0 && rows[rows.length - 1] !== next) {
      const previous = rows[rows.length - 1];
      previous.description = `${previous.description} ${words}`.trim();
    } else if (next) next.description = `${words} ${next.description}`.trim();
  };

  for (const line of body) {
    const found = tableColumns(line);
    if (found) {
      flushPending(null);
      columns = found;
      inTable = true;
      ended = false;
      continue;
    }
    if (isTotalsLine(line)) {
      readTotals(line, totals);
      if (inTable || rows.length > 0) ended = true;
      inTable = false;
      continue;
    }
    if (ended || rows.length >= MAX_ITEMS || PAGE_LINE.test(line.text)) continue;
    let tokens = line.tokens;
    const prefix = headerPrefix(line);
    if (prefix) {
      columns = prefix.roles;
      inTable = true;
      tokens = tokens.slice(prefix.tokens);
    }
    tokens = withoutCodeColumns(tokens, columns, catalogIndex.isKnownWord);
    const labelled = labelledFields(tokens);
    const amounts = findAmounts(
      tokens.map((token, at) => (labelled.used.has(at) ? { ...token, kind: 'mark' as const } : token)),
      ocr,
    );
    const parts = rowParts(tokens, amounts, labelled);
    const descriptionWords = parts.description.filter((at) => isLetterWord(tokens[at])).length;
    if (amounts && descriptionWords > 0 && (amounts.confirmed || inTable)) {
      const { batch, itemCodes } = batchOf(tokens, parts, columns);
      const dates = rowDates(tokens, labelled.used, columns, header.invoiceDate);
      const unitToken = parts.unitAt === null ? null : tokens[parts.unitAt];
      const row: RowDraft = {
        description: textOf(line, tokens, parts.description),
        codes: itemCodes,
        quantity: amounts.quantity,
        unit: unitToken ? (unitToken.kind === 'size' ? sizeUnitOf(unitToken) : saleUnitOf(unitToken)) : null,
        unitPrice: amounts.unitPrice,
        lineTotal: amounts.lineTotal,
        batchNumber: labelled.batchNumber ?? batch ?? numericBatch(tokens, parts, amounts, columns),
        expiryDate: labelled.expiryDate ?? dates.expiryDate,
        manufactureDate: labelled.manufactureDate ?? dates.manufactureDate,
        confirmed: amounts.confirmed,
        repaired: amounts.repaired,
      };
      flushPending(row);
      rows.push(row);
      // Without a header row, the table starts at the first row that adds up.
      inTable = true;
      continue;
    }
    const previous = rows[rows.length - 1];
    const hasFields =
      labelled.batchNumber !== null || labelled.expiryDate !== null || labelled.manufactureDate !== null;
    const otherWords = parts.description.filter(
      (at) => isLetterWord(tokens[at]) && !LABEL_FILLERS.has(tokens[at].norm),
    ).length;
    if (previous && hasFields && otherWords === 0) {
      // "Batch: 240915  Exp: 03/2027" under its item.
      previous.batchNumber ??= labelled.batchNumber;
      previous.expiryDate ??= labelled.expiryDate;
      previous.manufactureDate ??= labelled.manufactureDate;
      continue;
    }
    const figures = tokens.some((token) => token.kind === 'number' || token.kind === 'date');
    const letters = parts.description.some((at) => /\p{L}{2,}/u.test(tokens[at].raw));
    if (inTable && letters && !figures) {
      // A description wrapped onto its own line, or the other language's name under it.
      pending.push(textOf(line, tokens, parts.description));
      continue;
    }
  }
  flushPending(null);

  const drafted: SupplierInvoiceLineDraftDto[] = rows
    .filter((row) => row.description.length > 0 && quantityNumber(row.quantity) > 0)
    .map((row) => draftLine(row, catalogIndex, ocr, options.threshold));
  const twoDecimals = (value: string | null): string | null => (value === null ? null : new Decimal(value).toFixed(2));
  const looksLikeInvoice = drafted.length > 0 || header.invoiceNumber !== null;
  return {
    supplierName: header.supplierName ?? (looksLikeInvoice ? header.supplierGuess : null),
    invoiceNumber: header.invoiceNumber,
    invoiceDate: header.invoiceDate,
    lines: drafted,
    totals: { subtotal: twoDecimals(totals.subtotal), vat: twoDecimals(totals.vat), total: twoDecimals(totals.total) },
  };
}

function draftLine(
  row: RowDraft,
  index: CatalogIndex,
  ocr: boolean,
  threshold: number | undefined,
): SupplierInvoiceLineDraftDto {
  const unitHint = row.unit ? reportedUnit(row.unit, null) : null;
  const match = matchDescription(row.description, index, { unitHint, codes: row.codes, threshold });
  const item = match.item?.item ?? null;
  // The printed unit onto the item's units (CONTRACT §10): kept when the item is counted or sold
  // in it (a receipt in packs receives quantity × factor), else marked for the user to choose.
  const placed = placeUnit(row.unit, item);
  const unit = placed.unit ?? 'piece';
  let quantity = row.quantity;
  let unitPrice = row.unitPrice;
  // Dozens of an item not sold by the dozen are received as pieces.
  const multiplier = row.unit ? unitMultiplier(row.unit.kind) : 1;
  const dozens = multiplier !== 1 && unit !== row.unit?.code;
  if (dozens) {
    quantity = quantity.times(multiplier);
    unitPrice = row.lineTotal
      ? row.lineTotal.dividedBy(quantity).toDecimalPlaces(2)
      : (unitPrice?.dividedBy(multiplier) ?? null);
  }
  const { latin, arabic } = splitScripts(row.description);
  const name = item ? item.name : (/[A-Za-z]{2}/.test(latin) ? latin : row.description).slice(0, 200);
  const nameAr = item
    ? (item.nameAr ?? null)
    : hasArabic(row.description)
      ? (arabic || row.description).slice(0, 200)
      : null;
  return {
    name,
    nameAr,
    description: row.description.slice(0, 500),
    stockItemId: item?.id ?? null,
    sku: item?.sku ?? null,
    quantity: quantityNumber(quantity),
    unit,
    unitPrice: money(unitPrice),
    lineTotal: money(row.lineTotal),
    batchNumber: row.batchNumber ? row.batchNumber.slice(0, 100) : null,
    expiryDate: row.expiryDate,
    manufactureDate: row.manufactureDate,
    confidence: match.confidence,
    quantityNeedsCheck: ocr || !row.confirmed || row.repaired || dozens,
    unitNeedsCheck: placed.unitNeedsCheck,
    alternatives: match.alternatives,
  };
}
