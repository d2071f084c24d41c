import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase orders (docs/decisions/0023-purchase-orders.md): made by approving a reorder
 * suggestion with a supplier, numbered `PO-YYYY-NNNNNN` by a per-year counter held only by the
 * approving transaction, their lines a copy of the items as they were. A suggestion keeps the
 * quantity approved.
 */
export class PurchaseOrders1797200000000 implements MigrationInterface {
  name = 'PurchaseOrders1797200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory.purchase_order_counters (
        year integer PRIMARY KEY,
        last integer NOT NULL CHECK (last >= 1)
      )`);
    await runner.query(`
      CREATE TABLE inventory.purchase_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL UNIQUE,
        supplier_id uuid NOT NULL REFERENCES inventory.suppliers (id),
        reorder_suggestion_id uuid UNIQUE REFERENCES inventory.reorder_suggestions (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid
      )`);
    await runner.query(`
      CREATE TABLE inventory.purchase_order_lines (
        purchase_order_id uuid NOT NULL REFERENCES inventory.purchase_orders (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        stock_item_id uuid NOT NULL,
        sku text NOT NULL,
        name text NOT NULL,
        name_ar text,
        unit text NOT NULL,
        quantity integer NOT NULL CHECK (quantity >= 1),
        packs jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (purchase_order_id, line_no)
      )`);
    await runner.query(`
      ALTER TABLE inventory.reorder_suggestions
        ADD COLUMN approved_quantity integer CHECK (approved_quantity >= 1)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE inventory.reorder_suggestions DROP COLUMN approved_quantity`);
    await runner.query(`DROP TABLE inventory.purchase_order_lines`);
    await runner.query(`DROP TABLE inventory.purchase_orders`);
    await runner.query(`DROP TABLE inventory.purchase_order_counters`);
  }
}
