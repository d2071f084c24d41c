import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of the catalogue's names: moved on, in the writing transaction, by every statement that
 * adds or removes stock items and by every change of an item's names or SKU. A count of the items matching a search
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
    // Statement-level for inserts and deletes (an import of thousands moves it once), only when the
    // statement touched a row; row-level for renames, only when a name or the SKU really changed.
    await runner.query(`
      CREATE FUNCTION inventory.bump_catalogue_version() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE inventory.catalogue_version SET version = version + 1;
          RETURN NULL;
        END $$`);
    await runner.query(`
      CREATE FUNCTION inventory.bump_catalogue_version_if_rows() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT FROM changed_rows) THEN
            UPDATE inventory.catalogue_version SET version = version + 1;
          END IF;
          RETURN NULL;
        END $$`);
    await runner.query(`
      CREATE TRIGGER stock_items_catalogue_inserted AFTER INSERT ON inventory.stock_items
        REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION inventory.bump_catalogue_version_if_rows()`);
    await runner.query(`
      CREATE TRIGGER stock_items_catalogue_deleted AFTER DELETE ON inventory.stock_items
        REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION inventory.bump_catalogue_version_if_rows()`);
    await runner.query(`
      CREATE TRIGGER stock_items_catalogue_renamed AFTER UPDATE OF name, name_ar, sku ON inventory.stock_items
        FOR EACH ROW
        WHEN ((OLD.name, OLD.name_ar, OLD.sku) IS DISTINCT FROM (NEW.name, NEW.name_ar, NEW.sku))
        EXECUTE FUNCTION inventory.bump_catalogue_version()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER stock_items_catalogue_renamed ON inventory.stock_items`);
    await runner.query(`DROP TRIGGER stock_items_catalogue_deleted ON inventory.stock_items`);
    await runner.query(`DROP TRIGGER stock_items_catalogue_inserted ON inventory.stock_items`);
    await runner.query(`DROP FUNCTION inventory.bump_catalogue_version_if_rows()`);
    await runner.query(`DROP FUNCTION inventory.bump_catalogue_version()`);
    await runner.query(`DROP TABLE inventory.catalogue_version`);
  }
}
