import { InventoryClient, type ProductDto, type RpcMeta } from '@erp/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { buildCatalogIndex, type CatalogIndex, type CatalogItem } from '../parser/index.js';

/** A catalogue as the engines see it: the parser's index and each item by id. */
export interface CatalogSnapshot {
  index: CatalogIndex;
  items: readonly CatalogItem[];
  byId: ReadonlyMap<string, CatalogItem>;
  /** Increases with every reload (the speech grammar is rebuilt when it changes). */
  version: number;
  loadedAt: Date;
}

/** inventory.list-products allows at most this many per page. */
const PAGE = 1000;
/** Changed items fetched by the change check; more than this and the catalogue is reloaded. */
const CHANGES_PAGE = 200;

/**
 * The fields the parser reads, packs included (a line is put in an item's pack at the pack's
 * price): a change of anything else (a quantity) does not rebuild the index.
 */
function fingerprint(item: Pick<ProductDto, 'name' | 'nameAr' | 'sku' | 'unit' | 'sellingPrice' | 'packs'>): string {
  const packs = item.packs.map((pack) => `${pack.unit}:${pack.factor}:${pack.price}`).join(',');
  return [item.name, item.nameAr ?? '', item.sku, item.unit, item.sellingPrice, packs].join('\u0000');
}

function toCatalogItem(product: ProductDto): CatalogItem {
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    nameAr: product.nameAr,
    unit: product.unit,
    sellingPrice: product.sellingPrice,
    packs: product.packs.map((pack) => ({ unit: pack.unit, factor: pack.factor, price: pack.price })),
  };
}

/**
 * The stock items of the inventory service, indexed for the offline parser and kept between
 * jobs. Before every job one cheap check (two RPCs: the count, and the items changed since the
 * newest change seen) tells whether the index is still right; only then is it rebuilt. Deletions
 * change the count; additions and edits change `updatedAt`.
 */
@Injectable()
export class CatalogService {
  private readonly logger = new Logger(CatalogService.name);
  private snapshot: CatalogSnapshot | null = null;
  private fingerprints = new Map<string, string>();
  /** The newest `updatedAt` seen (ISO): changes at or after it are looked at. */
  private cursor: string | null = null;
  private pending: Promise<CatalogSnapshot> | null = null;
  private version = 0;

  constructor(private readonly inventory: InventoryClient) {}

  /** The current catalogue (concurrent callers share one check). */
  current(meta: RpcMeta): Promise<CatalogSnapshot> {
    this.pending ??= this.refresh(meta).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(meta: RpcMeta): Promise<CatalogSnapshot> {
    if (this.snapshot && !(await this.changed(meta))) return this.snapshot;
    return this.load(meta);
  }

  private async changed(meta: RpcMeta): Promise<boolean> {
    const [count, changes] = await Promise.all([
      this.inventory.listProducts({ limit: 1, offset: 0, withTotal: true }, meta),
      this.cursor
        ? this.inventory.listProducts({ limit: CHANGES_PAGE, offset: 0, updatedSince: this.cursor }, meta)
        : Promise.resolve({ items: [], hasMore: false, total: null }),
    ]);
    if (count.total !== this.fingerprints.size || changes.hasMore) return true;
    if (changes.items.some((item) => this.fingerprints.get(item.id) !== fingerprint(item))) return true;
    for (const item of changes.items) this.advance(item.updatedAt);
    return false;
  }

  private async load(meta: RpcMeta): Promise<CatalogSnapshot> {
    const started = performance.now();
    const products: ProductDto[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.inventory.listProducts({ limit: PAGE, offset }, meta);
      products.push(...page.items);
      if (!page.hasMore) break;
    }
    const items = products.map(toCatalogItem);
    this.fingerprints = new Map(products.map((product) => [product.id, fingerprint(product)]));
    for (const product of products) this.advance(product.updatedAt);
    this.version += 1;
    this.snapshot = {
      index: buildCatalogIndex(items),
      items,
      byId: new Map(items.map((item) => [item.id, item])),
      version: this.version,
      loadedAt: new Date(),
    };
    this.logger.log({ items: items.length, ms: Math.round(performance.now() - started) }, 'catalogue indexed');
    return this.snapshot;
  }

  private advance(updatedAt: string): void {
    if (!this.cursor || updatedAt > this.cursor) this.cursor = updatedAt;
  }
}
