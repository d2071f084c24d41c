import {
  checkAgainst,
  dec,
  ImportRowRefusal,
  moneyColumn,
  type CheckedRow,
  type ImportWriter,
  type RowOutcome,
} from '@erp/common';
import { PRICE_LIST_MAX_ITEMS, PriceListImportRowDto, type ImportRowDto, type ImportRowErrorDto } from '@erp/contracts';
import type { EntityManager } from 'typeorm';
import type { PacksRepository } from '../packs/packs.repository.js';
import type { PriceListEntity, PriceListItemEntity } from '../price-lists/price-list.entity.js';
import { isNameViolation, type PriceListsRepository } from '../price-lists/price-lists.repository.js';
import type { StockItemsRepository } from '../stock-items/stock-items.repository.js';

/** The row's identity in the file: list, SKU and unit as written (an empty unit is the base unit). */
function keyOf(values: Record<string, string>): string | null {
  const list = values.priceList?.trim().toLowerCase();
  const sku = values.sku?.trim().toLowerCase();
  if (!list || !sku) return null;
  return `${list}\u0000${sku}\u0000${values.unit?.trim().toLowerCase() ?? ''}`;
}

/**
 * Prices of price lists from a spreadsheet (CONTRACT §13): one price per row, upserted by list,
 * item and unit. A list named in the file that does not exist is made; the item is found by SKU
 * and must be sold in the row's unit (its base unit or a pack), as the price list form requires.
 * Prices the file does not name stay as they are: importing a supplier's new prices for 300 items
 * leaves the other 1,700 alone (replacing a whole list is the form's job).
 */
export class PriceListImporter implements ImportWriter<PriceListImportRowDto> {
  constructor(
    private readonly lists: PriceListsRepository,
    private readonly items: StockItemsRepository,
    private readonly packs: PacksRepository,
  ) {}

  keyOf(row: ImportRowDto): string | null {
    return keyOf(row.values);
  }

  duplicateError(row: ImportRowDto, firstRow: number): ImportRowErrorDto {
    const unit = row.values.unit?.trim();
    return {
      row: row.row,
      field: 'sku',
      code: 'duplicate',
      message: `${row.values.sku?.trim()}${unit ? ` (${unit})` : ''} is already priced in ${row.values.priceList?.trim()} on row ${firstRow} of this file`,
      params: { firstRow },
    };
  }

  check(row: ImportRowDto): PriceListImportRowDto | ImportRowErrorDto[] {
    return checkAgainst(PriceListImportRowDto, { ...row.values }, row.row);
  }

  async write(rows: ReadonlyArray<CheckedRow<PriceListImportRowDto>>, manager: EntityManager): Promise<RowOutcome[]> {
    const lists = await this.listsOf(rows, manager);
    const items = await this.items.findBySkusForReference([...new Set(rows.map(({ value }) => value.sku))], manager);
    const bySku = new Map(items.map((item) => [item.sku.toLowerCase(), item]));
    const packs = await this.packs.findOf(
      items.map((item) => item.id),
      manager,
    );

    const prices: PriceListItemEntity[] = rows.map(({ value }) => {
      const item = bySku.get(value.sku.toLowerCase());
      if (!item) throw new ImportRowRefusal('sku', 'unknown', `No stock item has the SKU ${value.sku}`);
      const units = [item.unit as string, ...(packs.get(item.id) ?? []).map((pack) => pack.unit as string)];
      const unit = value.unit ?? item.unit;
      if (!units.includes(unit)) {
        const message = `${item.sku} is sold in ${units.join(', ')}, not ${unit}`;
        throw new ImportRowRefusal('unit', 'invalid', message, [], { units });
      }
      return {
        priceListId: lists.get(value.priceList.toLowerCase())!.id,
        stockItemId: item.id,
        unit,
        price: moneyColumn(dec(value.price)),
      };
    });
    // Two rows may name the same price once the empty unit is read as the base unit.
    const seen = new Set<string>();
    for (const price of prices) {
      const key = `${price.priceListId} ${price.stockItemId} ${price.unit}`;
      if (seen.has(key)) throw new ImportRowRefusal('unit', 'duplicate', `This item is priced in ${price.unit} twice`);
      seen.add(key);
    }

    const existing = await this.lists.existingPrices(prices, manager);
    await this.lists.upsertPrices(prices, manager);
    const listIds = [...new Set(prices.map((price) => price.priceListId))];
    if ((await this.lists.overfull(listIds, PRICE_LIST_MAX_ITEMS, manager)).length > 0) {
      throw new ImportRowRefusal(
        'priceList',
        'invalid',
        `A price list holds at most ${PRICE_LIST_MAX_ITEMS.toLocaleString('en')} prices`,
      );
    }
    return prices.map((price) =>
      existing.has(`${price.priceListId} ${price.stockItemId} ${price.unit}`) ? 'updated' : 'created',
    );
  }

  /** The rows' lists by lower-case name, the missing ones made. */
  private async listsOf(
    rows: ReadonlyArray<CheckedRow<PriceListImportRowDto>>,
    manager: EntityManager,
  ): Promise<Map<string, PriceListEntity>> {
    const names = new Map(rows.map(({ value }) => [value.priceList.toLowerCase(), value.priceList]));
    const lists = await this.lists.findByNames([...names.keys()], manager);
    try {
      for (const [key, name] of names) {
        if (!lists.has(key)) lists.set(key, await this.lists.insert(name, manager));
      }
    } catch (error) {
      // Another import or the form made a list of that name meanwhile: the file is imported again.
      if (isNameViolation(error))
        throw new ImportRowRefusal('priceList', 'taken', 'A price list of this name was just made');
      throw error;
    }
    return lists;
  }
}
