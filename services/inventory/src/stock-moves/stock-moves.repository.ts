import type { SkippedExpiredBatchDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { StockMoveLineEntity } from './stock-move-line.entity.js';
import { StockMoveEntity, type StockMoveKind } from './stock-move.entity.js';

export interface NewStockMove {
  moveKey: string;
  kind: StockMoveKind;
  orderId: string;
  takeMoveId: string | null;
  createdBy: string | null;
}

export type NewStockMoveLine = Omit<StockMoveLineEntity, 'id'>;

/** A line of a move with its batch's number and expiry, in the move's order. */
export interface MoveLineView {
  stockItemId: string;
  batchId: string | null;
  batchNumber: string | null;
  expiryDate: string | null;
  quantity: string;
}

@Injectable()
export class StockMovesRepository {
  /**
   * Records the move unless its key was used before: the new move's id, or null when the key
   * exists. A concurrent call with the same key waits here until the first one commits (then
   * gets null) or rolls back (then records its own): the key is what makes a move happen once.
   */
  async insertIfNew(move: NewStockMove, manager: EntityManager): Promise<string | null> {
    const rows = (await manager.query(
      `INSERT INTO inventory.stock_moves (move_key, kind, order_id, take_move_id, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (move_key) DO NOTHING
       RETURNING id`,
      [move.moveKey, move.kind, move.orderId, move.takeMoveId, move.createdBy],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  findByKey(moveKey: string, manager: EntityManager): Promise<StockMoveEntity | null> {
    return manager.getRepository(StockMoveEntity).findOneBy({ moveKey });
  }

  /** The put-back that already returned this take, if any. */
  findPutBackOf(takeMoveId: string, manager: EntityManager): Promise<StockMoveEntity | null> {
    return manager.getRepository(StockMoveEntity).findOneBy({ takeMoveId, kind: 'put' });
  }

  /** Per line of the take, what returns already gave back of it (restocked or written off). */
  async returnedOfTake(takeMoveId: string, manager: EntityManager): Promise<Map<number, string>> {
    const rows = (await manager.query(
      `SELECT l.take_line_no, sum(l.quantity)::text AS quantity
         FROM inventory.stock_move_lines l
         JOIN inventory.stock_moves m ON m.id = l.move_id
        WHERE m.take_move_id = $1 AND m.kind = 'return'
        GROUP BY l.take_line_no`,
      [takeMoveId],
    )) as Array<{ take_line_no: number; quantity: string }>;
    return new Map(rows.map((row) => [row.take_line_no, row.quantity]));
  }

  /** A take's lines with their line numbers, in order. */
  async findTakeLines(takeMoveId: string, manager: EntityManager): Promise<Array<MoveLineView & { lineNo: number }>> {
    const lines = await manager
      .getRepository(StockMoveLineEntity)
      .find({ where: { moveId: takeMoveId }, order: { lineNo: 'ASC' } });
    const views = await this.findLineViews(takeMoveId, manager);
    return lines.map((line, index) => ({ ...views[index]!, lineNo: line.lineNo }));
  }

  /**
   * The order's takes so far and the one not yet put back (at most one when every move goes
   * through syncOrderStock, which holds the order's lock).
   */
  async findOrderState(
    orderId: string,
    manager: EntityManager,
  ): Promise<{ takes: number; puts: number; openTake: StockMoveEntity | null }> {
    const [counts] = (await manager.query(
      `SELECT count(*) FILTER (WHERE kind = 'take')::int AS takes, count(*) FILTER (WHERE kind = 'put')::int AS puts
         FROM inventory.stock_moves WHERE order_id = $1`,
      [orderId],
    )) as Array<{ takes: number; puts: number }>;
    const openTake = await manager
      .getRepository(StockMoveEntity)
      .createQueryBuilder('take')
      .where('take.orderId = :orderId AND take.kind = :kind', { orderId, kind: 'take' })
      .andWhere(
        "NOT EXISTS (SELECT 1 FROM inventory.stock_moves put WHERE put.take_move_id = take.id AND put.kind = 'put')",
      )
      .orderBy('take.createdAt', 'DESC')
      .getOne();
    return { takes: counts?.takes ?? 0, puts: counts?.puts ?? 0, openTake };
  }

  async insertLines(lines: NewStockMoveLine[], manager: EntityManager): Promise<void> {
    if (lines.length === 0) return;
    await manager.getRepository(StockMoveLineEntity).insert(lines);
  }

  async setSkippedExpired(id: string, skipped: SkippedExpiredBatchDto[], manager: EntityManager): Promise<void> {
    if (skipped.length === 0) return;
    await manager.getRepository(StockMoveEntity).update({ id }, { skippedExpiredBatches: skipped });
  }

  async findLineViews(moveId: string, manager: EntityManager): Promise<MoveLineView[]> {
    const rows = (await manager.query(
      `SELECT l.stock_item_id, l.batch_id, b.batch_number, b.expiry_date::text AS expiry_date, l.quantity
         FROM inventory.stock_move_lines l
         LEFT JOIN inventory.stock_batches b ON b.id = l.batch_id
        WHERE l.move_id = $1
        ORDER BY l.line_no`,
      [moveId],
    )) as Array<{
      stock_item_id: string;
      batch_id: string | null;
      batch_number: string | null;
      expiry_date: string | null;
      quantity: string;
    }>;
    return rows.map((row) => ({
      stockItemId: row.stock_item_id,
      batchId: row.batch_id,
      batchNumber: row.batch_number,
      expiryDate: row.expiry_date,
      quantity: row.quantity,
    }));
  }
}

/** A second put-back of the same take, under another key, lost the race to the first. */
export function isPutBackViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'stock_moves_take_move_key');
}
