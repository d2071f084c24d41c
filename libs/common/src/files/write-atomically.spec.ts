import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from './write-atomically.js';

describe('writeFileAtomically', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'write-atomically-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('lets many writers of one file succeed at once, leaving one whole file and nothing aside', async () => {
    const target = join(folder, 'invoices', '2026', 'INV-2026-000001.pdf');
    const contents = Array.from({ length: 20 }, (_, index) => Buffer.from(`%PDF- writer ${index} `.repeat(5_000)));
    await Promise.all(contents.map((content) => writeFileAtomically(target, content)));
    const written = readFileSync(target);
    expect(contents.some((content) => content.equals(written))).toBe(true);
    expect(readdirSync(join(folder, 'invoices', '2026'))).toEqual(['INV-2026-000001.pdf']);
  });
});
