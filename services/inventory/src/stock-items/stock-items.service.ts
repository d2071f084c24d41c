import {
  AppException,
  DEFAULT_LOW_STOCK_THRESHOLD,
  ErrorCode,
  InventoryErrorCode,
  LIST_DEFAULT_LIMIT,
  type CreateStockItemDto,
  type CreateStockItemRequestDto,
  sortOrderOf,
  type ListStockItemsDto,
  type StockSortField,
  type StockItemDto,
  type StockItemPageDto,
  type UpdateStockItemDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { BatchesRepository } from '../batches/batches.repository.js';
import { planReduction } from '../batches/fefo.js';
import { toFefoBatch } from '../batches/stock-batch.mapper.js';
import { createOnce, dec, moneyColumn, quantityColumn } from '@erp/common';
import { toPackRows } from '../packs/packs.js';
import type { StockPackEntity } from '../packs/stock-pack.entity.js';
import { isBarcodeViolation, PacksRepository } from '../packs/packs.repository.js';
import { PriceListsRepository } from '../price-lists/price-lists.repository.js';
import type { StockItemEntity } from './stock-item.entity.js';
import { toStockItemDto } from './stock-item.mapper.js';
import { StockChangeEvents } from './stock-change-events.js';
import { isSkuViolation, StockItemsRepository, type NewStockUpdate } from './stock-items.repository.js';
import { StockUpdateReason } from './stock-update.entity.js';

/** The stock form's rules (SPEC §5, CONTRACT §5) and manual changes of quantity, recorded in the ledger. */
@Injectable()
export class StockItemsService {
  constructor(
    private readonly items: StockItemsRepository,
    private readonly batches: BatchesRepository,
    private readonly packs: PacksRepository,
    private readonly priceLists: PriceListsRepository,
    private readonly stockEvents: StockChangeEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * A new item. Its initial quantity is recorded as an 'initial' stock update; when a batch
   * number, expiry or manufacture date is given, that quantity is the item's first batch.
   */
  async create(dto: CreateStockItemRequestDto, actorId: string | undefined): Promise<StockItemDto> {
    this.checkBatchDates(dto.manufactureDate, dto.expiryDate);
    toPackRows(dto.packs ?? [], dto.unit);
    // With a key the SKU is checked after the claim: a repeat finds the SKU its first call took.
    if (!dto.idempotency && (await this.items.isSkuTaken(dto.sku, null))) this.skuTaken(dto.sku);
    try {
      const { result: item } = await this.dataSource.transaction((manager) =>
        createOnce(manager, 'inventory', 'create-stock-item', dto.idempotency, {
          findEarlier: (id) => this.items.findById(id, manager),
          idOf: (item) => item.id,
          create: async () => {
            if (dto.idempotency && (await this.items.isSkuTaken(dto.sku, null, manager))) this.skuTaken(dto.sku);
            const [item] = await this.insertMany([dto], actorId, manager);
            return item!;
          },
        }),
      );
      const [created] = await this.withBatches([item]);
      return created!;
    } catch (error) {
      this.refuseTaken(error, dto.sku);
      throw error;
    }
  }

  /**
   * New items' rows in the caller's transaction (the form's create, an import's chunk), a few
   * statements for any number of items: the items, their packs, a first batch for each item given
   * a batch number or dates, and each opening quantity in the ledger as 'initial'.
   */
  async insertMany(
    dtos: readonly CreateStockItemDto[],
    actorId: string | undefined,
    manager: EntityManager,
  ): Promise<StockItemEntity[]> {
    const packs = dtos.map((dto) => {
      this.checkBatchDates(dto.manufactureDate, dto.expiryDate);
      return toPackRows(dto.packs ?? [], dto.unit);
    });
    const zero = new Decimal(0);
    const items = await this.items.insertMany(
      dtos.map((dto) => ({
        name: dto.name,
        nameAr: dto.nameAr ?? null,
        sku: dto.sku,
        quantity: quantityColumn(dto.quantity === undefined ? zero : dec(dto.quantity)),
        unit: dto.unit,
        costPrice: moneyColumn(dto.costPrice === undefined ? zero : dec(dto.costPrice)),
        sellingPrice: moneyColumn(dto.sellingPrice === undefined ? zero : dec(dto.sellingPrice)),
        lowStockThreshold: quantityColumn(
          dto.lowStockThreshold === undefined ? new Decimal(DEFAULT_LOW_STOCK_THRESHOLD) : dec(dto.lowStockThreshold),
        ),
      })),
      manager,
    );
    await this.packs.insert(
      items.flatMap((item, k) => packs[k]!.map((pack) => ({ ...pack, stockItemId: item.id }))),
      manager,
    );
    const batched = items.filter((_item, k) => {
      const dto = dtos[k]!;
      return Boolean(dto.batchNumber || dto.expiryDate || dto.manufactureDate);
    });
    const batches = await this.batches.insertMany(
      batched.map((item) => {
        const dto = dtos[items.indexOf(item)]!;
        return {
          stockItemId: item.id,
          batchNumber: dto.batchNumber ?? null,
          quantity: item.quantity,
          receivedQuantity: item.quantity,
          expiryDate: dto.expiryDate ?? null,
          manufactureDate: dto.manufactureDate ?? null,
          supplierId: null,
          invoiceId: null,
        };
      }),
      manager,
    );
    const batchOf = new Map(batches.map((batch) => [batch.stockItemId, batch.id]));
    const initial = items
      .filter((item) => new Decimal(item.quantity).gt(0))
      .map((item): NewStockUpdate => ({
        stockItemId: item.id,
        batchId: batchOf.get(item.id) ?? null,
        invoiceId: null,
        quantityChange: item.quantity,
        newQuantity: item.quantity,
        newCostPrice: item.costPrice,
        reason: StockUpdateReason.Initial,
        reference: null,
        notes: null,
        createdBy: actorId ?? null,
      }));
    await this.items.insertUpdates(initial, manager);
    if (initial.length > 0) this.stockEvents.stage(manager, initial, items);
    return items;
  }

  /** By name; `limit` 500 unless asked (at most 5000); the total only when a limit was asked. */
  list(query: ListStockItemsDto): Promise<StockItemPageDto> {
    return this.items.findPage({
      search: query.search,
      status: query.status,
      sort: sortOrderOf<StockSortField>(query.sort),
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.limit !== undefined,
    });
  }

  async get(id: string): Promise<StockItemDto> {
    const item = await this.items.findById(id);
    if (!item) this.notFound(id);
    const [dto] = await this.withBatches([item]);
    return dto!;
  }

  /** The items with these ids, for other services (unit costs, names); unknown ids are left out. */
  async getMany(ids: string[]): Promise<StockItemDto[]> {
    return this.withBatches(await this.items.findByIds([...new Set(ids)]));
  }

  countLow(): Promise<number> {
    return this.items.countLow();
  }

  /**
   * The stock form's changes. A changed quantity is a manual adjustment, recorded with who
   * made it: a rise goes to unbatched stock; a fall comes out of unbatched stock first, then
   * the batches, earliest expiry first (planReduction).
   */
  async update(id: string, changes: UpdateStockItemDto, actorId: string | undefined): Promise<StockItemDto> {
    try {
      const item = await this.dataSource.transaction(async (manager) => {
        const [item] = await this.items.lockByIds([id], manager);
        if (!item) this.notFound(id);
        return this.applyChanges(item, changes, actorId, manager);
      });
      const [dto] = await this.withBatches([item]);
      return dto!;
    } catch (error) {
      this.refuseTaken(error, changes.sku);
      throw error;
    }
  }

  /** The stock form's changes to a locked item, in the caller's transaction (the form's save, an import's row). */
  async applyChanges(
    item: StockItemEntity,
    changes: UpdateStockItemDto,
    actorId: string | undefined,
    manager: EntityManager,
  ): Promise<StockItemEntity> {
    if (changes.sku !== undefined && changes.sku !== item.sku) {
      if (await this.items.isSkuTaken(changes.sku, item.id, manager)) this.skuTaken(changes.sku);
    }
    const before = columnsOf(item);
    const unitBefore = item.unit;
    if (changes.name !== undefined) item.name = changes.name;
    if (changes.nameAr !== undefined) item.nameAr = changes.nameAr;
    if (changes.sku !== undefined) item.sku = changes.sku;
    if (changes.unit !== undefined) item.unit = changes.unit;
    if (changes.costPrice !== undefined) item.costPrice = moneyColumn(dec(changes.costPrice));
    if (changes.sellingPrice !== undefined) item.sellingPrice = moneyColumn(dec(changes.sellingPrice));
    if (changes.lowStockThreshold !== undefined) {
      item.lowStockThreshold = quantityColumn(dec(changes.lowStockThreshold));
    }
    if (changes.quantity !== undefined) await this.adjust(item, dec(changes.quantity), actorId, manager);
    if (changes.packs !== undefined || item.unit !== unitBefore) {
      await this.replacePacks(item, changes, item.unit !== unitBefore, manager);
    }
    // Nothing changed (an import of the same file again): nothing written.
    return columnsOf(item) === before ? item : this.items.save(item, manager);
  }

  /**
   * A manual change of the (locked) item's quantity to `target`: the batches give up what they
   * hold beyond it, earliest expiry first (planReduction), and the ledger records who did it.
   */
  private async adjust(
    item: StockItemEntity,
    target: Decimal,
    actorId: string | undefined,
    manager: EntityManager,
  ): Promise<void> {
    const before = new Decimal(item.quantity);
    if (target.eq(before)) return;
    const stocked = await this.batches.findStockedOf([item.id], manager);
    for (const portion of planReduction(stocked.map(toFefoBatch), target)) {
      const left = portion.batch!.quantity.minus(portion.quantity);
      await this.batches.setQuantity(portion.batch!.id, quantityColumn(left), manager);
    }
    item.quantity = quantityColumn(target);
    const adjustment: NewStockUpdate = {
      stockItemId: item.id,
      batchId: null,
      invoiceId: null,
      quantityChange: quantityColumn(target.minus(before)),
      newQuantity: item.quantity,
      newCostPrice: item.costPrice,
      reason: StockUpdateReason.Adjustment,
      reference: null,
      notes: null,
      createdBy: actorId ?? null,
    };
    await this.items.insertUpdates([adjustment], manager);
    this.stockEvents.stage(manager, [adjustment], [item]);
  }

  /**
   * The item's packs after a change of them or of its base unit: the packs sent (or the ones it
   * had, checked against the new unit), and price list entries for units it no longer has dropped.
   */
  private async replacePacks(
    item: StockItemEntity,
    changes: UpdateStockItemDto,
    unitChanged: boolean,
    manager: EntityManager,
  ): Promise<void> {
    const current = (await this.packs.findOf([item.id], manager)).get(item.id) ?? [];
    const rows = toPackRows(
      changes.packs ??
        current.map((pack) => ({
          unit: pack.unit,
          factor: pack.factor,
          sellingPrice: pack.sellingPrice ?? undefined,
          barcode: pack.barcode ?? undefined,
        })),
      item.unit,
    );
    if (!unitChanged && samePacks(current, rows)) return;
    await this.packs.replace(item.id, rows, manager);
    await this.items.touch(item, manager);
    await this.priceLists.dropUnitsOtherThan(item.id, [item.unit, ...rows.map((row) => row.unit)], manager);
  }

  /** Deletes the item with its batches and ledger; moves already made keep their record (docs/decisions/0006). */
  async delete(id: string): Promise<void> {
    if (!(await this.items.remove(id))) this.notFound(id);
  }

  private async withBatches(items: StockItemEntity[]): Promise<StockItemDto[]> {
    const ids = items.map((item) => item.id);
    const [firstToExpire, packs] = await Promise.all([this.batches.findFirstToExpire(ids), this.packs.findOf(ids)]);
    return items.map((item) => toStockItemDto(item, firstToExpire.get(item.id) ?? null, packs.get(item.id) ?? []));
  }

  /** A unique index's refusal as the conflict it names: the SKU, or a pack's barcode. */
  private refuseTaken(error: unknown, sku: string | undefined): void {
    if (isSkuViolation(error) && sku !== undefined) this.skuTaken(sku);
    if (isBarcodeViolation(error)) {
      throw new AppException(InventoryErrorCode.BarcodeTaken, 'A barcode of these packs is already on another pack', {
        field: 'packs',
      });
    }
  }

  private checkBatchDates(manufactureDate: string | undefined, expiryDate: string | undefined): void {
    if (manufactureDate && expiryDate && expiryDate < manufactureDate) {
      throw new AppException(ErrorCode.ValidationFailed, 'expiryDate must not be before manufactureDate', {
        fields: [{ field: 'expiryDate', messages: ['expiryDate must not be before manufactureDate'] }],
      });
    }
  }

  private notFound(id: string): never {
    throw new AppException(InventoryErrorCode.StockItemNotFound, 'Stock item not found', { id });
  }

  private skuTaken(sku: string): never {
    throw new AppException(InventoryErrorCode.SkuTaken, `The SKU ${sku} is already used by another item`, {
      field: 'sku',
    });
  }
}

/** An item's own columns as one string, to tell whether a change changed anything. */
function columnsOf(item: StockItemEntity): string {
  const { name, nameAr, sku, unit, quantity, costPrice, sellingPrice, lowStockThreshold } = item;
  return JSON.stringify([
    name,
    nameAr,
    sku,
    unit,
    dec(quantity),
    dec(costPrice),
    dec(sellingPrice),
    dec(lowStockThreshold),
  ]);
}

/** Whether two lists of packs say the same (units, factors, prices and barcodes, in any order). */
function samePacks(
  current: ReadonlyArray<Pick<StockPackEntity, 'unit' | 'factor' | 'sellingPrice' | 'barcode'>>,
  next: ReadonlyArray<Pick<StockPackEntity, 'unit' | 'factor' | 'sellingPrice' | 'barcode'>>,
): boolean {
  const key = (packs: typeof current) =>
    packs
      .map((pack) =>
        JSON.stringify([pack.unit, dec(pack.factor), pack.sellingPrice && dec(pack.sellingPrice), pack.barcode]),
      )
      .sort()
      .join('|');
  return key(current) === key(next);
}
