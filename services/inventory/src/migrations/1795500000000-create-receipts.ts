import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Goods receipts (the apply step of a supplier invoice), exactly once per receipt_id, and the
 * price history they write. `result` is the first answer, returned again to a retry;
 * `billing_job` the supplier-invoice job, added again by a retry in case the first add failed.
 */
export class CreateReceipts1795500000000 implements MigrationInterface {
  name = 'CreateReceipts1795500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory.receipts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        receipt_id uuid NOT NULL,
        supplier_id uuid REFERENCES inventory.suppliers (id) ON DELETE SET NULL,
        invoice_number text NOT NULL,
        invoice_date date NOT NULL,
        result jsonb,
        billing_job jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        CONSTRAINT receipts_receipt_id_key UNIQUE (receipt_id)
      )`);

    await runner.query(`
      CREATE TABLE inventory.price_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        supplier_id uuid REFERENCES inventory.suppliers (id) ON DELETE SET NULL,
        unit_price numeric(12,2) NOT NULL CHECK (unit_price >= 0),
        currency text NOT NULL DEFAULT 'SAR',
        invoice_id uuid,
        receipt_id uuid,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX price_history_item_idx ON inventory.price_history (stock_item_id, recorded_at DESC)`,
    );
    await runner.query(
      `CREATE INDEX price_history_receipt_idx ON inventory.price_history (receipt_id) WHERE receipt_id IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE inventory.price_history`);
    await runner.query(`DROP TABLE inventory.receipts`);
  }
}
