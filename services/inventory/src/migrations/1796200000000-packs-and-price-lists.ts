import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Packs and price lists (CONTRACT §10, docs/decisions/0014): what an item is sold in besides its
 * base unit, and the prices a customer group pays per item and unit. Items that exist get no
 * packs; stock stays counted in base units.
 */
export class PacksAndPriceLists1796200000000 implements MigrationInterface {
  name = 'PacksAndPriceLists1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory.stock_item_packs (
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        unit text NOT NULL,
        factor numeric(14,3) NOT NULL CHECK (factor > 0),
        selling_price numeric(12,2) CHECK (selling_price >= 0),
        barcode text,
        PRIMARY KEY (stock_item_id, unit)
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX stock_item_packs_barcode_key ON inventory.stock_item_packs (barcode) WHERE barcode IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE inventory.price_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX price_lists_name_key ON inventory.price_lists (lower(name))`);
    await runner.query(`
      CREATE TABLE inventory.price_list_items (
        price_list_id uuid NOT NULL REFERENCES inventory.price_lists (id) ON DELETE CASCADE,
        stock_item_id uuid NOT NULL REFERENCES inventory.stock_items (id) ON DELETE CASCADE,
        unit text NOT NULL,
        price numeric(12,2) NOT NULL CHECK (price >= 0),
        PRIMARY KEY (price_list_id, stock_item_id, unit)
      )`);
    await runner.query(`CREATE INDEX price_list_items_item_idx ON inventory.price_list_items (stock_item_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE inventory.price_list_items`);
    await runner.query(`DROP TABLE inventory.price_lists`);
    await runner.query(`DROP TABLE inventory.stock_item_packs`);
  }
}
