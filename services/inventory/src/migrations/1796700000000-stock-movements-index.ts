import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole stock ledger newest first (the Stock screen's Movements tab) without a sort of the table. */
export class StockMovementsIndex1796700000000 implements MigrationInterface {
  name = 'StockMovementsIndex1796700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX stock_updates_created_idx ON inventory.stock_updates (created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX inventory.stock_updates_created_idx`);
  }
}
