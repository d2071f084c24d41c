import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of the catalogue's names: moved on by every statement that adds, removes or renames
 * stock items (names or SKU), in the writing transaction. A count of the items matching a search
 * depends on nothing else, so the service keeps such counts per version (StockItemsRepository).
 */
export class CatalogueVersion1797300000000 implements MigrationInterface {
  name = 'CatalogueVersion1797300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory.catalogue_version (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version bigint NOT NULL
      )`);
    await runner.query(`INSERT INTO inventory.catalogue_version (id, version) VALUES (true, 1)`);
    await runner.query(`
      CREATE FUNCTION inventory.bump_catalogue_version() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE inventory.catalogue_version SET version = version + 1;
          RETURN NULL;
        END $$`);
    await runner.query(`
      CREATE TRIGGER stock_items_catalogue_version
        AFTER INSERT OR DELETE OR UPDATE OF name, name_ar, sku ON inventory.stock_items
        FOR EACH STATEMENT EXECUTE FUNCTION inventory.bump_catalogue_version()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER stock_items_catalogue_version ON inventory.stock_items`);
    await runner.query(`DROP FUNCTION inventory.bump_catalogue_version()`);
    await runner.query(`DROP TABLE inventory.catalogue_version`);
  }
}
