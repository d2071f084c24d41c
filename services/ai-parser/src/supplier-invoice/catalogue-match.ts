import type { CatalogIndex, IndexedItem } from '../parser/catalog-index.js';
import { type Candidate, type SizeMention, matchItems, queryWord } from '../parser/matcher.js';
import { hasArabic, prepareText } from '../parser/normalize.js';
import { DEFAULT_THRESHOLD } from '../parser/parse.js';
import { analyseSegment, splitPrefixes } from '../parser/segment.js';
import { tokenize } from '../parser/tokens.js';
import { isMeasureKind, toBase } from '../parser/units.js';

/**
 * An invoice line's description matched to the catalogue with the order parser's offline matcher
 * (the same words, brands, Arabic normalisation, typo tolerance and pack-size checks). Every
 * number in a description is a pack size ("1L", "١٠ كجم", "100 Bags", "24 Portions"), never a
 * quantity. A description in two languages is tried whole and per script; the best reading wins.
 */

export interface DescriptionMatch {
  item: IndexedItem | null;
  /** 0–1; for an unmatched line the best candidate's confidence (below the threshold). */
  confidence: number;
  alternatives: Array<{ stockItemId: string; sku: string; name: string; nameAr: string | null; confidence: number }>;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** "12x1L", "6 X 2.25L", "24×200ml": the pack's item size is what the catalogue names. */
function withoutPackCount(text: string): string {
  return text.replace(/\b\d+\s*[x×*]\s*(?=\d+(?:[.,]\d+)?\s*[a-z\u0621-\u064a])/gi, ' ');
}

function rank(text: string, index: CatalogIndex, unitHint: string | null): Candidate[] {
  const prepared = prepareText(withoutPackCount(text));
  const tokens = splitPrefixes(tokenize(prepared), index.isKnownWord, index.isVocabularyWord).filter(
    (token) => token.norm !== '\n',
  );
  if (tokens.length === 0) return [];
  const analysis = analyseSegment({ tokens, line: 0 });
  const words = analysis.words.map((position) => queryWord(index, analysis.tokens[position].norm));
  if (words.length === 0) return [];
  const sizes: SizeMention[] = [];
  for (const measure of analysis.measures) {
    if (measure.unit && isMeasureKind(measure.unit)) {
      const { dim, base } = toBase(measure.value, measure.unit);
      sizes.push({ kind: 'strong', value: measure.value, dim, base });
    } else if (measure.unit === 'bag' || measure.unit === 'piece' || measure.unit === 'box') {
      sizes.push({ kind: 'count', value: measure.value });
    } else {
      sizes.push({ kind: 'weak', value: measure.value });
    }
  }
  return matchItems(index, { words, sizes, sizeHint: analysis.sizeHint, unitHint, byWeight: false });
}

function scriptParts(text: string): string[] {
  const latin = text
    .replace(/[\u0600-\u06ff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const arabic = text
    .replace(/[A-Za-z][A-Za-z']*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const parts = [text];
  if (hasArabic(text) && /[A-Za-z]{2}/.test(latin)) parts.push(latin, arabic);
  return parts;
}

/** The catalogue item a description names, or none when the best is below `threshold`. */
export function matchDescription(
  description: string,
  index: CatalogIndex,
  options: { unitHint?: string | null; codes?: readonly string[]; threshold?: number } = {},
): DescriptionMatch {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  // One of our own SKUs printed on the line (an item code column, or in the description).
  for (const code of [...(options.codes ?? []), ...description.split(/\s+/)]) {
    const key = code.toLowerCase();
    if (!key || !index.isSku(key)) continue;
    const indexed = index.items.find((candidate) => candidate.item.sku.toLowerCase() === key);
    if (indexed) return { item: indexed, confidence: 1, alternatives: [] };
  }
  let best: Candidate[] = [];
  for (const part of scriptParts(description)) {
    const candidates = rank(part, index, options.unitHint ?? null);
    if (candidates[0] && (!best[0] || candidates[0].confidence > best[0].confidence)) best = candidates;
  }
  const top = best[0];
  const item = top && top.confidence >= threshold ? top.indexed : null;
  return {
    item,
    confidence: round(Math.min(1, top?.confidence ?? 0)),
    alternatives: best
      .filter((candidate) => candidate.indexed !== item)
      .slice(0, 3)
      .map((candidate) => ({
        stockItemId: candidate.indexed.item.id,
        sku: candidate.indexed.item.sku,
        name: candidate.indexed.item.name,
        nameAr: candidate.indexed.item.nameAr ?? null,
        confidence: round(candidate.confidence),
      })),
  };
}
