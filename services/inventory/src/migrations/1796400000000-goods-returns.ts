import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Goods returns of committed orders (CONTRACT §11): a move of kind `return`, under the order's
 * take, whose lines say which take line each returned portion came back from and whether it went
 * back on the shelf or was written off. A take is still put back at most once (the unique index
 * now counts put-backs only); a put-back returns only what returns did not.
 */
export class GoodsReturns1796400000000 implements MigrationInterface {
  name = 'GoodsReturns1796400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE inventory.stock_moves DROP CONSTRAINT stock_moves_kind_check`);
    await runner.query(`ALTER TABLE inventory.stock_moves DROP CONSTRAINT stock_moves_check`);
    await runner.query(`
      ALTER TABLE inventory.stock_moves
        ADD CONSTRAINT stock_moves_kind_check CHECK (kind IN ('take', 'put', 'return')),
        ADD CONSTRAINT stock_moves_check CHECK (kind <> 'take' OR take_move_id IS NULL),
        ADD CONSTRAINT stock_moves_return_take_check CHECK (kind <> 'return' OR take_move_id IS NOT NULL)`);
    await runner.query(`DROP INDEX inventory.stock_moves_take_move_key`);
    await runner.query(
      `CREATE UNIQUE INDEX stock_moves_take_move_key ON inventory.stock_moves (take_move_id) WHERE kind = 'put'`,
    );
    await runner.query(
      `CREATE INDEX stock_moves_returns_idx ON inventory.stock_moves (take_move_id) WHERE kind = 'return'`,
    );
    await runner.query(`
      ALTER TABLE inventory.stock_move_lines
        ADD COLUMN take_line_no integer,
        ADD COLUMN written_off boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE inventory.stock_move_lines DROP COLUMN written_off, DROP COLUMN take_line_no`);
    await runner.query(`DROP INDEX inventory.stock_moves_returns_idx`);
    await runner.query(`DROP INDEX inventory.stock_moves_take_move_key`);
    await runner.query(`DELETE FROM inventory.stock_moves WHERE kind = 'return'`);
    await runner.query(
      `CREATE UNIQUE INDEX stock_moves_take_move_key ON inventory.stock_moves (take_move_id) WHERE take_move_id IS NOT NULL`,
    );
    await runner.query(`
      ALTER TABLE inventory.stock_moves
        DROP CONSTRAINT stock_moves_return_take_check,
        DROP CONSTRAINT stock_moves_check,
        DROP CONSTRAINT stock_moves_kind_check,
        ADD CONSTRAINT stock_moves_kind_check CHECK (kind IN ('take', 'put')),
        ADD CONSTRAINT stock_moves_check CHECK (kind = 'put' OR take_move_id IS NULL)`);
  }
}
