import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogIndex, fixtureDir, sharedEvalDir } from '../../test/parser-fixtures.js';
import { parseOrderText } from './parse.js';
import { parseJsonl, scoreSet } from './scoring.js';

/** shared/eval/dev.jsonl when the repository sits next to it, else the copy kept in the fixtures. */
const sharedDevFile = path.join(sharedEvalDir, 'dev.jsonl');
const devFile = fs.existsSync(sharedDevFile) ? sharedDevFile : path.join(fixtureDir, 'dev.jsonl');
const holdoutFiles = fs
  .readdirSync(fixtureDir)
  .filter((file) => /^holdout.*\.jsonl$/.test(file))
  .map((file) => path.join(fixtureDir, file));

function score(file: string) {
  const cases = parseJsonl(fs.readFileSync(file, 'utf8'));
  return scoreSet(cases, (text) => parseOrderText(text, catalogIndex()));
}

function failing(result: ReturnType<typeof score>): string {
  const ids = result.perCase.filter((caseScore) => !caseScore.exact).map((caseScore) => caseScore.id);
  return `failing cases: ${ids.join(' ') || 'none'} (npm run eval shows why)`;
}

describe('offline parser on the eval sets (scoring rule of shared/eval/README.md)', () => {
  it(`reaches item F1 ≥ 0.97 and exact-case accuracy ≥ 0.90 on ${path.relative(process.cwd(), devFile)}`, () => {
    const result = score(devFile);
    expect(result.f1, failing(result)).toBeGreaterThanOrEqual(0.97);
    expect(result.exact, failing(result)).toBeGreaterThanOrEqual(0.9);
  });

  it('has at least 25 held-out cases', () => {
    const cases = holdoutFiles.flatMap((file) => parseJsonl(fs.readFileSync(file, 'utf8')));
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(holdoutFiles.map((file) => [path.basename(file), file]))(
    'reaches item F1 ≥ 0.97 and exact-case accuracy ≥ 0.90 on %s',
    (_name, file) => {
      const result = score(file);
      expect(result.f1, failing(result)).toBeGreaterThanOrEqual(0.97);
      expect(result.exact, failing(result)).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe('scoring', () => {
  it('aligns unmatched lines by normalised name and checks quantity and unit', () => {
    const cases = parseJsonl(
      JSON.stringify({
        id: 't1',
        lang: 'en',
        text: 'Nutella 750g x 6 and Oreo 38g x 24',
        expected: {
          clientName: null,
          items: [
            { sku: null, name: 'nutella  750G', quantity: 6, unit: null },
            { sku: 'BISC-OREO-38G', name: 'Oreo 38g', quantity: 24, unit: 'piece' },
          ],
        },
        tags: ['en'],
      }),
    );
    const result = scoreSet(cases, (text) => parseOrderText(text, catalogIndex()));
    expect(result).toMatchObject({ correct: 2, predicted: 2, expected: 2, f1: 1, exact: 1 });
  });
});
