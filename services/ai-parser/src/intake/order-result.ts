import type { ParsedOrderItemDto } from '@erp/contracts';
import type { ModelAnswer, ModelItem, ModelLine } from '../engines/model-answer.js';
import {
  lookupUnit,
  normalizePhrase,
  reportedUnit,
  unitMultiplier,
  unitOnItem,
  type CatalogItem,
  type MemoryEntry,
  type ParsedOrder,
  type ParsedOrderItem,
  type StatedUnit,
} from '../parser/index.js';

/** How sure the quantities of a reading are. */
export interface QuantityTrust {
  /** Every quantity came through OCR or the offline recogniser: the user must check them. */
  allNeedCheck: boolean;
  /**
   * The words themselves may be wrong: the offline recogniser always hears some sentence of the
   * catalogue's grammar, so a match on what it heard is never certain (at most UNSURE_READING).
   */
  wordsUncertain?: boolean;
}

/** The highest confidence of a line read from words that may be wrong: below the screens' "good match" (0.85). */
export const UNSURE_READING = 0.75;

function capped(trust: QuantityTrust, confidence: number): number {
  return trust.wordsUncertain ? Math.min(confidence, UNSURE_READING) : confidence;
}

const arabic = /[\u0600-\u06ff]/;

/** A unit code of a line (units.ts) as a stated unit: how the parser's table reads that word. */
function statedCode(unit: string): StatedUnit | null {
  const word = lookupUnit(unit.toLowerCase());
  return word ? { kind: word.kind, code: word.code } : null;
}

/**
 * A quantity in a unit, as the parser reads it (the quantity `unitOnItem` takes): counted in the
 * unit the customer's word reads as, so 2 dozen are 24 (pieces).
 */
interface Reading {
  stated: StatedUnit | null;
  quantity: number;
}

/** The offline line's quantity as the parser read it, before it was put onto its item's units. */
function lineReading(line: ParsedOrderItem): Reading {
  const stated = line.statedUnit;
  const own = stated !== null && line.unit === stated.code;
  return { stated, quantity: own ? line.quantity * unitMultiplier(stated.kind) : line.quantity };
}

/**
 * The model's quantity and unit as the parser would read them. The customer's own word is kept
 * when the model names the unit the offline line is in, or the unit that word reads as (so "3
 * صناديق" stays a case, and 24 pieces of a dozen stay 2 dozen of an item sold by the dozen); any
 * other unit is read as its code.
 */
function modelReading(
  item: ModelItem,
  line: ParsedOrderItem | undefined,
  catalog: ReadonlyMap<string, CatalogItem>,
): Reading {
  const unit = item.unit ?? line?.unit ?? null;
  const stated = line?.statedUnit ?? null;
  if (stated && unit !== null) {
    if (unit === stated.code) return { stated, quantity: item.quantity * unitMultiplier(stated.kind) };
    const lineItem = line?.stockItemId ? catalog.get(line.stockItemId) : undefined;
    if (unit === line?.unit || unit === reportedUnit(stated, lineItem?.unit ?? null)) {
      return { stated, quantity: item.quantity };
    }
  }
  const code = unit === null ? null : statedCode(unit);
  return { stated: code, quantity: code ? item.quantity * unitMultiplier(code.kind) : item.quantity };
}

/** The offline parser's line as the HTTP contract gives it. */
export function toItemDto(item: ParsedOrderItem, trust: QuantityTrust): ParsedOrderItemDto {
  // No quantity and no unit stated: the parser assumed one (e.g. "Afia oil 1.5L").
  const assumed = !item.unitStated && item.quantity === 1;
  const cap = (confidence: number) => capped(trust, confidence);
  return {
    itemName: item.itemName,
    itemNameAr: item.itemNameAr,
    quantity: item.quantity,
    unit: item.unit,
    unitPrice: item.unitPrice,
    stockItemId: item.stockItemId,
    sku: item.sku,
    confidence: cap(item.confidence),
    sourceText: item.sourceText,
    phrase: item.phrase,
    quantityNeedsCheck: trust.allNeedCheck || assumed,
    unitNeedsCheck: item.unitNeedsCheck,
    matchedBy: item.matchedBy,
    alternatives: item.alternatives.map((alternative) => ({ ...alternative, confidence: cap(alternative.confidence) })),
  };
}

/** The draft as the model is shown it: each line with its catalogue candidates (the choice first). */
export function modelLinesOf(draft: ParsedOrder, catalog: ReadonlyMap<string, CatalogItem>): ModelLine[] {
  return draft.items.map((item, line) => {
    const ids = [item.stockItemId, ...item.alternatives.map((alternative) => alternative.stockItemId)].filter(
      (id): id is string => id !== null,
    );
    const candidates = [...new Set(ids)]
      .map((id) => catalog.get(id))
      .filter((found): found is CatalogItem => found !== undefined)
      .map((found) => ({ stockItemId: found.id, sku: found.sku, name: found.name, nameAr: found.nameAr ?? null }));
    return { line, text: item.sourceText, quantity: item.quantity, unit: item.unit, candidates };
  });
}

/** The confidence the offline matcher gave this item for this line, if it was a candidate. */
function candidateConfidence(line: ParsedOrderItem | undefined, stockItemId: string): number | null {
  if (!line) return null;
  if (line.stockItemId === stockItemId) return line.confidence;
  return line.alternatives.find((alternative) => alternative.stockItemId === stockItemId)?.confidence ?? null;
}

/**
 * The model's items, written as the contract's lines: catalogue names and prices for the ids it
 * picked (already checked to be candidates), the draft line's wording and phrase where it named
 * one, and the quantity marked for checking when the two engines read it differently.
 */
export function itemsFromModel(
  answer: ModelAnswer,
  draft: ParsedOrder,
  catalog: ReadonlyMap<string, CatalogItem>,
  trust: QuantityTrust,
): ParsedOrderItemDto[] {
  return answer.items.map((item) => {
    const line = item.line === null ? undefined : draft.items[item.line];
    const chosen = item.stockItemId ? (catalog.get(item.stockItemId) ?? null) : null;
    const sameChoice = line !== undefined && (line.stockItemId ?? null) === (chosen?.id ?? null);
    const alternatives = (line ? [lineAsAlternative(line, catalog), ...line.alternatives] : [])
      .filter((alternative): alternative is NonNullable<typeof alternative> => alternative !== null)
      .filter((alternative) => alternative.stockItemId !== chosen?.id)
      .slice(0, 3);
    // The model's unit goes through the parser's reading and onto the chosen item's units, as the
    // offline line's does (CONTRACT §10).
    const reading = modelReading(item, line, catalog);
    const placed = unitOnItem(reading.stated, reading.quantity, chosen);
    return {
      itemName: chosen ? chosen.name : item.itemName,
      itemNameAr: chosen ? (chosen.nameAr ?? null) : arabic.test(item.itemName) ? item.itemName : null,
      quantity: placed.quantity,
      unit: placed.unit,
      unitPrice: placed.unitPrice,
      stockItemId: chosen?.id ?? null,
      sku: chosen?.sku ?? null,
      confidence: capped(trust, chosen ? (candidateConfidence(line, chosen.id) ?? 0.5) : (line?.confidence ?? 0)),
      sourceText: line?.sourceText ?? item.itemName,
      phrase: line?.phrase ?? normalizePhrase(item.itemName),
      quantityNeedsCheck: trust.allNeedCheck || (line !== undefined && lineReading(line).quantity !== reading.quantity),
      unitNeedsCheck: placed.unitNeedsCheck,
      matchedBy: chosen ? (sameChoice ? line.matchedBy : 'model') : null,
      alternatives,
    };
  });
}

function lineAsAlternative(
  line: ParsedOrderItem,
  catalog: ReadonlyMap<string, CatalogItem>,
): ParsedOrderItemDto['alternatives'][number] | null {
  const item = line.stockItemId ? catalog.get(line.stockItemId) : undefined;
  return item
    ? { stockItemId: item.id, sku: item.sku, name: item.name, nameAr: item.nameAr ?? null, confidence: line.confidence }
    : null;
}

/**
 * The client's remembered wording wins over any engine: a line whose phrase the client
 * confirmed before gets that stock item (the offline parser already does this for its own lines;
 * this covers the model's answer and a client found only by the model).
 */
export function applyMemory(
  items: ParsedOrderItemDto[],
  memory: readonly MemoryEntry[],
  catalog: ReadonlyMap<string, CatalogItem>,
): ParsedOrderItemDto[] {
  if (memory.length === 0) return items;
  const byPhrase = new Map(memory.map((entry) => [normalizePhrase(entry.phrase), entry.stockItemId]));
  return items.map((item) => {
    const remembered = byPhrase.get(item.phrase);
    const chosen = remembered ? catalog.get(remembered) : undefined;
    if (!chosen || item.matchedBy === 'memory') return item;
    // The line's unit onto the remembered item's units (CONTRACT §10).
    const stated = item.unit === null ? null : statedCode(item.unit);
    const placed = unitOnItem(stated, stated ? item.quantity * unitMultiplier(stated.kind) : item.quantity, chosen);
    return {
      ...item,
      itemName: chosen.name,
      itemNameAr: chosen.nameAr ?? null,
      quantity: placed.quantity,
      unit: placed.unit,
      unitPrice: placed.unitPrice,
      unitNeedsCheck: placed.unitNeedsCheck,
      stockItemId: chosen.id,
      sku: chosen.sku,
      confidence: 1,
      matchedBy: 'memory',
      alternatives: item.alternatives.filter((alternative) => alternative.stockItemId !== chosen.id),
    };
  });
}
