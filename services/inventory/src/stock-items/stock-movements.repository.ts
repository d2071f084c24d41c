import { containsPattern, quantityJson } from '@erp/common';
import type { StockMovementDto, StockMovementPageDto, StockMovementReason } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';

interface MovementRow {
  id: string;
  stock_item_id: string;
  sku: string;
  name: string;
  name_ar: string | null;
  unit: string;
  quantity_change: string;
  new_quantity: string;
  reason: StockMovementReason;
  reference: string | null;
  notes: string | null;
  batch_number: string | null;
  created_at: Date;
  created_by: string | null;
}

/** The stock ledger (stock_updates) as the Movements screen reads it: newest first, with the item. */
@Injectable()
export class StockMovementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findPage(query: {
    stockItemId?: string;
    reason?: StockMovementReason;
    search?: string;
    limit: number;
    offset: number;
    withTotal: boolean;
  }): Promise<StockMovementPageDto> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (query.stockItemId) add((p) => `u.stock_item_id = ${p}`, query.stockItemId);
    if (query.reason) add((p) => `u.reason = ${p}`, query.reason);
    if (query.search) add((p) => `i.search_key LIKE ${p}`, containsPattern(query.search));
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const joined = 'inventory.stock_updates u JOIN inventory.stock_items i ON i.id = u.stock_item_id';
    const rows = (await this.dataSource.query(
      `SELECT u.id, u.stock_item_id, i.sku, i.name, i.name_ar, i.unit, u.quantity_change, u.new_quantity,
              u.reason, u.reference, u.notes, b.batch_number, u.created_at, u.created_by
         FROM ${joined} LEFT JOIN inventory.stock_batches b ON b.id = u.batch_id
         ${filter}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    )) as MovementRow[];
    const total = query.withTotal
      ? (
          (await this.dataSource.query(`SELECT count(*)::int AS count FROM ${joined} ${filter}`, params)) as [
            { count: number },
          ]
        )[0].count
      : null;
    return { items: rows.map(toMovement), total };
  }
}

function toMovement(row: MovementRow): StockMovementDto {
  const after = new Decimal(row.new_quantity);
  return {
    id: row.id,
    stockItemId: row.stock_item_id,
    sku: row.sku,
    name: row.name,
    nameAr: row.name_ar,
    unit: row.unit,
    quantityBefore: quantityJson(after.minus(row.quantity_change)),
    quantityChange: quantityJson(row.quantity_change),
    quantityAfter: quantityJson(after),
    reason: row.reason,
    reference: row.reference,
    batchNumber: row.batch_number,
    notes: row.notes,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    createdByName: null,
  };
}
