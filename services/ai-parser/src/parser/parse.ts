import { type CatalogIndex, type IndexedItem, SKU_PREFIX, groupOf, wordForms } from './catalog-index.js';
import { extractClient } from './client.js';
import { dimensionOf, joinDimensions } from './dimensions.js';
import { ADDITION_CUES } from './lexicon.js';
import {
  type Candidate,
  type MatchQuery,
  type QueryWord,
  type SizeMention,
  matchItems,
  queryWord,
  sizeFit,
} from './matcher.js';
import { hasArabic, normalizePhrase, prepareText } from './normalize.js';
import {
  type Measure,
  type SegmentAnalysis,
  analyseSegment,
  joinSplitWords,
  markNoise,
  SIZE_LABELS,
  splitPrefixes,
  splitSegments,
} from './segment.js';
import { readConnectors, type Token, tokenize } from './tokens.js';
import { packUnitsFor, unitOnItem } from './item-units.js';
import {
  GALLON_ML,
  type StatedUnit,
  isDescriptiveKind,
  isMeasureKind,
  isPluralUnit,
  lookupUnit,
  reportedUnit,
  toBase,
  unitMultiplier,
} from './units.js';

/** A line below this confidence comes back unmatched rather than matched wrongly. */
export const DEFAULT_THRESHOLD = 0.6;
export const UNKNOWN_CLIENT = 'Unknown Client';

/** A (phrase → stock item) pair the client confirmed before (client memory). */
export interface MemoryEntry {
  /** The customer's wording; compared after `normalizePhrase`. */
  phrase: string;
  stockItemId: string;
}

export interface ParseOptions {
  /** This client's remembered wording: consulted before the catalogue when a line's phrase matches. */
  memory?: readonly MemoryEntry[];
  /** Minimum confidence (0–1) for a catalogue match; default DEFAULT_THRESHOLD. */
  threshold?: number;
}

export interface ParsedOrderItem {
  /** The catalogue name when matched, else the customer's wording. */
  itemName: string;
  itemNameAr: string | null;
  /** In `unit` (a dozen pack counts dozens; a dozen of an item sold by the piece, 12 pieces). */
  quantity: number;
  /**
   * A unit of libs/contracts' units.ts: the customer's unit put onto the matched item's base unit
   * or packs (item-units.ts); when they gave none, the item's base unit; unmatched, the unit their
   * word reads as, else null.
   */
  unit: string | null;
  /** The price of one `unit` of the matched item (the pack's or the item's), 2 decimals; else null. */
  unitPrice: string | null;
  /** The matched item is not sold in the customer's unit: `unit` keeps their word and the user must choose. */
  unitNeedsCheck: boolean;
  stockItemId: string | null;
  sku: string | null;
  /** 0–1. For an unmatched line: the best candidate's confidence (below the threshold). */
  confidence: number;
  /** The customer's wording of the item (without the quantity). */
  sourceText: string;
  /** normalizePhrase of the wording: the key to remember a confirmed pair under. */
  phrase: string;
  /** Whether the customer stated the unit. */
  unitStated: boolean;
  /** The customer's unit word as read, or null when they gave none. */
  statedUnit: StatedUnit | null;
  matchedBy: 'memory' | 'catalogue' | null;
  /** The next best catalogue items (for a picker in the draft screen). */
  alternatives: Array<{ stockItemId: string; sku: string; name: string; nameAr: string | null; confidence: number }>;
}

/** CONTRACT §6 `parsed`. */
export interface ParsedOrder {
  clientName: string;
  /** Whether the message stated a client (clientName is "Unknown Client" when not). */
  clientFound: boolean;
  items: ParsedOrderItem[];
}

interface Draft {
  item: ParsedOrderItem;
  indexed: IndexedItem | null;
  implicit: boolean;
  /** The measure read as the quantity, if any. */
  figure?: Measure | null;
  /** Pack sizes the line states. */
  sizes?: SizeMention[];
  /** The words it was matched by (a following "و ٦ سوداء" is the same product in black). */
  words?: QueryWord[];
}

/**
 * A line without a quantity that an order may follow: a price or stock question or a heading
 * ('any' quantity after it orders it), or another question ("Mountain Dew?"), ordered only by a
 * conditional quantity ('condition': "If yes 4 cartons", "لو موجود ٥ كرتونة").
 */
type PendingNeed = 'any' | 'condition';

/** "كرتونة شاحن هوكو 18": a unit word before the product orders one of it; a figure after it may be the name's. */
function unitBefore(analysis: SegmentAnalysis, measure: Measure): boolean {
  return analysis.freeUnits.some(
    (free) => free.position < measure.first && !isMeasureKind(free.kind) && !isDescriptiveKind(free.kind),
  );
}

/**
 * Whether the bare figure `k` stands right after a word of the name while another figure of the
 * line is plainly the quantity (after "x", a label or a colon, with a unit word, or leading the
 * line when this one sits inside the name or is a large figure).
 */
function namedFigure(analysis: SegmentAnalysis, k: number): boolean {
  const measure = analysis.measures[k];
  if (measure.format !== 'bare' || measure.leading || measure.correction) return false;
  if (!analysis.words.includes(measure.first - 1)) return false;
  // Inside the name ("10 كفرات ايفون 16 شفاف") or a large figure closing it ("4 باور بانك انكر 30 ألف").
  const inName = analysis.words.includes(measure.last + 1) || sizeLike(measure.value);
  return analysis.measures.some(
    (other, j) =>
      j !== k &&
      !other.correction &&
      (other.format === 'x' ||
        other.format === 'label' ||
        other.format === 'colon' ||
        (other.unit !== null && !isMeasureKind(other.unit)) ||
        (other.leading && other.format === 'bare' && inName)),
  );
}

/** Whether only punctuation or noise follows the measure in its segment. */
function closesSegment(analysis: SegmentAnalysis, measure: Measure): boolean {
  return analysis.tokens.slice(measure.last + 1).every((token) => token.kind === 'punct' || token.kind === 'noise');
}

function sizeLike(value: number): boolean {
  return value >= 100 || !Number.isInteger(value);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function unitHintOf(measures: Measure[]): string | null {
  for (const measure of measures) {
    if (!measure.unit || !measure.code || measure.unit === 'container') continue;
    return reportedUnit({ kind: measure.unit, code: measure.code }, null);
  }
  return null;
}

/** The packs the first count unit with a number may mean (a tie-break between items: matcher.ts). */
function packHintOf(measures: Measure[]): string[] {
  const stated = measures.map(statedOf).find((unit) => unit !== null && !isMeasureKind(unit.kind));
  return stated ? packUnitsFor(stated, null) : [];
}

function statedOf(measure: Pick<Measure, 'unit' | 'code'>): StatedUnit | null {
  return measure.unit && measure.code ? { kind: measure.unit, code: measure.code } : null;
}

/** Text of the given token positions, contiguous runs joined by a space. */
function textOf(analysis: SegmentAnalysis, text: string, positions: number[]): string {
  const sorted = [...new Set(positions)].sort((a, b) => a - b);
  const runs: string[] = [];
  let runStart = -1;
  let previous = -2;
  const flush = (): void => {
    if (runStart >= 0) runs.push(text.slice(analysis.tokens[runStart].start, analysis.tokens[previous].end));
  };
  for (const position of sorted) {
    if (position !== previous + 1) {
      flush();
      runStart = position;
    }
    previous = position;
  }
  flush();
  return runs
    .join(' ')
    .replace(/^[\s\-–—:,،.@=x×*]+|[\s\-–—:,،.@=×*]+$/g, '')
    .trim();
}

interface Resolution {
  quantity: number;
  unit: StatedUnit | null;
  explicit: boolean;
  sizes: Set<number>;
  pick: Measure | null;
}

/**
 * Which numbers of a line are pack sizes and which is the quantity, for the chosen item (or
 * none). Pack sizes in names are never quantities; a weight is the quantity of an item sold by
 * weight; after a correction the corrected figure counts.
 */
/**
 * A count in a word that may also state what a pack holds ("24 pcs", "a bag of 5", "Duracell AA 8
 * pack" beside "2 cartons", as "(box of 100)" in a name).
 */
function isCountMeasure(measure: Measure): boolean {
  return measure.unit === 'bag' || measure.unit === 'piece' || measure.unit === 'box' || measure.code === 'pack';
}

function resolveQuantity(analysis: SegmentAnalysis, item: IndexedItem | null): Resolution {
  const { measures } = analysis;
  const sizes = new Set<number>();
  const others = (k: number): boolean => measures.some((m, j) => j !== k && !(m.unit && isMeasureKind(m.unit)));
  measures.forEach((measure, k) => {
    if (measure.correction) return;
    // "كلوركس نص جالون ٤ كراتين": a gallon beside another figure is the size of the product.
    if (measure.unit === 'gallon' && others(k)) {
      sizes.add(k);
      return;
    }
    if (measure.unit && isMeasureKind(measure.unit)) {
      const { dim, base } = toBase(measure.value, measure.unit);
      const mention: SizeMention = { kind: 'strong', value: measure.value, dim, base };
      if (item) {
        const fit = sizeFit(item, mention);
        if (fit === 'matched') sizes.add(k);
        else if (item.perWeight && dim === 'mass') return;
        else if (others(k) || !measure.leading) sizes.add(k);
      } else if (others(k) || !measure.leading) {
        sizes.add(k);
      }
      return;
    }
    if (measure.format === 'x' || measure.format === 'label' || measure.format === 'colon') return;
    // "Kiri cheese (24 portions) … 6 boxes": what the pack holds, when it is the item's or another figure orders.
    if (
      measure.packCount &&
      ((item && sizeFit(item, { kind: 'count', value: measure.value }) === 'matched') || others(k))
    ) {
      sizes.add(k);
      return;
    }
    const countUnit = isCountMeasure(measure);
    // "Fine toilet 20 rolls - 20 pcs": the pack count already says the name's figure; this one orders.
    const countStated = measures.some((other, j) => j !== k && other.packCount && other.value === measure.value);
    if (item) {
      if (
        countUnit &&
        !countStated &&
        others(k) &&
        sizeFit(item, { kind: 'count', value: measure.value }) === 'matched'
      ) {
        sizes.add(k);
        return;
      }
      const weak = sizeFit(item, { kind: 'weak', value: measure.value }) === 'matched';
      if (
        weak &&
        (sizeLike(measure.value) || (measure.format === 'bare' && (others(k) || unitBefore(analysis, measure))))
      )
        sizes.add(k);
    } else if (countUnit && measures.some((m, j) => j !== k && (m.format === 'x' || m.format === 'colon'))) {
      sizes.add(k);
    }
  });

  const candidates = measures.filter((_m, k) => !sizes.has(k));
  // "JBL Flip 6 ٢", "Nurofen 400 ٥": of two bare figures after the name, the one closing the line
  // is the quantity and the one inside the name a model or strength.
  const last = candidates[candidates.length - 1];
  const closing =
    last?.format === 'bare' &&
    !last.leading &&
    closesSegment(analysis, last) &&
    candidates.some((measure) => measure !== last && measure.format === 'bare' && !measure.leading)
      ? last
      : null;
  const priority = (measure: Measure): number => {
    if (measure.format === 'x' || measure.format === 'label' || measure.format === 'colon') return 0;
    if (measure.unit && !isMeasureKind(measure.unit)) return 1;
    if (measure.unit && isMeasureKind(measure.unit)) return item?.perWeight || !item ? 1 : 3;
    return measure === closing ? 1.5 : 2;
  };
  const corrections = candidates.filter((measure) => measure.correction);
  const ranked = candidates
    .filter((measure) => !measure.correction)
    .sort((a, b) => priority(a) - priority(b) || a.first - b.first);
  const base = ranked[0] ?? null;
  const correction = corrections[corrections.length - 1];
  if (correction) {
    return {
      quantity: correction.value,
      unit: statedOf(correction) ?? (base ? statedOf(base) : null),
      explicit: true,
      sizes,
      pick: correction,
    };
  }
  if (base) return { quantity: base.value, unit: statedOf(base), explicit: true, sizes, pick: base };

  // No quantity: one of whatever unit the line names ("شوال رز", "Puck 500 كرتون", "kilo hail"),
  // the container before a pack count ("كرتون شاي ربيع ابو ١٠٠ كيس": a carton, not a bag).
  const free = analysis.freeUnits.filter((free) => !isMeasureKind(free.kind) || item?.perWeight);
  let unit: StatedUnit | null = free.find((free) => !isDescriptiveKind(free.kind)) ?? null;
  if (!unit) {
    for (const k of sizes) {
      const measure = measures[k];
      if (measure.unit && !isMeasureKind(measure.unit)) unit = statedOf(measure);
    }
  }
  if (!unit) unit = free[0] ?? null;
  return {
    quantity: 1,
    unit: unit ? { kind: unit.kind, code: unit.code } : null,
    explicit: false,
    sizes,
    pick: null,
  };
}

/**
 * A singular unit right before the product words ("كرتون تونة ريو مير", "kartoneh labneh almarai",
 * "صندوق تفاح"), or a carton, bag or tray closing the line after words the catalogue knows
 * ("Almarai mango juice كرتون"): it orders one of that unit, even of a product the catalogue
 * lacks. Not a plural ("the cartons were damaged") nor a definite one ("الكرتون", "the carton": one
 * already delivered), nor a can or a bottle after the product ("Pepsi can": it describes the
 * product). Returns the unit word's position, or null.
 */
function leadingUnit(analysis: SegmentAnalysis, knownWords: boolean): number | null {
  const units = new Set(analysis.freeUnits.map((free) => free.position));
  const productWords = analysis.words.filter((position) => !units.has(position));
  const firstWord = productWords[0];
  if (firstWord === undefined) return null;
  const lastWord = productWords[productWords.length - 1];
  let lastToken = analysis.tokens.length - 1;
  while (lastToken > 0 && analysis.tokens[lastToken].kind === 'punct') lastToken -= 1;
  const lead = analysis.freeUnits.find((free) => {
    const trailing =
      knownWords && free.position > lastWord && free.position === lastToken && !isDescriptiveKind(free.kind);
    if ((free.position > firstWord && !trailing) || isMeasureKind(free.kind)) return false;
    const norm = analysis.tokens[free.position].norm;
    const previous = analysis.tokens[free.position - 1]?.norm;
    return !isPluralUnit(norm) && !norm.startsWith('ال') && previous !== 'the';
  });
  return lead ? lead.position : null;
}

/**
 * Chatter before or after a quantity ("Same as last week but add 2 ctn Kellogg's corn flakes"), or
 * a heading before a colon ("For Thursday's event: Sadia 1200g 10 ctn", "far3 el naseem: 10
 * kartoon laban"): when the whole line does not match, the words on one side of the quantity or
 * after the colon may, if the words left out are unknown to the catalogue and the side names
 * something distinctive.
 */
function rescueFromChatter(
  analysis: SegmentAnalysis,
  words: QueryWord[],
  index: CatalogIndex,
  query: Omit<MatchQuery, 'words'>,
  threshold: number,
): { positions: number[]; candidates: Candidate[] } | null {
  const splitters = analysis.measures.filter(
    (measure) =>
      measure.format === 'x' ||
      measure.format === 'label' ||
      (measure.unit && (!isMeasureKind(measure.unit) || measure.leading)),
  );
  let colon = -1;
  analysis.tokens.forEach((token, position) => {
    if (token.kind === 'punct' && token.norm === ':') colon = position;
  });
  if ((splitters.length === 0 && colon < 0) || words.length < 2) return null;
  const first = splitters[0]?.first ?? -1;
  const last = splitters[splitters.length - 1]?.last ?? Infinity;
  let best: { positions: number[]; candidates: Candidate[] } | null = null;
  for (const side of ['before', 'after', 'colon'] as const) {
    if (side === 'colon' ? colon < 0 : splitters.length === 0) continue;
    const keep = analysis.words.map((position) =>
      side === 'before' ? position < first : side === 'after' ? position > last : position > colon,
    );
    if (!keep.includes(true) || keep.every(Boolean)) continue;
    // Words left out are chatter: unknown to the catalogue, or known only as a typo's guess ("paid" → "Raid").
    if (words.some((word, k) => !keep[k] && (word.matches[0]?.score ?? 0) >= 0.9)) continue;
    const kept = words.filter((_word, k) => keep[k]);
    // A heading's figures are its own ("Invoice 3321 paid: Pif Paf 2 ctn").
    const sizes =
      side === 'colon' ? query.sizes.filter((size) => size.at === undefined || size.at > colon) : query.sizes;
    // After a colon the words left out are a heading; elsewhere the side must name something distinctive.
    const distinctive = side === 'colon' ? 0 : 0.75;
    if (!kept.some((word) => word.weight >= distinctive && word.matches[0]?.score >= 0.85)) continue;
    const candidates = matchItems(index, { ...query, sizes, words: kept });
    if (!candidates[0] || candidates[0].confidence < threshold) continue;
    if (!best || candidates[0].confidence > best.candidates[0].confidence) {
      best = { positions: analysis.words.filter((_position, k) => keep[k]), candidates };
    }
  }
  return best;
}

/**
 * A weight before the product's name is the quantity ("3 kilo tamr sukkari"), also after chatter
 * the catalogue does not know ("yaba 3 kilo tamr sukkari", "ebghi ٣ كيلو …"): such a measure is
 * leading when every word before it is unknown and a catalogue word follows it.
 */
function leadAfterChatter(analysis: SegmentAnalysis, words: QueryWord[]): SegmentAnalysis {
  const known = (k: number): boolean => words[k].matches.length > 0;
  let changed = false;
  const measures = analysis.measures.map((measure) => {
    if (measure.leading || !measure.unit || !isMeasureKind(measure.unit)) return measure;
    const before = analysis.words.flatMap((position, k) => (position < measure.first ? [k] : []));
    const after = analysis.words.flatMap((position, k) => (position > measure.last ? [k] : []));
    if (before.some(known) || !after.some(known)) return measure;
    changed = true;
    return { ...measure, leading: true };
  });
  return changed ? { ...analysis, measures } : analysis;
}

function buildDraft(
  segmentAnalysis: SegmentAnalysis,
  text: string,
  index: CatalogIndex,
  memory: Map<string, IndexedItem>,
  threshold: number,
  alone: boolean,
  /** The previous line's words when this one only changes its colour or size (see ellipticContext). */
  context: QueryWord[] | null = null,
): (Draft & { pending: PendingNeed | null }) | null {
  const words = segmentAnalysis.words.map((position) => queryWord(index, segmentAnalysis.tokens[position].norm));
  const analysis = leadAfterChatter(segmentAnalysis, words);
  const { tokens, measures } = analysis;
  let wordPositions = analysis.words;
  const sizes: SizeMention[] = [];
  measures.forEach((measure, k) => {
    if (measure.correction || measure.format === 'x' || measure.format === 'label' || measure.format === 'colon')
      return;
    if (measure.unit && isMeasureKind(measure.unit)) {
      const { dim, base } = toBase(measure.value, measure.unit);
      if (!(measure.leading && measures.length === 1))
        sizes.push({ kind: 'strong', value: measure.value, dim, base, at: measure.first });
      return;
    }
    if (isCountMeasure(measure) || measure.packCount) {
      sizes.push({ kind: 'count', value: measure.value, at: measure.first });
    }
    const others = measures.some((m, j) => j !== k && !(m.unit && isMeasureKind(m.unit)));
    if (
      (measure.format === 'bare' && (others || sizeLike(measure.value) || unitBefore(analysis, measure))) ||
      (measure.unit && sizeLike(measure.value))
    ) {
      sizes.push({ kind: 'weak', value: measure.value, named: namedFigure(analysis, k), at: measure.first });
    }
  });
  // "كحول ٧٠٪", "Dettol 99.9%": a percentage is never the quantity, but it tells variants apart as a
  // figure of the name does.
  tokens.forEach((token, at) => {
    const next = tokens[at + 1];
    if (token.kind === 'noise' && token.value !== undefined && (next?.norm === '%' || next?.norm === '٪'))
      sizes.push({ kind: 'weak', value: token.value, at });
  });
  // A gallon states the size: "نص جالون", "2 gallon" beside the quantity, or one gallon bottle.
  const figures = measures.filter((measure) => !(measure.unit && isMeasureKind(measure.unit)));
  const hasQuantity = figures.length > 0;
  for (const measure of measures) {
    if (measure.unit !== 'gallon' || measure.correction) continue;
    const gallons = figures.length > 1 ? measure.value : 1;
    sizes.push({ kind: 'strong', value: gallons, dim: 'volume', base: gallons * GALLON_ML, loose: true });
  }
  // The size the line states by a gallon word alone stays in its wording ("Clorox gallon").
  const freeSizes: number[] = [];
  for (const free of analysis.freeUnits) {
    if (free.kind !== 'gallon') continue;
    sizes.push({ kind: 'strong', value: 1, dim: 'volume', base: GALLON_ML, loose: true });
    freeSizes.push(free.position);
  }
  // "ديتول لتر", "Afia litre": a lone measure word after a quantity is a pack size of one.
  for (const free of analysis.freeUnits) {
    if (isMeasureKind(free.kind) && hasQuantity) {
      const { dim, base } = toBase(1, free.kind);
      sizes.push({ kind: 'strong', value: 1, dim, base });
      freeSizes.push(free.position);
    }
  }

  // The phrase: product words and pack sizes, as written.
  const namePositions = [...wordPositions, ...freeSizes];
  const strongSizes = measures.filter(
    (measure) => measure.unit && isMeasureKind(measure.unit) && !(measure.leading && measures.length === 1),
  );
  for (const measure of strongSizes) for (let p = measure.first; p <= measure.last; p += 1) namePositions.push(p);
  const phrase = normalizePhrase(textOf(analysis, text, namePositions));

  let chosen: IndexedItem | null = null;
  let confidence = 0;
  let matchedBy: ParsedOrderItem['matchedBy'] = null;
  let candidates: Candidate[] = [];
  const remembered = phrase ? memory.get(phrase) : undefined;
  if (remembered) {
    chosen = remembered;
    confidence = 1;
    matchedBy = 'memory';
  } else if (words.length > 0 || context) {
    const byWeight =
      measures.length > 0 &&
      measures.every((measure) => measure.unit === 'kg' || measure.unit === 'g') &&
      measures.some((measure) => measure.leading);
    const query = {
      sizes,
      sizeHint: analysis.sizeHint,
      unitHint: unitHintOf(measures),
      packHint: packHintOf(measures),
      byWeight,
    };
    candidates = matchItems(index, { ...query, words: [...(context ?? []), ...words] });
    if (!context && (!candidates[0] || candidates[0].confidence < threshold)) {
      const rescued = rescueFromChatter(analysis, words, index, query, threshold);
      if (rescued) {
        candidates = rescued.candidates;
        wordPositions = rescued.positions;
      }
    }
    const best = candidates[0];
    if (best && best.confidence >= threshold) {
      chosen = best.indexed;
      matchedBy = 'catalogue';
    }
    confidence = best?.confidence ?? 0;
  }

  const resolution = resolveQuantity(analysis, chosen);
  // A price or stock question ("متوفر عندكم نيدو؟", "Do you have Mountain Dew?"), or a heading
  // ("Sugar order:", "Nido:"), is an item only if a quantity follows; another question ("Nido?",
  // "Mountain Dew?") only if a conditional quantity follows ("If yes 4 cartons").
  let pending: PendingNeed | null = (analysis.priceQuestion || analysis.heading) && !resolution.explicit ? 'any' : null;
  const asked = !resolution.explicit && analysis.question && !analysis.priceRemark && !analysis.deliveryCue;
  if (!chosen) {
    if (analysis.deliveryCue) return null;
    if (!resolution.explicit) {
      // A product we may not stock, asked about ("3indak kitkat?"), waits for its quantity.
      if (analysis.heading || analysis.priceRemark) pending = null;
      else if (!pending && asked) pending = 'condition';
    }
    if (!resolution.explicit && !pending) {
      const lead = leadingUnit(
        analysis,
        words.some((word) => word.matches.length > 0),
      );
      if (lead === null || analysis.priceQuestion || analysis.priceRemark || analysis.heading) return null;
      // The wording is the product's, without the unit ("صندوق تفاح" → "تفاح").
      wordPositions = wordPositions.filter((position) => position !== lead);
    }
  } else if (!resolution.explicit && !pending) {
    // No quantity at all: an item only when it names a unit or a pack size, or stands alone on
    // its line and matches well ("Afia oil 1.5L", "Nido"); not a word in a greeting or a remark.
    // Nor a remark on a price ("Last time Rabea bags was 15.75").
    const stated = analysis.freeUnits.length > 0 || resolution.sizes.size > 0 || strongSizes.length > 0;
    if (analysis.priceRemark && !analysis.deliveryCue) {
      // "Kingston 32GB flash @ 14 SR, need 50": a figure alone after the price orders the product.
      pending = 'any';
    } else if (analysis.deliveryCue || !(stated || (alone && confidence >= 0.8))) {
      if (!asked) return null;
      pending = 'condition';
    }
  }

  // The customer's wording: the segment minus the quantity, trimmed to product words and sizes.
  const kept = new Set<number>([...wordPositions, ...freeSizes]);
  resolution.sizes.forEach((k) => {
    for (let p = measures[k].first; p <= measures[k].last; p += 1) kept.add(p);
  });
  for (const measure of strongSizes) {
    if (measure === resolution.pick) continue;
    for (let p = measure.first; p <= measure.last; p += 1) kept.add(p);
  }
  // Unmatched, the line keeps the figures of its name ("Pampers size 6", "Huggies 5"): the clerk
  // reads what was asked for.
  if (!chosen) {
    for (const measure of measures) {
      if (measure === resolution.pick || measure.correction || measure.leading) continue;
      for (let p = measure.first; p <= measure.last; p += 1) kept.add(p);
    }
  }
  const positions = [...kept].sort((a, b) => a - b);
  const span: number[] = [];
  if (positions.length > 0) {
    const pickRange = resolution.pick ? [resolution.pick.first, resolution.pick.last] : [-1, -1];
    for (let p = positions[0]; p <= positions[positions.length - 1]; p += 1) {
      if (p >= pickRange[0] && p <= pickRange[1]) continue;
      if (tokens[p].kind === 'noise') continue;
      span.push(p);
    }
  }
  const sourceText = textOf(analysis, text, span);

  const unit = resolution.unit ? reportedUnit(resolution.unit, chosen?.item.unit ?? null) : null;
  const alternatives = candidates
    .filter((candidate) => candidate.indexed !== chosen)
    .slice(0, 3)
    .map((candidate) => ({
      stockItemId: candidate.indexed.item.id,
      sku: candidate.indexed.item.sku,
      name: candidate.indexed.item.name,
      nameAr: candidate.indexed.item.nameAr ?? null,
      confidence: round(candidate.confidence, 3),
    }));
  const item: ParsedOrderItem = {
    itemName: chosen ? chosen.item.name : sourceText.slice(0, 200),
    itemNameAr: chosen ? (chosen.item.nameAr ?? null) : hasArabic(sourceText) ? sourceText.slice(0, 200) : null,
    quantity: round(resolution.quantity, 3),
    // Put onto the item's units once the message is read (corrections may change them): withItemUnit.
    unit: unit ?? (chosen ? chosen.item.unit : null),
    unitPrice: null,
    unitNeedsCheck: false,
    stockItemId: chosen ? chosen.item.id : null,
    sku: chosen ? chosen.item.sku : null,
    confidence: round(Math.min(1, confidence), 3),
    sourceText,
    phrase,
    unitStated: unit !== null,
    statedUnit: resolution.unit,
    matchedBy,
    alternatives,
  };
  return {
    item,
    indexed: chosen,
    implicit: !resolution.explicit,
    pending,
    figure: resolution.pick,
    sizes,
    words: [
      ...(context ?? []),
      ...wordPositions.flatMap((position) => {
        const k = analysis.words.indexOf(position);
        return k >= 0 ? [words[k]] : [];
      }),
    ],
  };
}

/** Concept groups a line may change alone and mean the same product otherwise ("و ٦ سوداء", "3x same in white"). */
const ELLIPTIC_GROUPS = new Set(['colour']);

/**
 * "5x Buds black, 3x same in white", "باور بانك انكر الكبير ٦، والصغير ٤": a line with a figure
 * and only a colour (or only a size word) after a matched line orders the same product in that
 * colour or size. Returns the previous line's words without those of the colour it changes, or
 * null when the line is not such a one.
 */
function ellipticContext(analysis: SegmentAnalysis, last: Draft | undefined, index: CatalogIndex): QueryWord[] | null {
  if (!last?.indexed || !last.words || analysis.correctionCue || analysis.cancel) return null;
  if (!analysis.measures.some((measure) => !measure.correction && !(measure.unit && isMeasureKind(measure.unit))))
    return null;
  const groupsOf = (word: QueryWord): string[] =>
    word.concepts.map((concept) => groupOf(concept)).filter((group): group is string => group !== undefined);
  const modifiers = analysis.words.map((position) => queryWord(index, analysis.tokens[position].norm));
  // "and 2 cases of the 200ml", "و 3 ctn الـ 20 pcs", "وكرتونين من مقاس ٧٥٠ مل": only a size, pointed
  // back at by an article or a size word, orders the previous product in that size.
  if (modifiers.every((word) => BACK_TO_SIZE.has(word.norm)) && pointsBackToSize(analysis, last)) return last.words;
  if (modifiers.length === 0 && analysis.sizeHint === null) return null;
  const changed = new Set<string>();
  const changedDimensions = new Set<string>();
  for (const word of modifiers) {
    // "ونص درزن 4 inch" after a 2-inch brush: a dimension the previous product is named with.
    const dimension = dimensionOf(word.norm);
    if (dimension && last.indexed.dimensions.has(dimension.kind)) {
      changedDimensions.add(dimension.kind);
      continue;
    }
    const groups = groupsOf(word);
    if (groups.length === 0 || !groups.every((group) => ELLIPTIC_GROUPS.has(group))) return null;
    for (const group of groups) changed.add(group);
  }
  return last.words.filter((word) => {
    const dimension = dimensionOf(word.norm);
    if (dimension && changedDimensions.has(dimension.kind)) return false;
    return !groupsOf(word).some((group) => changed.has(group));
  });
}

/** Words that point back at the previous product before a size ("the 200ml", "الـ 20", "مقاس ٧٥٠ مل"). */
const BACK_TO_SIZE = new Set(['the', 'ال', 'al', 'el', ...SIZE_LABELS]);

/**
 * A line of only a quantity and a size, an article or a size word right before the size, after a
 * product named with another size of the same kind (a volume, a weight, a count).
 */
function pointsBackToSize(analysis: SegmentAnalysis, last: Draft): boolean {
  if (!last.indexed || analysis.measures.length < 2) return false;
  const { tokens } = analysis;
  return analysis.measures.some((measure) => {
    const marker = tokens[measure.first - 1];
    if (!marker || marker.kind !== 'word' || !BACK_TO_SIZE.has(marker.norm)) return false;
    if (measure.unit && isMeasureKind(measure.unit)) {
      const { dim } = toBase(measure.value, measure.unit);
      return last.indexed!.sizes.some((size) => size.dim === dim);
    }
    return last.indexed!.sizes.some((size) => size.dim === 'count') || last.indexed!.sizeNumbers.size > 0;
  });
}

/** Positions of the items whose names hold the word as written (no concept guesses). */
function namingItems(index: CatalogIndex, norm: string): Set<number> {
  const out = new Set<number>();
  for (const form of wordForms(norm)) for (const position of index.postings.get(`t:${form}`) ?? []) out.add(position);
  return out;
}

/** namingItems, or the items a close typo of the word names ("pandol" for Panadol). */
function namingItemsOrTypo(index: CatalogIndex, norm: string): Set<number> {
  const out = namingItems(index, norm);
  if (out.size > 0) return out;
  for (const match of index.resolve(norm)) {
    if (match.score < 0.85 || !match.key.startsWith('t:')) continue;
    for (const position of index.postings.get(match.key) ?? []) out.add(position);
  }
  return out;
}

/**
 * Words the reading of a line sets aside (a size word, "extra") that are words of an item's name
 * next to another word of that name ("Panadol Extra", "gloves large", "قفازات مقاس كبير"): the
 * catalogue says they name the product here.
 */
function withNameWords(analysis: SegmentAnalysis, index: CatalogIndex): SegmentAnalysis {
  const { tokens } = analysis;
  const words = new Set(analysis.words);
  const inMeasure = (position: number): boolean =>
    analysis.measures.some((measure) => position >= measure.first && position <= measure.last);
  const added: number[] = [];
  tokens.forEach((token, position) => {
    if (token.kind !== 'word' || words.has(position) || inMeasure(position) || lookupUnit(token.norm)) return;
    const items = namingItems(index, token.norm);
    if (items.size === 0) return;
    const shares = (neighbour: number): boolean =>
      words.has(neighbour) && [...namingItemsOrTypo(index, tokens[neighbour].norm)].some((item) => items.has(item));
    if (shares(position - 1) || shares(position + 1)) added.push(position);
  });
  if (added.length === 0) return analysis;
  return { ...analysis, words: [...analysis.words, ...added].sort((a, b) => a - b) };
}

function applyFigure(draft: Draft, measure: Measure): void {
  draft.item.quantity = round(measure.value, 3);
  const stated = statedOf(measure);
  if (stated) {
    draft.item.unit = reportedUnit(stated, draft.indexed?.item.unit ?? null);
    draft.item.unitStated = true;
    draft.item.statedUnit = stated;
  } else if (draft.item.statedUnit && unitMultiplier(draft.item.statedUnit.kind) !== 1) {
    // A bare figure correcting a line in dozens counts what the line was read in: pieces.
    draft.item.statedUnit = { kind: 'piece', code: 'piece' };
  }
  draft.implicit = false;
}

/** The line's unit put onto its item's base unit or packs, priced (CONTRACT §10, item-units.ts). */
function withItemUnit(draft: Draft): ParsedOrderItem {
  const placed = unitOnItem(draft.item.statedUnit, draft.item.quantity, draft.indexed?.item ?? null);
  return {
    ...draft.item,
    unit: placed.unit,
    quantity: placed.quantity,
    unitPrice: placed.unitPrice,
    unitNeedsCheck: placed.unitNeedsCheck,
  };
}

/** A count unit named without a number ("ارسل شوال", "send a carton"): one of it; else null. */
function unitAlone(analysis: SegmentAnalysis): Measure | null {
  if (analysis.measures.length > 0) return null;
  const free = analysis.freeUnits.find((unit) => !isMeasureKind(unit.kind) && !isDescriptiveKind(unit.kind));
  if (!free) return null;
  return {
    value: 1,
    unit: free.kind,
    code: free.code,
    format: 'unit',
    first: free.position,
    last: free.position,
    correction: false,
    leading: true,
  };
}

/**
 * "sorry my bad make it 6", "لا يا شيخ خليها ١٠": one corrected figure after a cue, with at most
 * two words before it that the catalogue does not know: a correction of the previous line, not a
 * new item.
 */
function fillerCorrection(analysis: SegmentAnalysis, index: CatalogIndex): boolean {
  const figure = analysis.measures[0];
  if (!analysis.correctionCue || analysis.measures.length !== 1 || !figure.correction) return false;
  if (analysis.words.length > 2) return false;
  return analysis.words.every(
    (position) => position < figure.first && !index.isKnownWord(analysis.tokens[position].norm),
  );
}

/** First word forms of a text's words (plurals folded: "eggs" ~ "Eggs", "egg"). */
function wordKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const word of normalizePhrase(text).split(' ')) if (word) keys.add(wordForms(word)[0]);
  return keys;
}

/**
 * A correction that names the item again ("Oops eggs 15 trays not 12", "sorry whole ١٢ not ١٠"):
 * the earlier line it corrects, or null. The line must carry a correction cue or replace a figure
 * ("not 12"), add nothing ("add", "more", "كمان"), and either match the same catalogue item as an
 * earlier line or use only words of that line's wording, with no pack size that contradicts it.
 * When the replaced figure is given, the earlier line with that quantity wins; otherwise the latest.
 */
function correctionTarget(analysis: SegmentAnalysis, draft: Draft, drafts: Draft[]): Draft | null {
  if (!(analysis.correctionCue || analysis.replaced !== null) || !draft.figure || drafts.length === 0) return null;
  if (analysis.tokens.some((token) => ADDITION_CUES.has(token.norm))) return null;
  const words = analysis.words.map((position) => wordForms(analysis.tokens[position].norm)[0]);
  const fits = (earlier: Draft): boolean => {
    if (draft.indexed && earlier.indexed === draft.indexed) return true;
    if (words.length === 0) return false;
    const wording = wordKeys(earlier.item.sourceText);
    if (!words.every((word) => wording.has(word))) return false;
    const target = earlier.indexed;
    return (
      !target || !(draft.sizes ?? []).some((size) => size.kind === 'strong' && sizeFit(target, size) === 'conflict')
    );
  };
  const candidates = drafts.filter(fits);
  const replacing = candidates.filter((earlier) => earlier.item.quantity === analysis.replaced);
  const pool = replacing.length > 0 ? replacing : candidates;
  return pool[pool.length - 1] ?? null;
}

/**
 * The figure of a correction without product words: the last one after the cue, else the last;
 * a count over a pack size ("oops the 5kg should be 12", "sorry the 1.5L make it 12": 12).
 */
function correctedFigure(measures: Measure[]): Measure {
  const counts = measures.filter((measure) => !(measure.unit && isMeasureKind(measure.unit)));
  const pool = counts.length > 0 ? counts : measures;
  return pool.filter((measure) => measure.correction).pop() ?? pool[pool.length - 1];
}

/**
 * The line a correction without product words corrects: the latest one, unless the correction
 * names a pack size ("sorry the 10kg make it 15") or the figure it replaces ("15 not 12"), when
 * it is the latest line of that size or with that quantity.
 */
function figureTarget(analysis: SegmentAnalysis, figure: Measure, drafts: Draft[]): Draft | null {
  let pool = drafts;
  for (const measure of analysis.measures) {
    if (measure === figure || !measure.unit || !isMeasureKind(measure.unit)) continue;
    const { dim, base } = toBase(measure.value, measure.unit);
    const mention: SizeMention = { kind: 'strong', value: measure.value, dim, base };
    const sized = pool.filter((draft) => draft.indexed && sizeFit(draft.indexed, mention) === 'matched');
    if (sized.length > 0) pool = sized;
  }
  const replacing = pool.filter((draft) => draft.item.quantity === analysis.replaced);
  if (replacing.length > 0) pool = replacing;
  return pool[pool.length - 1] ?? null;
}

/**
 * The line a cancellation drops ("cancel the Goody tuna", "شيل الكلوركس", "الغيها"): the previous
 * line for a pronoun, else the latest line matching the same catalogue item or whose wording holds
 * every word of the cancellation. Null when it names no line of the order.
 */
function cancelTarget(
  analysis: SegmentAnalysis,
  drafts: Draft[],
  index: CatalogIndex,
  threshold: number,
): Draft | null {
  if (analysis.cancel === 'previous') return drafts[drafts.length - 1] ?? null;
  if (analysis.words.length === 0) return null;
  const norms = analysis.words.map((position) => analysis.tokens[position].norm);
  const words = norms.map((norm) => queryWord(index, norm));
  const best = matchItems(index, { words, sizes: [], sizeHint: analysis.sizeHint, unitHint: null })[0];
  const item = best && best.confidence >= threshold ? best.indexed : null;
  const fits = (draft: Draft): boolean => {
    if (item !== null && draft.indexed === item) return true;
    const wording = new Set(
      normalizePhrase(draft.item.sourceText)
        .split(' ')
        .flatMap((word) => wordForms(word)),
    );
    return norms.every((norm) => wordForms(norm).some((form) => wording.has(form)));
  };
  const named = drafts.filter(fits);
  return named[named.length - 1] ?? null;
}

function memoryMap(index: CatalogIndex, memory: readonly { phrase: string; stockItemId: string }[] | undefined) {
  const map = new Map<string, IndexedItem>();
  for (const entry of memory ?? []) {
    const indexed = index.byId.get(entry.stockItemId);
    const key = normalizePhrase(entry.phrase);
    if (indexed && key) map.set(key, indexed);
  }
  return map;
}

/**
 * A SKU written in the message ("TUNA-GOODY-160G x 10", "sku 10234-A") becomes one word that
 * matches its item exactly; the digits inside it are never read as quantities.
 */
function joinSkus(tokens: Token[], text: string, index: CatalogIndex): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    let joined: Token | null = null;
    if (tokens[i].kind !== 'punct') {
      // The longest run of tokens written without spaces between them that is a SKU.
      let end = i;
      while (end + 1 < tokens.length && tokens[end + 1].start === tokens[end].end && tokens[end + 1].norm !== '\n') {
        end += 1;
      }
      for (let last = end; last >= i && !joined; last -= 1) {
        if (tokens[last].kind === 'punct') continue;
        const raw = text.slice(tokens[i].start, tokens[last].end);
        if (index.isSku(raw)) {
          joined = {
            ...tokens[i],
            kind: 'word',
            raw,
            norm: `${SKU_PREFIX}${raw.toLowerCase()}`,
            end: tokens[last].end,
          };
          i = last;
        }
      }
    }
    out.push(joined ?? tokens[i]);
  }
  return out;
}

/** Garment sizes written as letters ("gloves L", "vinyl gloves M"). */
const SIZE_LETTERS = new Map([
  ['s', 'small'],
  ['m', 'medium'],
  ['l', 'large'],
]);

/**
 * "gloves L", "Gloves rubber M و L": a size letter after a word (not after a figure: "2 l" is two
 * litres) is the size the catalogue spells out, when it does.
 */
function readSizeLetters(tokens: Token[], index: CatalogIndex): Token[] {
  return tokens.map((token, position) => {
    const size = token.kind === 'word' ? SIZE_LETTERS.get(token.norm) : undefined;
    const previous = tokens[position - 1];
    if (!size || !previous || previous.kind !== 'word' || !index.isVocabularyWord(size)) return token;
    return { ...token, norm: size };
  });
}

/**
 * Parses a WhatsApp-style order (English, Arabic and its dialects, mixed, Arabizi) against a
 * catalogue index, offline. Returns CONTRACT §6's `parsed` shape.
 */
export function parseOrderText(text: string, index: CatalogIndex, options: ParseOptions = {}): ParsedOrder {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const prepared = prepareText(text ?? '');
  const tokens = readSizeLetters(
    joinDimensions(
      joinSkus(
        joinSplitWords(
          readConnectors(splitPrefixes(tokenize(prepared), index.isKnownWord, index.isVocabularyWord)),
          index.isVocabularyWord,
        ),
        prepared,
        index,
      ),
      prepared,
      index.dimensionPolicy,
    ),
    index,
  );
  markNoise(tokens, index.isKnownWord);
  const client = extractClient(tokens, prepared, index.isKnownWord);
  const rest = tokens
    .filter((_token, position) => !client.consumed.has(position))
    .map((token, position, all) => {
      // "83185 containers w lid": "w" before a word a name says after "with" is "with", not "and".
      const next = all[position + 1];
      return token.kind === 'word' && token.norm === 'w' && next?.kind === 'word' && index.followsWith(next.norm)
        ? { ...token, norm: 'with' }
        : token;
    });
  const memory = memoryMap(index, options.memory);

  const drafts: Draft[] = [];
  let pending: (Draft & { pending: PendingNeed | null }) | null = null;
  // A conditional clause without a quantity after a question ("Mountain Dew? If you have it, 4 ctn").
  let conditionSeen = false;
  const segments = splitSegments(rest);
  const perLine = new Map<number, number>();
  for (const segment of segments) perLine.set(segment.line, (perLine.get(segment.line) ?? 0) + 1);
  for (const segment of segments) {
    const analysis = withNameWords(analyseSegment(segment), index);
    if (analysis.totalLine) continue;
    if (analysis.cancel) {
      // A cancellation with a count cancels the line of that count ("cancel the 5 ctn Goody");
      // otherwise the count orders ("cancel yesterday's order and send 5 ctn Kiri").
      const target = cancelTarget(analysis, drafts, index, threshold);
      const counts = analysis.measures.filter((measure) => !(measure.unit && isMeasureKind(measure.unit)));
      if (counts.length === 0 || (target && counts.some((measure) => measure.value === target.item.quantity))) {
        if (target) drafts.splice(drafts.indexOf(target), 1);
        pending = null;
        continue;
      }
    }
    const context = ellipticContext(analysis, drafts[drafts.length - 1], index);
    if (!context && (analysis.words.length === 0 || fillerCorrection(analysis, index))) {
      // "عندكم فورتونا ١٠ كيلو؟ ارسل شوال": a unit word alone answers a question with one of it.
      const one = pending ? unitAlone(analysis) : null;
      if (analysis.measures.length === 0 && !one) {
        conditionSeen ||= analysis.conditional;
        continue;
      }
      const last = drafts[drafts.length - 1];
      const figure = one ?? correctedFigure(analysis.measures);
      const asked = pending && (pending.pending === 'any' || analysis.conditional || conditionSeen) ? pending : null;
      const target =
        asked ??
        (analysis.correctionCue || analysis.replaced !== null ? figureTarget(analysis, figure, drafts) : null) ??
        (last?.implicit ? last : null);
      if (target) {
        applyFigure(target, figure);
        if (target === asked) drafts.push(asked);
      }
      pending = null;
      conditionSeen = false;
      continue;
    }
    pending = null;
    conditionSeen = false;
    const alone = perLine.get(segment.line) === 1;
    const draft = buildDraft(analysis, prepared, index, memory, threshold, alone, context);
    if (!draft || !(draft.item.quantity > 0)) continue;
    if (draft.pending) {
      pending = draft;
      continue;
    }
    const corrected = correctionTarget(analysis, draft, drafts);
    if (corrected && draft.figure) {
      applyFigure(corrected, draft.figure);
      continue;
    }
    drafts.push(draft);
  }

  return {
    clientName: client.name ?? UNKNOWN_CLIENT,
    clientFound: client.name !== null,
    items: drafts.map(withItemUnit),
  };
}
