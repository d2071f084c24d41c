import { outboxTableStatements } from '@erp/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The transactional outbox of the orders schema (libs/common/src/outbox/outbox-table.ts, docs/decisions/0018). */
export class Outbox1796500000000 implements MigrationInterface {
  name = 'Outbox1796500000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of outboxTableStatements('orders')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.outbox`);
  }
}
