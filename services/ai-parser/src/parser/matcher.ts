import {
  type CatalogIndex,
  type IndexedItem,
  type WordMatch,
  conceptsOf,
  groupOf,
  wordForms,
} from './catalog-index.js';
import { type Dimension, dimensionOf } from './dimensions.js';
import { DEFAULT_DESCRIPTORS, VARIANT_DESCRIPTORS } from './lexicon.js';

/** Weight of a word the catalogue does not know ("Nutella", "mayo", a brand we do not stock). */
const UNKNOWN_WEIGHT = 0.7;
const SHORT_UNKNOWN_WEIGHT = 0.3;
/** Factor for an item whose attribute contradicts the line (green vs yellow label, laban vs milk). */
const CONFLICT_FACTOR = 0.35;
/**
 * Factor for an item of another brand when the line names a brand that sells this kind of product
 * ("حليب المراعي طويل الأجل": Almarai makes milk but no long-life milk; Saudia's is not it).
 */
const BRAND_CONFLICT_FACTOR = 0.35;
/** Factor for an item whose pack size contradicts the line's (Afia 3L for "Afia 1.5L"). */
const SIZE_CONFLICT_FACTOR = 0.45;
/** Factor for a line's size the item does not state at all. */
const SIZE_UNKNOWN_FACTOR = 0.85;
/** Factor for a variant (low fat, light …) the line does not ask for. */
const VARIANT_FACTOR = 0.9;
/** Factor for an item lacking a variant the line asks for ("Diet Pepsi", "Pepsi zero", "لبن لايت"). */
const MISSING_VARIANT_FACTOR = 0.6;
/** Factor for an item the line names only by an ingredient or flavour ("ملح" for salted chips). */
const ATTRIBUTE_ONLY_FACTOR = 0.5;
/** Factor for an item not sold by weight when the line orders a weight of it. */
const WEIGHT_MISMATCH_FACTOR = 0.9;
const SIZE_BONUS = 0.04;
/** How far a loosely said size may be from an item's (a fifth of it). */
const LOOSE_SIZE = 0.2;
const TIE = 0.02;
/**
 * The most a line that fits several items equally may score ("Panadol" with four Panadols in
 * stock): below a certain match (0.9, and the confirm dialog's 0.85), so it is checked and its
 * alternatives shown.
 */
const AMBIGUOUS_CONFIDENCE = 0.8;
/** Another item whose fit is within this of the best one's is as good a fit. */
const CLOSE = 0.03;

export interface QueryWord {
  norm: string;
  matches: WordMatch[];
  weight: number;
  /** Glossary concepts the word names (even ones the catalogue does not stock: "mayo"). */
  concepts: string[];
}

/**
 * A number in the line that may be a pack size. strong: with a mass or volume unit ("1.5L");
 * count: with a count noun ("100 bags"); weak: a bare number ("Sadia 1200", "Nova 330").
 */
export interface SizeMention {
  kind: 'strong' | 'count' | 'weak';
  value: number;
  dim?: 'mass' | 'volume';
  base?: number;
  /** A size said loosely ("gallon": 3.6 to 4.5 L bottles are all called so): within a fifth. */
  loose?: boolean;
  /**
   * A bare figure right after a word of the name while another figure is plainly the quantity
   * ("iPhone 16 glass 10 boxes", "Anker 26800 x 2"): a model or size, never the quantity.
   */
  named?: boolean;
  /** Where in the segment its figure is (a token position). */
  at?: number;
}

export interface MatchQuery {
  words: QueryWord[];
  sizes: SizeMention[];
  sizeHint: 'big' | 'small' | null;
  /** The catalogue unit the customer's unit word points to (tie-break: "6 bags" of Fortuna is the 10kg bag). */
  unitHint: string | null;
  /** The packs the customer's unit word may mean (a tie-break after unitHint: "2 cases" of the item sold by the case). */
  packHint?: readonly string[];
  /** The line's quantity is a weight ("نص كيلو تمر سكري"): items sold by weight fit it better. */
  byWeight?: boolean;
}

export interface Candidate {
  indexed: IndexedItem;
  /** 0–1: how well the line names this item. */
  confidence: number;
  rank: number;
  /** Indexes into query.sizes of mentions this item's pack size explains. */
  sizesMatched: number[];
}

export function queryWord(index: CatalogIndex, norm: string): QueryWord {
  const matches = index.resolve(norm);
  const concepts = [...new Set(wordForms(norm).flatMap((form) => conceptsOf(form)))];
  let weight: number;
  if (matches.length === 0) {
    // "the regular one" (عادي, asli) the catalogue does not spell out names nothing to look for.
    weight = DEFAULT_DESCRIPTORS.has(norm) ? 0 : norm.length <= 2 ? SHORT_UNKNOWN_WEIGHT : UNKNOWN_WEIGHT;
  } else {
    const best = matches[0].score;
    weight = Math.max(
      ...matches.filter((match) => match.score >= best - 0.001).map((match) => index.weight(match.key)),
    );
    // A word known only through a weak guess (typo, abbreviation) keeps some of the unknown weight.
    if (best < 0.9) weight = Math.max(weight, UNKNOWN_WEIGHT * 0.8);
  }
  return { norm, matches, weight, concepts };
}

function sizeEquals(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(a, b) * 0.005 + 1e-9;
}

/** How a size mention fits an item: matched, neutral, unknown (item states no such size) or conflict. */
export function sizeFit(indexed: IndexedItem, mention: SizeMention): 'matched' | 'neutral' | 'unknown' | 'conflict' {
  if (mention.kind === 'strong' && mention.dim && mention.base !== undefined) {
    const sameDim = indexed.sizes.filter((size) => size.dim === mention.dim);
    const base = mention.base;
    const fits = (size: number): boolean =>
      mention.loose ? Math.abs(size - base) <= base * LOOSE_SIZE : sizeEquals(size, base);
    if (sameDim.some((size) => fits(size.base))) return 'matched';
    if (indexed.perWeight && mention.dim === 'mass') return 'neutral';
    return sameDim.length > 0 ? 'conflict' : 'unknown';
  }
  if (mention.kind === 'count') {
    if (indexed.sizes.some((size) => size.dim === 'count' && sizeEquals(size.base, mention.value))) return 'matched';
    return 'neutral';
  }
  if (indexed.sizeNumbers.has(mention.value)) return 'matched';
  // A figure beside the name that the item's own figures do not include names another model or
  // size ("iPhone 16" for the iPhone 15 case, "Anker 26800" for the 10000 and 20000 ones).
  return mention.named && indexed.sizeNumbers.size > 0 ? 'conflict' : 'neutral';
}

/** An item stating another size of the same kind ("2in" nails for a line's "3in"). */
function dimensionConflicts(indexed: IndexedItem, dimension: Dimension): boolean {
  const values = indexed.dimensions.get(dimension.kind);
  return values !== undefined && !values.has(dimension.value);
}

function itemCoverage(indexed: IndexedItem, hit: Set<string>): number {
  let best = 0;
  for (const script of indexed.coverage) {
    if (script.total === 0) continue;
    let covered = 0;
    for (const word of script.words) {
      for (const key of word.keys) {
        if (hit.has(key)) {
          covered += word.weight;
          break;
        }
      }
    }
    best = Math.max(best, covered / script.total);
  }
  return best;
}

/**
 * How many pairs of consecutive words of the line follow each other in one of the item's names
 * (stopwords and figures aside): "Saudi cement" is "Saudi Cement Ordinary Portland", not "Saudi
 * White Cement".
 */
function pairsInOrder(indexed: IndexedItem, words: QueryWord[]): number {
  let best = 0;
  for (const script of indexed.coverage) {
    let pairs = 0;
    for (let w = 0; w + 1 < words.length; w += 1) {
      const first = words[w].matches;
      const second = words[w + 1].matches;
      const names = (keys: string[], matches: WordMatch[]): boolean =>
        matches.some((match) => keys.includes(match.key));
      for (let j = 0; j + 1 < script.words.length; j += 1) {
        if (names(script.words[j].keys, first) && names(script.words[j + 1].keys, second)) {
          pairs += 1;
          break;
        }
      }
    }
    best = Math.max(best, pairs);
  }
  return best;
}

/** Whether some word of the line names the item by more than an ingredient or flavour. */
function namesBeyondAttributes(indexed: IndexedItem, words: QueryWord[]): boolean {
  for (const word of words) {
    for (const match of word.matches) {
      // A SKU key (s:…) names the item outright.
      if (match.key.startsWith('s:') || (indexed.keys.has(match.key) && !indexed.attributeKeys.has(match.key)))
        return true;
    }
  }
  return false;
}

/** Scores the catalogue items a line's words point to, best first. */
export function matchItems(index: CatalogIndex, query: MatchQuery): Candidate[] {
  const wordCount = query.words.length;
  // Best match score of each word for each item the words point to, through the postings.
  const perItem = new Map<number, Float64Array>();
  query.words.forEach((word, w) => {
    for (const match of word.matches) {
      for (const position of index.postings.get(match.key) ?? []) {
        let scores = perItem.get(position);
        if (!scores) {
          scores = new Float64Array(wordCount);
          perItem.set(position, scores);
        }
        if (scores[w] < match.score) scores[w] = match.score;
      }
    }
  });
  if (perItem.size === 0) return [];

  const totalWeight = query.words.reduce((sum, word) => sum + word.weight, 0);
  const coverages = new Map<number, number>();
  let bestCoverage = 0;
  for (const [position, scores] of perItem) {
    let covered = 0;
    for (let w = 0; w < wordCount; w += 1) covered += query.words[w].weight * scores[w];
    const coverage = totalWeight > 0 ? covered / totalWeight : 0;
    coverages.set(position, coverage);
    if (coverage > bestCoverage) bestCoverage = coverage;
  }

  const queryGroups = new Map<string, Set<string>>();
  for (const word of query.words) {
    for (const concept of word.concepts) {
      const group = groupOf(concept);
      if (!group) continue;
      const set = queryGroups.get(group) ?? new Set<string>();
      set.add(concept);
      queryGroups.set(group, set);
    }
  }
  const queryNorms = new Set(query.words.map((word) => word.norm));
  const dimensions = query.words.map((word) => dimensionOf(word.norm)).filter((dimension) => dimension !== null);
  const askedVariants = query.words.filter((word) => VARIANT_DESCRIPTORS.has(word.norm));
  const hitKeys = new Set<string>();
  for (const word of query.words) for (const match of word.matches) hitKeys.add(match.key);
  // Brands the line names outright (not through a typo guess), and the product concepts of the
  // line that those brands' items carry: another brand's item with one of them is not it.
  const namedBrands: string[] = [];
  for (const word of query.words) {
    for (const match of word.matches)
      if (match.score >= 0.9 && index.brandItems.has(match.key)) namedBrands.push(match.key);
  }
  const brandConcepts: string[] = [];
  for (const key of namedBrands) {
    for (const branded of index.brandItems.get(key) ?? []) {
      for (const hit of hitKeys)
        if (!branded.brandKeys.has(hit) && branded.keys.has(hit) && !brandConcepts.includes(hit))
          brandConcepts.push(hit);
    }
  }
  const otherBrand = (indexed: IndexedItem): boolean =>
    brandConcepts.some((concept) => indexed.keys.has(concept)) && !namedBrands.some((key) => indexed.keys.has(key));

  const scored: Candidate[] = [];
  for (const [position, coverage] of coverages) {
    // An item naming less than half of what the best one names cannot be the answer.
    if (coverage < bestCoverage * 0.5) continue;
    const indexed = index.items[position];
    let factor = 1;
    for (const [group, wanted] of queryGroups) {
      const has = indexed.groups.get(group);
      if (!has) continue;
      let shared = false;
      for (const concept of wanted) if (has.has(concept)) shared = true;
      if (!shared) factor *= CONFLICT_FACTOR;
    }
    for (const variant of indexed.variants) {
      if (!queryNorms.has(variant) && VARIANT_DESCRIPTORS.has(variant)) {
        factor *= VARIANT_FACTOR;
        break;
      }
    }
    if (query.byWeight && !indexed.perWeight) factor *= WEIGHT_MISMATCH_FACTOR;
    if (dimensions.some((dimension) => dimensionConflicts(indexed, dimension))) factor *= SIZE_CONFLICT_FACTOR;
    if (brandConcepts.length > 0 && otherBrand(indexed)) factor *= BRAND_CONFLICT_FACTOR;
    for (const variant of askedVariants) {
      const has =
        indexed.keys.has(`t:${wordForms(variant.norm)[0]}`) ||
        variant.concepts.some((concept) => indexed.keys.has(`c:${concept}`));
      if (!has) factor *= MISSING_VARIANT_FACTOR;
    }
    if (indexed.attributeKeys.size > 0 && !namesBeyondAttributes(indexed, query.words)) factor *= ATTRIBUTE_ONLY_FACTOR;
    const sizesMatched: number[] = [];
    query.sizes.forEach((mention, mentionIndex) => {
      const fit = sizeFit(indexed, mention);
      if (fit === 'matched') sizesMatched.push(mentionIndex);
      else if (fit === 'conflict') factor *= SIZE_CONFLICT_FACTOR;
      else if (fit === 'unknown') factor *= SIZE_UNKNOWN_FACTOR;
    });
    const confidence = coverage * factor;
    scored.push({ indexed, confidence, rank: confidence * 0.85 + SIZE_BONUS * sizesMatched.length, sizesMatched });
  }
  // How much of the item the line names breaks near-ties (whole chicken over franks for "Sadia
  // chicken"); only worth computing for candidates close to the best.
  const topConfidence = scored.reduce((best, candidate) => Math.max(best, candidate.confidence), 0);
  for (const candidate of scored) {
    if (candidate.confidence < topConfidence - 0.15) continue;
    const specificity = 0.85 + 0.15 * itemCoverage(candidate.indexed, hitKeys);
    candidate.rank = candidate.confidence * specificity + SIZE_BONUS * candidate.sizesMatched.length;
  }
  scored.sort((a, b) => b.rank - a.rank || a.indexed.position - b.indexed.position);
  return breakTies(scored, query);
}

/**
 * Among candidates that score the same, a size word picks the larger or smaller pack, then the
 * customer's unit picks the item sold in it; otherwise the smaller pack, with lower confidence.
 */
function breakTies(scored: Candidate[], query: MatchQuery): Candidate[] {
  if (scored.length < 2) return scored;
  const top = scored[0].rank;
  const tied = scored.filter((candidate) => candidate.rank >= top - TIE);
  if (tied.length < 2) {
    // Ranked first only by how much of its name the line names: as good a fit as another item.
    const [first] = scored;
    const close = scored.filter((candidate) => candidate.confidence >= first.confidence - CLOSE);
    if (close.length < 2 || first.sizesMatched.length > 0) return scored;
    // None of the others is surer than the one picked.
    return scored.map((candidate) => ({
      ...candidate,
      confidence: Math.min(candidate.confidence, AMBIGUOUS_CONFIDENCE),
    }));
  }
  let pool = tied;
  if (query.sizeHint) {
    const sized = pool.filter((candidate) => candidate.indexed.primarySize > 0);
    if (sized.length > 0) {
      const sizes = sized.map((candidate) => candidate.indexed.primarySize);
      const pick = query.sizeHint === 'big' ? Math.max(...sizes) : Math.min(...sizes);
      pool = sized.filter((candidate) => candidate.indexed.primarySize === pick);
    }
  }
  if (pool.length > 1 && (query.unitHint || query.packHint?.length)) {
    // Items counted in the unit first, then items sold in it by the pack.
    const sameUnit = pool.filter((candidate) => candidate.indexed.item.unit === query.unitHint);
    const packHint = query.packHint ?? [];
    const packed = pool.filter((candidate) =>
      candidate.indexed.item.packs?.some((pack) => packHint.includes(pack.unit)),
    );
    if (sameUnit.length > 0) pool = sameUnit;
    else if (packed.length > 0) pool = packed;
  }
  if (pool.length > 1) {
    // The item whose name has the line's words in the line's order.
    const pairs = pool.map((candidate) => pairsInOrder(candidate.indexed, query.words));
    const most = Math.max(...pairs);
    pool = pool.filter((_candidate, k) => pairs[k] === most);
  }
  let ambiguous = false;
  if (pool.length > 1) {
    ambiguous = true;
    const smallest = Math.min(...pool.map((candidate) => candidate.indexed.primarySize || Infinity));
    const small = pool.filter((candidate) => (candidate.indexed.primarySize || Infinity) === smallest);
    pool = small.length > 0 ? small : pool;
  }
  const winner = pool.sort((a, b) => a.indexed.position - b.indexed.position)[0];
  if (!ambiguous) return [winner, ...scored.filter((candidate) => candidate.indexed !== winner.indexed)];
  // The one picked is not sure, and none of the others is surer than it.
  const confidence = Math.min(winner.confidence * 0.92, AMBIGUOUS_CONFIDENCE);
  const unsure = (candidate: Candidate): Candidate => ({
    ...candidate,
    confidence: Math.min(candidate.confidence, confidence),
  });
  return [unsure(winner), ...scored.filter((candidate) => candidate.indexed !== winner.indexed).map(unsure)];
}
