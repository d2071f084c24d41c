import { dec, moneyColumn, moneyJson } from '@erp/common';
import {
  AppException,
  ErrorCode,
  InventoryErrorCode,
  type CreatePriceListDto,
  type FieldError,
  type ListPricesResultDto,
  type PriceListDto,
  type PriceListItemInputDto,
  type UpdatePriceListDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { PacksRepository } from '../packs/packs.repository.js';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';
import type { PriceListEntity, PriceListItemEntity } from './price-list.entity.js';
import { isNameViolation, PriceListsRepository } from './price-lists.repository.js';

function toPriceListDto(list: PriceListEntity, itemCount: number): PriceListDto {
  return {
    id: list.id,
    name: list.name,
    itemCount,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

/**
 * Price lists (CONTRACT §10): a price per item and unit for a customer group. Every price names
 * an item that exists, in a unit it is sold in (its base unit or one of its packs); prices of a
 * unit an item stops being sold in go with it (StockItemsService).
 */
@Injectable()
export class PriceListsService {
  constructor(
    private readonly lists: PriceListsRepository,
    private readonly items: StockItemsRepository,
    private readonly packs: PacksRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(): Promise<PriceListDto[]> {
    return (await this.lists.findAll()).map(({ list, itemCount }) => toPriceListDto(list, itemCount));
  }

  async get(id: string): Promise<PriceListDto> {
    const list = await this.lists.findById(id);
    if (!list) this.notFound(id);
    const items = (await this.lists.findPricedItems(id)).map((row) => ({
      stockItemId: row.stock_item_id,
      sku: row.sku,
      itemName: row.name,
      itemNameAr: row.name_ar,
      unit: row.unit,
      price: moneyJson(row.price),
    }));
    return { ...toPriceListDto(list, items.length), items };
  }

  async create(dto: CreatePriceListDto): Promise<PriceListDto> {
    const prices = await this.checkedPrices(dto.items);
    const id = await this.named(dto.name, (manager) =>
      this.lists.insert(dto.name, manager).then(async (list) => {
        await this.lists.replacePrices(list.id, prices, manager);
        return list.id;
      }),
    );
    return this.get(id);
  }

  async update(id: string, changes: UpdatePriceListDto): Promise<PriceListDto> {
    const prices = changes.items === undefined ? null : await this.checkedPrices(changes.items);
    await this.named(changes.name ?? null, async (manager) => {
      const list = await this.lists.findById(id, manager);
      if (!list) this.notFound(id);
      if (changes.name !== undefined) list.name = changes.name;
      // Saved even without a new name: updatedAt says when its prices last changed.
      await this.lists.save(list, manager);
      if (prices) await this.lists.replacePrices(id, prices, manager);
    });
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.lists.remove(id))) this.notFound(id);
  }

  /** What the list says for these items (404 for an unknown list). */
  async prices(priceListId: string, stockItemIds: string[]): Promise<ListPricesResultDto> {
    const list = await this.lists.findById(priceListId);
    if (!list) this.notFound(priceListId);
    const prices = await this.lists.findPrices(priceListId, [...new Set(stockItemIds.map((id) => id.toLowerCase()))]);
    return {
      priceListId,
      name: list.name,
      prices: prices.map((price) => ({
        stockItemId: price.stockItemId,
        unit: price.unit,
        price: moneyJson(price.price),
      })),
    };
  }

  /**
   * The prices as rows, or 400 naming every line that cannot be: an item that does not exist, a
   * unit the item is not sold in (with the units it has), an item and unit priced twice.
   */
  private async checkedPrices(
    inputs: readonly PriceListItemInputDto[],
  ): Promise<Omit<PriceListItemEntity, 'priceListId'>[]> {
    const ids = [...new Set(inputs.map((input) => input.stockItemId.toLowerCase()))];
    const [items, packs] = await Promise.all([this.items.findByIds(ids), this.packs.findOf(ids)]);
    const unitsOf = new Map(
      items.map((item) => [item.id, [item.unit, ...(packs.get(item.id) ?? []).map((pack) => pack.unit as string)]]),
    );
    const fields: FieldError[] = [];
    const seen = new Set<string>();
    inputs.forEach((input, index) => {
      const id = input.stockItemId.toLowerCase();
      const units = unitsOf.get(id);
      if (!units) {
        fields.push({
          field: `items.${index}.stockItemId`,
          messages: [`items.${index}: no stock item ${input.stockItemId}`],
        });
      } else if (!units.includes(input.unit)) {
        fields.push({
          field: `items.${index}.unit`,
          messages: [`items.${index}: the item is sold in ${units.join(', ')}, not ${input.unit}`],
        });
      } else if (seen.has(`${id} ${input.unit}`)) {
        fields.push({
          field: `items.${index}`,
          messages: [`items.${index}: the item is priced in ${input.unit} twice`],
        });
      }
      seen.add(`${id} ${input.unit}`);
    });
    if (fields.length > 0) {
      const missing = inputs
        .filter((input) => !unitsOf.has(input.stockItemId.toLowerCase()))
        .map((input) => input.stockItemId);
      throw new AppException(ErrorCode.ValidationFailed, fields[0]!.messages[0]!, {
        fields,
        ...(missing.length > 0 ? { missingStockItemIds: [...new Set(missing)] } : {}),
      });
    }
    return inputs.map((input) => ({
      stockItemId: input.stockItemId.toLowerCase(),
      unit: input.unit,
      price: moneyColumn(dec(input.price)),
    }));
  }

  /** Runs a change of lists in a transaction, answering 409 when the name is another list's. */
  private async named<T>(name: string | null, change: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(change);
    } catch (error) {
      if (isNameViolation(error)) {
        throw new AppException(
          InventoryErrorCode.PriceListNameTaken,
          `A price list named ${name ?? ''} already exists`,
          {
            field: 'name',
          },
        );
      }
      throw error;
    }
  }

  private notFound(id: string): never {
    throw new AppException(InventoryErrorCode.PriceListNotFound, 'Price list not found', { id });
  }
}
