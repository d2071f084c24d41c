import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns of goods of committed orders (CONTRACT §11): one row per return, in the order's commit
 * cycle it belongs to, with its lines as the order line was (name, unit as sold). Never changed or deleted:
 * the credit note that undid it is billing's (found by the return's id).
 */
export class OrderReturns1796450000000 implements MigrationInterface {
  name = 'OrderReturns1796450000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE orders.order_returns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders.orders (id),
        commit_cycle integer NOT NULL CHECK (commit_cycle > 0),
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid
      )`);
    await runner.query(`CREATE INDEX order_returns_order_idx ON orders.order_returns (order_id, commit_cycle)`);
    await runner.query(`
      CREATE TABLE orders.order_return_lines (
        return_id uuid NOT NULL REFERENCES orders.order_returns (id),
        line_no integer NOT NULL,
        order_item_id uuid NOT NULL,
        item_name text NOT NULL,
        item_name_ar text,
        unit text NOT NULL,
        quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
        base_quantity numeric(14,3) NOT NULL CHECK (base_quantity > 0),
        restock boolean NOT NULL,
        PRIMARY KEY (return_id, line_no)
      )`);
    await runner.query(`CREATE INDEX order_return_lines_item_idx ON orders.order_return_lines (order_item_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.order_return_lines`);
    await runner.query(`DROP TABLE orders.order_returns`);
  }
}
