import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reorder suggestions (SPEC §3, docs/decisions/0007). At most one pending suggestion per item
 * (a partial unique index): a new run replaces it. Takes are read by date for consumption.
 */
export class CreateReorderSuggestions1795600000000 implements MigrationInterface {
  name = 'CreateReorderSuggestions1795600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory.reorder_suggestions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        suggested_quantity integer NOT NULL CHECK (suggested_quantity >= 1),
        reason text NOT NULL,
        reason_ar text NOT NULL,
        urgency text NOT NULL DEFAULT 'medium' CHECK (urgency IN ('low', 'medium', 'high', 'critical')),
        estimated_stockout_date date,
        average_daily_consumption numeric(14,3) NOT NULL DEFAULT 0,
        days_of_stock_remaining numeric(10,1),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        decided_at timestamptz,
        decided_by uuid
      )`);
    await runner.query(`
      CREATE UNIQUE INDEX reorder_suggestions_pending_key ON inventory.reorder_suggestions (stock_item_id)
        WHERE status = 'pending'`);
    // Consumption: the takes of the last 30 days.
    await runner.query(
      `CREATE INDEX stock_moves_take_created_idx ON inventory.stock_moves (created_at) WHERE kind = 'take'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX inventory.stock_moves_take_created_idx`);
    await runner.query(`DROP TABLE inventory.reorder_suggestions`);
  }
}
