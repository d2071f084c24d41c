import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock items, their batches, suppliers, the stock ledger (stock_updates) and the record of
 * every take and put-back made for orders (stock_moves, stock_move_lines). Quantities are
 * numeric(14,3), money numeric(12,2) (docs/decisions/0005, 0006).
 */
export class CreateStock1795400000000 implements MigrationInterface {
  name = 'CreateStock1795400000000';

  async up(runner: QueryRunner): Promise<void> {
    // Trigram indexes make `ILIKE '%term%'` searches of 20,000 items cheap. A trusted extension
    // since PostgreSQL 13: the database owner may create it.
    // Services migrate at the same time at start: one CREATE EXTENSION at a time, or two racing
    // ones collide on pg_extension's unique name.
    await runner.query(`SELECT pg_advisory_xact_lock(hashtext('erp:create-extension'))`);
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await runner.query(`
      CREATE TABLE inventory.suppliers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        phone text,
        email text,
        address text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX suppliers_name_key ON inventory.suppliers (lower(name))`);

    await runner.query(`
      CREATE TABLE inventory.stock_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        name_ar text,
        sku text NOT NULL,
        quantity numeric(14,3) NOT NULL DEFAULT 0,
        unit text NOT NULL DEFAULT 'kg' CHECK (unit IN ('kg', 'g', 'L', 'ml', 'piece', 'box', 'carton', 'bag')),
        cost_price numeric(12,2) NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
        selling_price numeric(12,2) NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
        low_stock_threshold numeric(14,3) NOT NULL DEFAULT 10 CHECK (low_stock_threshold >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX stock_items_sku_key ON inventory.stock_items (lower(sku))`);
    await runner.query(`CREATE INDEX stock_items_name_idx ON inventory.stock_items (lower(name), id)`);
    await runner.query(`CREATE INDEX stock_items_name_trgm_idx ON inventory.stock_items USING gin (name gin_trgm_ops)`);
    await runner.query(
      `CREATE INDEX stock_items_name_ar_trgm_idx ON inventory.stock_items USING gin (name_ar gin_trgm_ops)`,
    );
    await runner.query(`CREATE INDEX stock_items_sku_trgm_idx ON inventory.stock_items USING gin (sku gin_trgm_ops)`);
    await runner.query(
      `CREATE INDEX stock_items_low_idx ON inventory.stock_items (id) WHERE quantity <= low_stock_threshold`,
    );

    await runner.query(`
      CREATE TABLE inventory.stock_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        batch_number text,
        quantity numeric(14,3) NOT NULL CHECK (quantity >= 0),
        received_quantity numeric(14,3) NOT NULL CHECK (received_quantity >= 0),
        expiry_date date,
        manufacture_date date,
        supplier_id uuid REFERENCES inventory.suppliers (id) ON DELETE SET NULL,
        invoice_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // FEFO: an item's batches that hold stock, earliest expiry first, undated ones last.
    await runner.query(`
      CREATE INDEX stock_batches_fefo_idx ON inventory.stock_batches
        (stock_item_id, expiry_date ASC NULLS LAST, created_at, id) WHERE quantity > 0`);
    // The Expiring Items card: batches that hold stock, by expiry.
    await runner.query(`
      CREATE INDEX stock_batches_expiry_idx ON inventory.stock_batches (expiry_date)
        WHERE quantity > 0 AND expiry_date IS NOT NULL`);

    await runner.query(`
      CREATE TABLE inventory.stock_updates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        batch_id uuid REFERENCES inventory.stock_batches (id) ON DELETE SET NULL,
        invoice_id uuid,
        quantity_change numeric(14,3) NOT NULL,
        new_quantity numeric(14,3) NOT NULL,
        new_cost_price numeric(12,2),
        reason text NOT NULL,
        reference text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid
      )`);
    await runner.query(
      `CREATE INDEX stock_updates_item_idx ON inventory.stock_updates (stock_item_id, created_at DESC)`,
    );
    await runner.query(
      `CREATE INDEX stock_updates_batch_idx ON inventory.stock_updates (batch_id) WHERE batch_id IS NOT NULL`,
    );

    await runner.query(`
      CREATE TABLE inventory.stock_moves (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        move_key text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('take', 'put')),
        order_id uuid NOT NULL,
        take_move_id uuid REFERENCES inventory.stock_moves (id),
        skipped_expired_batches jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        CONSTRAINT stock_moves_move_key_key UNIQUE (move_key),
        CHECK (kind = 'put' OR take_move_id IS NULL)
      )`);
    // A take is put back at most once, whatever key the put-back carries.
    await runner.query(
      `CREATE UNIQUE INDEX stock_moves_take_move_key ON inventory.stock_moves (take_move_id) WHERE take_move_id IS NOT NULL`,
    );
    await runner.query(`CREATE INDEX stock_moves_order_idx ON inventory.stock_moves (order_id, created_at)`);

    await runner.query(`
      CREATE TABLE inventory.stock_move_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        move_id uuid NOT NULL REFERENCES inventory.stock_moves (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        batch_id uuid REFERENCES inventory.stock_batches (id) ON DELETE SET NULL,
        quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
        UNIQUE (move_id, line_no)
      )`);
    await runner.query(`CREATE INDEX stock_move_lines_item_idx ON inventory.stock_move_lines (stock_item_id)`);
    await runner.query(`CREATE INDEX stock_move_lines_batch_idx ON inventory.stock_move_lines (batch_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE inventory.stock_move_lines`);
    await runner.query(`DROP TABLE inventory.stock_moves`);
    await runner.query(`DROP TABLE inventory.stock_updates`);
    await runner.query(`DROP TABLE inventory.stock_batches`);
    await runner.query(`DROP TABLE inventory.stock_items`);
    await runner.query(`DROP TABLE inventory.suppliers`);
  }
}
