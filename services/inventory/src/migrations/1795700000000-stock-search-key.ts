import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One search key per stock item: name, Arabic name and SKU, lower case, Arabic letter variants
 * folded and tashkeel dropped (libs/common/src/search/search-key.ts folds the search term the same way).
 * One trigram index over it replaces the three per-column ones, and a case-sensitive LIKE over
 * it is about four times cheaper than ILIKE across three columns when a search matches most
 * of the catalogue and X-Total-Count must count them all.
 */
export class StockSearchKey1795700000000 implements MigrationInterface {
  name = 'StockSearchKey1795700000000';

  async up(runner: QueryRunner): Promise<void> {
    // أ إ آ ٱ → ا, ى → ي, ة → ه; tatweel (U+0640) and the marks U+064B–U+0652 have no partner, so they go.
    await runner.query(`
      CREATE FUNCTION inventory.search_key(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN translate(
          lower($1),
          chr(1571) || chr(1573) || chr(1570) || chr(1649) || chr(1609) || chr(1577) || chr(1600)
            || chr(1611) || chr(1612) || chr(1613) || chr(1614) || chr(1615) || chr(1616) || chr(1617) || chr(1618),
          chr(1575) || chr(1575) || chr(1575) || chr(1575) || chr(1610) || chr(1607))`);
    await runner.query(`
      ALTER TABLE inventory.stock_items ADD COLUMN search_key text
        GENERATED ALWAYS AS (inventory.search_key(name || ' ' || coalesce(name_ar, '') || ' ' || sku)) STORED`);
    await runner.query(
      `CREATE INDEX stock_items_search_key_trgm_idx ON inventory.stock_items USING gin (search_key gin_trgm_ops)`,
    );
    await runner.query(`DROP INDEX inventory.stock_items_name_trgm_idx`);
    await runner.query(`DROP INDEX inventory.stock_items_name_ar_trgm_idx`);
    await runner.query(`DROP INDEX inventory.stock_items_sku_trgm_idx`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX stock_items_sku_trgm_idx ON inventory.stock_items USING gin (sku gin_trgm_ops)`);
    await runner.query(
      `CREATE INDEX stock_items_name_ar_trgm_idx ON inventory.stock_items USING gin (name_ar gin_trgm_ops)`,
    );
    await runner.query(`CREATE INDEX stock_items_name_trgm_idx ON inventory.stock_items USING gin (name gin_trgm_ops)`);
    await runner.query(`ALTER TABLE inventory.stock_items DROP COLUMN search_key`);
    await runner.query(`DROP FUNCTION inventory.search_key(text)`);
  }
}
