import { checkAgainst, ImportRowRefusal, type CheckedRow, type ImportWriter, type RowOutcome } from '@erp/common';
import { CreateStockItemDto, UpdateStockItemDto, type ImportRowDto, type ImportRowErrorDto } from '@erp/contracts';
import type { EntityManager } from 'typeorm';
import { isBarcodeViolation } from '../packs/packs.repository.js';
import { isSkuViolation, type StockItemsRepository } from '../stock-items/stock-items.repository.js';
import type { StockItemsService } from '../stock-items/stock-items.service.js';

/** A checked row: the whole form of a new item, or the changes of one that may exist. */
type StockItemRow = { sku: string; create: CreateStockItemDto | null; changes: UpdateStockItemDto };

const packColumns = [
  { prefix: 'pack', index: 0 },
  { prefix: 'pack2', index: 1 },
] as const;

const packFieldNames: Record<string, string> = {
  unit: 'Unit',
  factor: 'Factor',
  sellingPrice: 'Price',
  barcode: 'Barcode',
};

/** `packs.1.factor` → `pack2Factor`: an error names the column it came from. */
function columnOf(path: string): string {
  const match = /^packs\.(\d)\.(\w+)/.exec(path);
  if (!match) return path;
  const prefix = packColumns[Number(match[1])]?.prefix ?? 'pack';
  return `${prefix}${packFieldNames[match[2]!] ?? ''}`;
}

/** The row's packs when any pack column has a value; undefined leaves an item's packs as they are. */
function packsOf(values: Record<string, string>): Array<Record<string, string | undefined>> | undefined {
  const packs = packColumns
    .map(({ prefix }) => ({
      unit: values[`${prefix}Unit`],
      factor: values[`${prefix}Factor`],
      sellingPrice: values[`${prefix}Price`],
      barcode: values[`${prefix}Barcode`],
    }))
    .filter((pack) => Object.values(pack).some((value) => value !== undefined));
  return packs.length > 0 ? packs : undefined;
}

const itemFields = ['name', 'nameAr', 'unit', 'quantity', 'costPrice', 'sellingPrice', 'lowStockThreshold'] as const;
const batchFields = ['batchNumber', 'expiryDate', 'manufactureDate'] as const;

function pick(values: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]!]));
}

/**
 * Stock items from a spreadsheet (CONTRACT §13): upserted by SKU, without case. A new item takes
 * the stock form's rules (name and unit required), its opening quantity into the ledger and, with
 * a batch number or dates, its first batch; an item that exists takes the columns the file has
 * (an empty cell leaves the field as it is; a changed quantity is a manual adjustment; batch
 * columns are left alone, as batches come with receipts).
 */
export class StockItemsImporter implements ImportWriter<StockItemRow> {
  constructor(
    private readonly items: StockItemsRepository,
    private readonly service: StockItemsService,
    private readonly actorId: string | undefined,
  ) {}

  keyOf(row: ImportRowDto): string | null {
    const sku = row.values.sku?.trim().toLowerCase();
    return sku ? sku : null;
  }

  duplicateError(row: ImportRowDto, firstRow: number): ImportRowErrorDto {
    return {
      row: row.row,
      field: 'sku',
      code: 'duplicate',
      message: `SKU ${row.values.sku?.trim()} is already on row ${firstRow} of this file`,
      params: { firstRow },
    };
  }

  check(row: ImportRowDto): StockItemRow | ImportRowErrorDto[] {
    const { values } = row;
    const sku = values.sku?.trim() ?? '';
    if (sku === '') return [{ row: row.row, field: 'sku', code: 'required', message: 'sku is required' }];
    const packs = packsOf(values);
    const changes = checkAgainst(UpdateStockItemDto, { ...pick(values, itemFields), sku, packs }, row.row, columnOf);
    if (Array.isArray(changes)) return changes;
    const isWholeItem = values.name !== undefined && values.unit !== undefined;
    if (!isWholeItem) return { sku, create: null, changes };
    const plain = { ...pick(values, [...itemFields, ...batchFields]), sku, packs };
    const create = checkAgainst(CreateStockItemDto, plain, row.row, columnOf);
    return Array.isArray(create) ? create : { sku, create, changes };
  }

  async write(rows: ReadonlyArray<CheckedRow<StockItemRow>>, manager: EntityManager): Promise<RowOutcome[]> {
    const existing = await this.items.lockBySkus(
      rows.map(({ value }) => value.sku),
      manager,
    );
    const bySku = new Map(existing.map((item) => [item.sku.toLowerCase(), item]));
    const outcomes: RowOutcome[] = [];
    const created: CreateStockItemDto[] = [];
    try {
      for (const { value } of rows) {
        const item = bySku.get(value.sku.toLowerCase());
        if (item) {
          // The SKU is the row's key: a change of its case is not a rename.
          const { sku: _key, ...changes } = value.changes;
          await this.service.applyChanges(item, changes, this.actorId, manager);
          outcomes.push('updated');
        } else if (value.create) {
          created.push(value.create);
          outcomes.push('created');
        } else {
          const missing = value.changes.name === undefined ? 'name' : 'unit';
          throw new ImportRowRefusal(missing, 'required', `${missing} is required for a new item (SKU ${value.sku})`);
        }
      }
      // New items go in together: a few statements for the whole chunk.
      await this.service.insertMany(created, this.actorId, manager);
    } catch (error) {
      if (isBarcodeViolation(error)) {
        throw new ImportRowRefusal('packBarcode', 'taken', 'A barcode of these packs is already on another pack');
      }
      if (isSkuViolation(error)) throw new ImportRowRefusal('sku', 'taken', 'This SKU is already taken');
      throw error;
    }
    return outcomes;
  }
}
