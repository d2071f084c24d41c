import {
  AppException,
  InventoryErrorCode,
  type PutBackStockDto,
  type ReturnOrderStockDto,
  type SkippedExpiredBatchDto,
  type StockMoveResultDto,
  type StockShortageDto,
  type SyncOrderStockDto,
  type SyncOrderStockResultDto,
  type TakeStockDto,
  type TakeStockLineDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Decimal } from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { BatchesRepository } from '../batches/batches.repository.js';
import { planTake, type TakePlan } from '../batches/fefo.js';
import type { StockBatchEntity } from '../batches/stock-batch.entity.js';
import { toFefoBatch } from '../batches/stock-batch.mapper.js';
import { BusinessClock } from '../clock/business-clock.js';
import { dec, quantityColumn, quantityJson } from '@erp/common';
import { StockChangeEvents } from '../stock-items/stock-change-events.js';
import type { StockItemEntity } from '../stock-items/stock-item.entity.js';
import { StockItemsRepository, type NewStockUpdate } from '../stock-items/stock-items.repository.js';
import { StockUpdateReason } from '../stock-items/stock-update.entity.js';
import type { StockMoveKind } from './stock-move.entity.js';
import { toStockMoveResult } from './stock-move.mapper.js';
import {
  isPutBackViolation,
  StockMovesRepository,
  type MoveLineView,
  type NewStockMoveLine,
} from './stock-moves.repository.js';

/** Lines of the same item added together, in the order the items first appear. */
function neededByItem(lines: readonly TakeStockLineDto[]): Map<string, Decimal> {
  const needed = new Map<string, Decimal>();
  for (const line of lines) {
    const id = line.stockItemId.toLowerCase();
    needed.set(id, (needed.get(id) ?? new Decimal(0)).plus(dec(line.quantity)));
  }
  return needed;
}

function groupByItem(batches: readonly StockBatchEntity[]): Map<string, StockBatchEntity[]> {
  const groups = new Map<string, StockBatchEntity[]>();
  for (const batch of batches) groups.set(batch.stockItemId, [...(groups.get(batch.stockItemId) ?? []), batch]);
  return groups;
}

/**
 * Stock moves for orders (CONTRACT §5), each in one transaction and exactly once per move key:
 * the key is recorded first (INSERT ... ON CONFLICT DO NOTHING), so a repeated or concurrent
 * call with it moves nothing and answers what the first call did. Items are locked in id order.
 */
@Injectable()
export class StockMovesService {
  constructor(
    private readonly items: StockItemsRepository,
    private readonly batches: BatchesRepository,
    private readonly moves: StockMovesRepository,
    private readonly clock: BusinessClock,
    private readonly stockEvents: StockChangeEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Takes every line out of stock, earliest expiry first across the batches that have not
   * expired, then unbatched stock; all or nothing. Expired batches are never sold and are
   * named in the answer. Short: 409 listing each shortage, unless negative stock is allowed.
   */
  take(dto: TakeStockDto, actorId: string | undefined): Promise<StockMoveResultDto> {
    return this.dataSource.transaction((manager) => this.takeIn(dto, actorId, manager));
  }

  /**
   * Makes the order hold its stock (take, FEFO) or not (put back its open take), whatever
   * happened before: idempotent, and serialized per order by a transaction-scoped advisory lock,
   * so a retry, a duplicate or a repair after a lost answer never moves stock twice.
   */
  syncOrderStock(dto: SyncOrderStockDto, actorId: string | undefined): Promise<SyncOrderStockResultDto> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`order-stock:${dto.orderId}`]);
      const state = await this.moves.findOrderState(dto.orderId, manager);
      if (dto.hold === (state.openTake !== null)) return { held: dto.hold, move: null };
      const prefix = `order:${dto.orderId.toLowerCase()}`;
      const move = dto.hold
        ? await this.takeIn(
            {
              moveKey: `${prefix}:take:${state.takes + 1}`,
              orderId: dto.orderId,
              lines: dto.lines,
              allowNegative: dto.allowNegative,
            },
            actorId,
            manager,
          )
        : await this.putBackIn(
            {
              moveKey: `${prefix}:return:${state.puts + 1}`,
              orderId: dto.orderId,
              takeMoveKey: state.openTake!.moveKey,
            },
            actorId,
            manager,
          );
      return { held: dto.hold, move };
    });
  }

  /**
   * Goods of a committed order come back (CONTRACT §11), once per return: each item's quantity is
   * given back from the order's open take, its last drawn portions first, each portion to the
   * batch it left (unbatched stock if the batch is gone) or written off. Never more than the take
   * still holds (409 INVENTORY_RETURN_EXCEEDS_TAKEN); the order service checks the same first.
   */
  returnOrderStock(dto: ReturnOrderStockDto, actorId: string | undefined): Promise<StockMoveResultDto> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`order-stock:${dto.orderId}`]);
      const moveKey = `order:${dto.orderId.toLowerCase()}:goods-return:${dto.returnId.toLowerCase()}`;
      const earlier = await this.moves.findByKey(moveKey, manager);
      if (earlier) return this.repeat(moveKey, 'return', dto.orderId, manager);
      const { openTake } = await this.moves.findOrderState(dto.orderId, manager);
      if (!openTake) throw returnExceedsTaken(dto.orderId, 'The order holds no stock to return');
      const moveId = await this.moves.insertIfNew(
        { moveKey, kind: 'return', orderId: dto.orderId, takeMoveId: openTake.id, createdBy: actorId ?? null },
        manager,
      );
      if (!moveId) return this.repeat(moveKey, 'return', dto.orderId, manager);

      const takeLines = await this.moves.findTakeLines(openTake.id, manager);
      const returned = await this.moves.returnedOfTake(openTake.id, manager);
      const left = new Map(
        takeLines.map((line) => [line.lineNo, dec(line.quantity).minus(returned.get(line.lineNo) ?? 0)]),
      );
      const items = await this.lockItems(
        [...new Set(dto.lines.map((line) => line.stockItemId.toLowerCase()))],
        manager,
      );
      const lines: NewStockMoveLine[] = [];
      const views: MoveLineView[] = [];
      const restocked = new Map<string, Decimal>();
      const writtenOff = new Map<string, Decimal>();
      for (const wanted of dto.lines) {
        const itemId = wanted.stockItemId.toLowerCase();
        let rest = dec(wanted.quantity);
        for (const taken of [...takeLines].reverse()) {
          if (rest.isZero()) break;
          if (taken.stockItemId !== itemId) continue;
          const portion = Decimal.min(rest, left.get(taken.lineNo)!);
          if (portion.lte(0)) continue;
          left.set(taken.lineNo, left.get(taken.lineNo)!.minus(portion));
          rest = rest.minus(portion);
          const quantity = quantityColumn(portion);
          const toBatch =
            wanted.restock &&
            taken.batchId !== null &&
            (await this.batches.addQuantity(taken.batchId, quantity, manager));
          const batchId = wanted.restock ? (toBatch ? taken.batchId : null) : taken.batchId;
          lines.push({
            moveId,
            lineNo: lines.length + 1,
            stockItemId: itemId,
            batchId,
            quantity,
            takeLineNo: taken.lineNo,
            writtenOff: !wanted.restock,
          });
          views.push({
            ...taken,
            batchId,
            quantity,
            ...(batchId === taken.batchId ? {} : { batchNumber: null, expiryDate: null }),
          });
          const totals = wanted.restock ? restocked : writtenOff;
          totals.set(itemId, (totals.get(itemId) ?? new Decimal(0)).plus(portion));
        }
        if (rest.gt(0) || !items.has(itemId)) {
          throw returnExceedsTaken(dto.orderId, `More of ${wanted.stockItemId} than the order still holds`);
        }
      }
      const updates: NewStockUpdate[] = [];
      for (const [id, quantity] of restocked) {
        const item = items.get(id)!;
        const newQuantity = quantityColumn(new Decimal(item.quantity).plus(quantity));
        await this.items.setQuantity(id, newQuantity, manager);
        item.quantity = newQuantity;
        updates.push(this.ledgerRow(item, quantity, newQuantity, StockUpdateReason.OrderReturn, dto.orderId, actorId));
      }
      const writeOffs: NewStockUpdate[] = [...writtenOff].map(([id, quantity]) => {
        const item = items.get(id)!;
        return {
          ...this.ledgerRow(
            item,
            new Decimal(0),
            item.quantity,
            StockUpdateReason.OrderReturnWrittenOff,
            dto.orderId,
            actorId,
          ),
          notes: `${quantityColumn(quantity)} ${item.unit} returned and written off`,
        };
      });
      await this.moves.insertLines(lines, manager);
      await this.items.insertUpdates([...updates, ...writeOffs], manager);
      this.stockEvents.stage(manager, updates, items.values());
      return toStockMoveResult(moveKey, views, [], false);
    });
  }

  private async takeIn(
    dto: TakeStockDto,
    actorId: string | undefined,
    manager: EntityManager,
  ): Promise<StockMoveResultDto> {
    const needed = neededByItem(dto.lines);
    const today = this.clock.today();
    const moveId = await this.moves.insertIfNew(
      { moveKey: dto.moveKey, kind: 'take', orderId: dto.orderId, takeMoveId: null, createdBy: actorId ?? null },
      manager,
    );
    if (!moveId) return this.repeat(dto.moveKey, 'take', dto.orderId, manager);

    const ids = [...needed.keys()];
    const items = await this.lockItems(ids, manager);
    const missing = ids.filter((id) => !items.has(id));
    if (missing.length > 0) {
      throw new AppException(InventoryErrorCode.StockItemNotFound, `Stock item not found: ${missing.join(', ')}`, {
        ids: missing,
      });
    }
    const batchesByItem = groupByItem(await this.batches.findStockedOf(ids, manager));
    const plans = ids.map((id) => {
      const item = items.get(id)!;
      const plan = planTake({
        batches: (batchesByItem.get(id) ?? []).map(toFefoBatch),
        onHand: new Decimal(item.quantity),
        needed: needed.get(id)!,
        today,
        allowNegative: dto.allowNegative === true,
      });
      return { item, needed: needed.get(id)!, plan };
    });
    const shortages = plans.filter(({ plan }) => plan.short).map(toShortage);
    if (shortages.length > 0) throw insufficientStock(shortages);

    const lines: NewStockMoveLine[] = [];
    const views: MoveLineView[] = [];
    const updates: NewStockUpdate[] = [];
    const skipped: SkippedExpiredBatchDto[] = [];
    for (const { item, needed: quantity, plan } of plans) {
      for (const portion of plan.portions) {
        if (portion.batch) {
          const left = portion.batch.quantity.minus(portion.quantity);
          await this.batches.setQuantity(portion.batch.id, quantityColumn(left), manager);
        }
        const line = {
          stockItemId: item.id,
          batchId: portion.batch?.id ?? null,
          quantity: quantityColumn(portion.quantity),
        };
        lines.push({ ...line, moveId, lineNo: lines.length + 1, takeLineNo: null, writtenOff: false });
        views.push({
          ...line,
          batchNumber: portion.batch?.batchNumber ?? null,
          expiryDate: portion.batch?.expiryDate ?? null,
        });
      }
      const newQuantity = quantityColumn(new Decimal(item.quantity).minus(quantity));
      await this.items.setQuantity(item.id, newQuantity, manager);
      updates.push(this.ledgerRow(item, quantity.neg(), newQuantity, StockUpdateReason.Order, dto.orderId, actorId));
      for (const batch of plan.skippedExpired) {
        skipped.push({
          stockItemId: item.id,
          batchId: batch.id,
          batchNumber: batch.batchNumber,
          quantity: quantityJson(batch.quantity),
          expiryDate: batch.expiryDate!,
        });
      }
    }
    await this.moves.insertLines(lines, manager);
    await this.items.insertUpdates(updates, manager);
    this.stockEvents.stage(manager, updates, items.values());
    await this.moves.setSkippedExpired(moveId, skipped, manager);
    return toStockMoveResult(dto.moveKey, views, skipped, false);
  }

  /**
   * Returns exactly what the take `takeMoveKey` took, to the same batches (unbatched stock for
   * what came from there, or from a batch that no longer exists), once per move key; a take
   * is put back at most once. A take that never happened: nothing to return.
   */
  async putBack(dto: PutBackStockDto, actorId: string | undefined): Promise<StockMoveResultDto> {
    try {
      return await this.dataSource.transaction((manager) => this.putBackIn(dto, actorId, manager));
    } catch (error) {
      if (isPutBackViolation(error)) throw alreadyPutBack(dto.takeMoveKey, null);
      throw error;
    }
  }

  private async putBackIn(
    dto: PutBackStockDto,
    actorId: string | undefined,
    manager: EntityManager,
  ): Promise<StockMoveResultDto> {
    const take = await this.moves.findByKey(dto.takeMoveKey, manager);
    if (take && (take.kind !== 'take' || take.orderId !== dto.orderId)) {
      throw moveKeyConflict(dto.takeMoveKey, 'takeMoveKey', 'is not a take of this order');
    }
    if (take) {
      const earlier = await this.moves.findPutBackOf(take.id, manager);
      if (earlier && earlier.moveKey !== dto.moveKey) throw alreadyPutBack(dto.takeMoveKey, earlier.moveKey);
    }
    const moveId = await this.moves.insertIfNew(
      {
        moveKey: dto.moveKey,
        kind: 'put',
        orderId: dto.orderId,
        takeMoveId: take?.id ?? null,
        createdBy: actorId ?? null,
      },
      manager,
    );
    if (!moveId) return this.repeat(dto.moveKey, 'put', dto.orderId, manager);
    if (!take) return toStockMoveResult(dto.moveKey, [], [], false);

    const givenBack = await this.moves.returnedOfTake(take.id, manager);
    const taken = (await this.moves.findTakeLines(take.id, manager))
      .map((line) => ({ ...line, quantity: quantityColumn(dec(line.quantity).minus(givenBack.get(line.lineNo) ?? 0)) }))
      .filter((line) => dec(line.quantity).gt(0));
    const items = await this.lockItems([...new Set(taken.map((view) => view.stockItemId))], manager);
    const lines: NewStockMoveLine[] = [];
    const views: MoveLineView[] = [];
    const returned = new Map<string, Decimal>();
    for (const view of taken) {
      // An item deleted since the take takes its lines with it; nothing to return to.
      if (!items.has(view.stockItemId)) continue;
      const toBatch = view.batchId !== null && (await this.batches.addQuantity(view.batchId, view.quantity, manager));
      const batchId = toBatch ? view.batchId : null;
      lines.push({
        moveId,
        lineNo: lines.length + 1,
        stockItemId: view.stockItemId,
        batchId,
        quantity: view.quantity,
        takeLineNo: null,
        writtenOff: false,
      });
      const { lineNo: _takeLineNo, ...shown } = view;
      views.push({ ...shown, batchId, ...(toBatch ? {} : { batchNumber: null, expiryDate: null }) });
      returned.set(view.stockItemId, (returned.get(view.stockItemId) ?? new Decimal(0)).plus(view.quantity));
    }
    const updates: NewStockUpdate[] = [];
    for (const [id, quantity] of returned) {
      const item = items.get(id)!;
      const newQuantity = quantityColumn(new Decimal(item.quantity).plus(quantity));
      await this.items.setQuantity(id, newQuantity, manager);
      updates.push(this.ledgerRow(item, quantity, newQuantity, StockUpdateReason.OrderPutBack, dto.orderId, actorId));
    }
    await this.moves.insertLines(lines, manager);
    await this.items.insertUpdates(updates, manager);
    this.stockEvents.stage(manager, updates, items.values());
    return toStockMoveResult(dto.moveKey, views, [], false);
  }

  /** The first answer of a move key, again; the key must have been used for the same kind and order. */
  private async repeat(
    moveKey: string,
    kind: StockMoveKind,
    orderId: string,
    manager: EntityManager,
  ): Promise<StockMoveResultDto> {
    const move = await this.moves.findByKey(moveKey, manager);
    if (!move || move.kind !== kind || move.orderId !== orderId) {
      throw moveKeyConflict(moveKey, 'moveKey', 'was already used for another order or kind of move');
    }
    const views = await this.moves.findLineViews(move.id, manager);
    return toStockMoveResult(moveKey, views, move.skippedExpiredBatches, true);
  }

  private async lockItems(ids: string[], manager: EntityManager): Promise<Map<string, StockItemEntity>> {
    return new Map((await this.items.lockByIds(ids, manager)).map((item) => [item.id, item]));
  }

  private ledgerRow(
    item: StockItemEntity,
    change: Decimal,
    newQuantity: string,
    reason: StockUpdateReason,
    orderId: string,
    actorId: string | undefined,
  ): NewStockUpdate {
    return {
      stockItemId: item.id,
      batchId: null,
      invoiceId: null,
      quantityChange: quantityColumn(change),
      newQuantity,
      newCostPrice: item.costPrice,
      reason,
      reference: orderId,
      notes: null,
      createdBy: actorId ?? null,
    };
  }
}

function toShortage({
  item,
  needed,
  plan,
}: {
  item: StockItemEntity;
  needed: Decimal;
  plan: TakePlan;
}): StockShortageDto {
  return {
    stockItemId: item.id,
    name: item.name,
    nameAr: item.nameAr,
    sku: item.sku,
    available: quantityJson(plan.available),
    needed: quantityJson(needed),
  };
}

function insufficientStock(shortages: StockShortageDto[]): AppException {
  const list = shortages
    .map((shortage) => `${shortage.name} (available ${shortage.available}, needed ${shortage.needed})`)
    .join('; ');
  return new AppException(InventoryErrorCode.InsufficientStock, `Not enough stock: ${list}`, { shortages });
}

function moveKeyConflict(key: string, field: 'moveKey' | 'takeMoveKey', problem: string): AppException {
  return new AppException(InventoryErrorCode.MoveKeyConflict, `The ${field} ${key} ${problem}`, {
    field,
    [field]: key,
  });
}

function returnExceedsTaken(orderId: string, message: string): AppException {
  return new AppException(InventoryErrorCode.ReturnExceedsTaken, message, { orderId });
}

function alreadyPutBack(takeMoveKey: string, putBackMoveKey: string | null): AppException {
  return new AppException(InventoryErrorCode.AlreadyPutBack, `The take ${takeMoveKey} was already put back`, {
    takeMoveKey,
    putBackMoveKey,
  });
}
