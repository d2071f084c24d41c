import type { ParsedOrderItemDto } from '@erp/contracts';
import type { ModelAnswer, ModelLine } from '../engines/model-answer.js';
import {
  normalizePhrase,
  type CatalogItem,
  type MemoryEntry,
  type ParsedOrder,
  type ParsedOrderItem,
} from '../parser/index.js';

/** How sure the quantities of a reading are. */
export interface QuantityTrust {
  /** Every quantity came through OCR or the offline recogniser: the user must check them. */
  allNeedCheck: boolean;
}

const arabic = /[\u0600-\u06ff]/;

function price(item: CatalogItem): string | null {
  const value = item.sellingPrice;
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : null;
}

/** The offline parser's line as the HTTP contract gives it. */
export function toItemDto(item: ParsedOrderItem, trust: QuantityTrust): ParsedOrderItemDto {
  // No quantity and no unit stated: the parser assumed one (e.g. "Afia oil 1.5L").
  const assumed = !item.unitStated && item.quantity === 1;
  return {
    itemName: item.itemName,
    itemNameAr: item.itemNameAr,
    quantity: item.quantity,
    unit: item.unit,
    unitPrice: item.unitPrice,
    stockItemId: item.stockItemId,
    sku: item.sku,
    confidence: item.confidence,
    sourceText: item.sourceText,
    phrase: item.phrase,
    quantityNeedsCheck: trust.allNeedCheck || assumed,
    matchedBy: item.matchedBy,
    alternatives: item.alternatives,
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
    return {
      itemName: chosen ? chosen.name : item.itemName,
      itemNameAr: chosen ? (chosen.nameAr ?? null) : arabic.test(item.itemName) ? item.itemName : null,
      quantity: item.quantity,
      unit: item.unit ?? line?.unit ?? chosen?.unit ?? null,
      unitPrice: chosen ? price(chosen) : null,
      stockItemId: chosen?.id ?? null,
      sku: chosen?.sku ?? null,
      confidence: chosen ? (candidateConfidence(line, chosen.id) ?? 0.5) : (line?.confidence ?? 0),
      sourceText: line?.sourceText ?? item.itemName,
      phrase: line?.phrase ?? normalizePhrase(item.itemName),
      quantityNeedsCheck: trust.allNeedCheck || (line !== undefined && line.quantity !== item.quantity),
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
  return item ? { stockItemId: item.id, sku: item.sku, name: item.name, confidence: line.confidence } : null;
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
    return {
      ...item,
      itemName: chosen.name,
      itemNameAr: chosen.nameAr ?? null,
      unit: item.unit ?? chosen.unit,
      unitPrice: price(chosen),
      stockItemId: chosen.id,
      sku: chosen.sku,
      confidence: 1,
      matchedBy: 'memory',
      alternatives: item.alternatives.filter((alternative) => alternative.stockItemId !== chosen.id),
    };
  });
}
