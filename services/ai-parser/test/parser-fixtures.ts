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

/**
 * Packs some items of the eval catalogue are sold in (the eval catalogue has none): milk by the
 * carton, Pepsi by the carton, the shrink pack and the dozen, water by the pallet, chicken by the
 * case, cardamom by the sack, Khalas dates by the carton. Prices are factor × the item's, unless set.
 */
export const TEST_PACKS: Readonly<Record<string, ReadonlyArray<{ unit: string; factor: number; price?: string }>>> = {
  'MILK-ALM-1L': [{ unit: 'carton', factor: 12 }],
  'MILK-ALM-2L': [{ unit: 'carton', factor: 6, price: '65.00' }],
  'PEPSI-CAN-330ML': [
    { unit: 'pack', factor: 6 },
    { unit: 'dozen', factor: 12, price: '28.00' },
    { unit: 'carton', factor: 24, price: '55.00' },
  ],
  'WATER-NOVA-1.5L-12': [{ unit: 'pallet', factor: 84 }],
  'CHK-SADIA-1000G': [{ unit: 'case', factor: 10, price: '140.00' }],
  'SPICE-CARDAMOM-KG': [{ unit: 'sack', factor: 25 }],
  'DATES-KHL-KG': [{ unit: 'carton', factor: 5 }],
};

/** The eval catalogue with TEST_PACKS. */
export function loadPackedCatalog(): CatalogItem[] {
  return loadCatalog().map((item) => {
    const packs = TEST_PACKS[item.sku];
    if (!packs) return item;
    const base = Number(item.sellingPrice);
    return {
      ...item,
      packs: packs.map((pack) => ({
        unit: pack.unit,
        factor: pack.factor,
        price: pack.price ?? (pack.factor * base).toFixed(2),
      })),
    };
  });
}

let cached: CatalogIndex | undefined;
let packed: CatalogIndex | undefined;

/** The index of the eval catalogue with TEST_PACKS, built once per test file. */
export function packedCatalogIndex(): CatalogIndex {
  packed ??= buildCatalogIndex(loadPackedCatalog());
  return packed;
}

/** The index of the eval catalogue, built once per test file. */
export function catalogIndex(): CatalogIndex {
  cached ??= buildCatalogIndex(loadCatalog());
  return cached;
}
