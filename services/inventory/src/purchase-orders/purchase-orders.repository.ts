import type { PurchaseOrderDto, PurchaseOrderLineDto, SupplierDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What a new purchase order is made of; lines as they are to be printed. */
export interface NewPurchaseOrder {
  /** The business year its number counts in. */
  year: number;
  supplierId: string;
  reorderSuggestionId: string | null;
  lines: PurchaseOrderLineDto[];
  createdBy: string | null;
}

interface OrderRow {
  id: string;
  number: string;
  reorder_suggestion_id: string | null;
  created_at: Date;
  created_by: string | null;
  supplier: SupplierDto;
  lines: Array<
    Omit<PurchaseOrderLineDto, 'nameAr' | 'stockItemId'> & { name_ar: string | null; stock_item_id: string }
  >;
}

/** One order with its supplier and lines, in one statement. */
const selectOrderSql = `
SELECT o.id, o.number, o.reorder_suggestion_id, o.created_at, o.created_by::text,
       json_build_object('id', s.id, 'name', s.name, 'phone', s.phone, 'email', s.email, 'address', s.address) AS supplier,
       (SELECT json_agg(json_build_object('stock_item_id', l.stock_item_id, 'sku', l.sku, 'name', l.name,
                'name_ar', l.name_ar, 'unit', l.unit, 'quantity', l.quantity, 'packs', l.packs) ORDER BY l.line_no)
          FROM inventory.purchase_order_lines l WHERE l.purchase_order_id = o.id) AS lines
  FROM inventory.purchase_orders o
  JOIN inventory.suppliers s ON s.id = o.supplier_id
 WHERE o.id = $1`;

function toPurchaseOrderDto(row: OrderRow): PurchaseOrderDto {
  return {
    id: row.id,
    number: row.number,
    supplier: row.supplier,
    lines: row.lines.map(({ stock_item_id, name_ar, ...line }) => ({
      stockItemId: stock_item_id,
      sku: line.sku,
      name: line.name,
      nameAr: name_ar,
      unit: line.unit,
      quantity: line.quantity,
      packs: line.packs,
    })),
    reorderSuggestionId: row.reorder_suggestion_id,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

@Injectable()
export class PurchaseOrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Writes the order in the caller's transaction, numbered by its year's counter: the counter's
   * row stays locked until that transaction ends, so numbers are unique, increasing and gapless.
   */
  async insert(order: NewPurchaseOrder, manager: EntityManager): Promise<{ id: string; number: string }> {
    const [counter] = (await manager.query(
      `INSERT INTO inventory.purchase_order_counters (year, last) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last = inventory.purchase_order_counters.last + 1
       RETURNING last`,
      [order.year],
    )) as Array<{ last: number }>;
    const number = `PO-${order.year}-${String(counter!.last).padStart(6, '0')}`;
    const [row] = (await manager.query(
      `INSERT INTO inventory.purchase_orders (number, supplier_id, reorder_suggestion_id, created_by)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [number, order.supplierId, order.reorderSuggestionId, order.createdBy],
    )) as Array<{ id: string }>;
    const id = row!.id;
    await manager.query(
      `INSERT INTO inventory.purchase_order_lines
         (purchase_order_id, line_no, stock_item_id, sku, name, name_ar, unit, quantity, packs)
       SELECT $1, line_no, stock_item_id, sku, name, name_ar, unit, quantity, packs
         FROM ROWS FROM (jsonb_to_recordset($2::jsonb)
                AS (stock_item_id uuid, sku text, name text, name_ar text, unit text, quantity integer, packs jsonb))
              WITH ORDINALITY AS l(stock_item_id, sku, name, name_ar, unit, quantity, packs, line_no)`,
      [
        id,
        JSON.stringify(
          order.lines.map((line) => ({
            stock_item_id: line.stockItemId,
            sku: line.sku,
            name: line.name,
            name_ar: line.nameAr,
            unit: line.unit,
            quantity: line.quantity,
            packs: line.packs,
          })),
        ),
      ],
    );
    return { id, number };
  }

  async findById(id: string): Promise<PurchaseOrderDto | null> {
    const [row] = (await this.dataSource.query(selectOrderSql, [id])) as OrderRow[];
    return row ? toPurchaseOrderDto(row) : null;
  }

  /** The order made from each of these suggestions, by suggestion id. */
  async findBySuggestions(ids: readonly string[]): Promise<Map<string, { id: string; number: string }>> {
    if (ids.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT id, number, reorder_suggestion_id FROM inventory.purchase_orders WHERE reorder_suggestion_id = ANY($1::uuid[])`,
      [ids],
    )) as Array<{ id: string; number: string; reorder_suggestion_id: string }>;
    return new Map(rows.map((row) => [row.reorder_suggestion_id, { id: row.id, number: row.number }]));
  }

  /** Every supplier, by name. */
  listSuppliers(): Promise<SupplierDto[]> {
    return this.dataSource.query(
      `SELECT id, name, phone, email, address FROM inventory.suppliers ORDER BY lower(name), id`,
    ) as Promise<SupplierDto[]>;
  }
}
