/**
 * The offline bilingual order parser (issue #7): no network, no model. Build an index once per
 * catalogue, then parse messages against it.
 *
 *   const index = buildCatalogIndex(items);            // items: CatalogItem[]
 *   const parsed = parseOrderText(text, index, { memory });
 */
export { buildCatalogIndex, type CatalogIndex, type CatalogItem } from './catalog-index.js';
export { normalizePhrase } from './normalize.js';
export {
  DEFAULT_THRESHOLD,
  UNKNOWN_CLIENT,
  parseOrderText,
  type MemoryEntry,
  type ParseOptions,
  type ParsedOrder,
  type ParsedOrderItem,
} from './parse.js';
export { type CatalogPack, type ItemUnit, type PlacedUnit, placeUnit, priceIn, unitOnItem } from './item-units.js';
export { type StatedUnit, lookupUnit, reportedUnit, unitMultiplier } from './units.js';
export { parseJsonl, scoreCase, scoreSet, type CaseScore, type EvalCase, type SetScore } from './scoring.js';
