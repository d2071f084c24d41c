import { normalizeNameForScoring } from './normalize.js';
import type { ParsedOrder } from './parse.js';

/**
 * The scoring rule of shared/eval/README.md: parser items aligned to expected items by SKU
 * (unmatched ones by normalised name); an item is correct when SKU, quantity (±0.001) and unit
 * (when the expected unit is non-null) match; micro-averaged item F1, exact-case accuracy (all
 * items right, no extras, client right when stated) and exact accuracy per tag. Calibration: of
 * the lines the parser is sure of (matched, confidence ≥ SURE, what the confirm dialog shows as a
 * certain match), the share that are right.
 */

/** The confidence from which a line is shown as a certain match. */
export const SURE = 0.9;

export interface ExpectedItem {
  sku: string | null;
  name: string;
  quantity: number;
  unit: string | null;
}

export interface EvalCase {
  id: string;
  lang: string;
  text: string;
  expected: { clientName: string | null; items: ExpectedItem[] };
  tags: string[];
}

export interface CaseScore {
  id: string;
  correct: number;
  predicted: number;
  expected: number;
  clientOk: boolean;
  exact: boolean;
  /** Expected items not matched correctly, and parser items left over. */
  missed: ExpectedItem[];
  extra: ParsedOrder['items'];
  /** Matched lines at confidence ≥ SURE, and how many of them are right. */
  sure: number;
  sureRight: number;
}

export interface SetScore {
  cases: number;
  correct: number;
  predicted: number;
  expected: number;
  precision: number;
  recall: number;
  f1: number;
  exact: number;
  /** Lines at confidence ≥ SURE, those right, and their share (1 when there are none). */
  sure: number;
  sureRight: number;
  calibration: number;
  byTag: Record<string, { cases: number; exact: number }>;
  perCase: CaseScore[];
}

function clientMatches(expected: string | null, actual: string): boolean {
  if (expected === null) return true;
  const want = expected.normalize('NFKC').trim().toLowerCase();
  const got = actual.normalize('NFKC').trim().toLowerCase();
  return got.includes(want);
}

function itemCorrect(expected: ExpectedItem, actual: ParsedOrder['items'][number]): boolean {
  if (Math.abs(Number(actual.quantity) - expected.quantity) > 0.001) return false;
  return expected.unit === null || actual.unit === expected.unit;
}

/** Scores one case (see the module comment). */
export function scoreCase(testCase: EvalCase, parsed: ParsedOrder): CaseScore {
  const remaining = [...parsed.items];
  let correct = 0;
  const right = new Set<ParsedOrder['items'][number]>();
  const missed: ExpectedItem[] = [];
  for (const expected of testCase.expected.items) {
    const aligned = (item: ParsedOrder['items'][number]): boolean =>
      expected.sku !== null
        ? item.sku === expected.sku
        : item.sku === null && normalizeNameForScoring(item.itemName) === normalizeNameForScoring(expected.name);
    // Prefer a correct one among the aligned (repeated lines of one item).
    let at = remaining.findIndex((item) => aligned(item) && itemCorrect(expected, item));
    if (at < 0) at = remaining.findIndex(aligned);
    if (at >= 0 && itemCorrect(expected, remaining[at])) {
      correct += 1;
      right.add(remaining[at]);
    } else {
      missed.push(expected);
    }
    if (at >= 0) remaining.splice(at, 1);
  }
  const clientOk = clientMatches(testCase.expected.clientName, parsed.clientName);
  const exact = correct === testCase.expected.items.length && parsed.items.length === correct && clientOk;
  const extra = parsed.items.filter((item) => remaining.includes(item));
  const sure = parsed.items.filter((item) => item.sku !== null && item.confidence >= SURE);
  return {
    id: testCase.id,
    correct,
    predicted: parsed.items.length,
    expected: testCase.expected.items.length,
    clientOk,
    exact,
    missed,
    extra,
    sure: sure.length,
    sureRight: sure.filter((item) => right.has(item)).length,
  };
}

/** Scores a set of cases with a parse function. */
export function scoreSet(cases: EvalCase[], parse: (text: string) => ParsedOrder): SetScore {
  const perCase = cases.map((testCase) => scoreCase(testCase, parse(testCase.text)));
  const correct = perCase.reduce((sum, score) => sum + score.correct, 0);
  const predicted = perCase.reduce((sum, score) => sum + score.predicted, 0);
  const expected = perCase.reduce((sum, score) => sum + score.expected, 0);
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = expected === 0 ? 0 : correct / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const sure = perCase.reduce((sum, score) => sum + score.sure, 0);
  const sureRight = perCase.reduce((sum, score) => sum + score.sureRight, 0);
  const byTag: SetScore['byTag'] = {};
  cases.forEach((testCase, index) => {
    for (const tag of testCase.tags) {
      const entry = byTag[tag] ?? { cases: 0, exact: 0 };
      entry.cases += 1;
      if (perCase[index].exact) entry.exact += 1;
      byTag[tag] = entry;
    }
  });
  return {
    cases: cases.length,
    correct,
    predicted,
    expected,
    precision,
    recall,
    f1,
    exact: cases.length === 0 ? 0 : perCase.filter((score) => score.exact).length / cases.length,
    sure,
    sureRight,
    calibration: sure === 0 ? 1 : sureRight / sure,
    byTag,
    perCase,
  };
}

/** Reads a .jsonl file's text into cases. */
export function parseJsonl(text: string): EvalCase[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as EvalCase);
}
