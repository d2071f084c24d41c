import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CatalogIndex, type CatalogItem, buildCatalogIndex } from '../src/parser/catalog-index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The eval catalogue (a copy of shared/eval/catalog.json), with the SKU as the stock item id. */
export const fixtureDir = path.join(here, 'fixtures');
/** shared/eval next to the repository, when present (fixtures/ keeps copies of its catalogue and dev set). */
export const sharedEvalDir = path.resolve(here, '..', '..', '..', '..', 'shared', 'eval');

interface RawItem {
  sku: string;
  name: string;
  nameAr: string;
  unit: string;
  sellingPrice: number;
}

export function loadCatalog(file = path.join(fixtureDir, 'catalog.json')): CatalogItem[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as RawItem[];
  return raw.map((item) => ({ id: item.sku, ...item }));
}

let cached: CatalogIndex | undefined;

/** The index of the eval catalogue, built once per test file. */
export function catalogIndex(): CatalogIndex {
  cached ??= buildCatalogIndex(loadCatalog());
  return cached;
}
