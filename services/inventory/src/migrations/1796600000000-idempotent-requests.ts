import { idempotentRequestsTableStatements } from '@erp/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Keys of the inventory schema's creating calls: stock items (inventory.create-stock-item)
 * (libs/common/src/idempotency/idempotent-requests.ts, docs/decisions/0019-idempotent-creates.md).
 */
export class IdempotentRequests1796600000000 implements MigrationInterface {
  name = 'IdempotentRequests1796600000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of idempotentRequestsTableStatements('inventory')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE inventory.idempotent_requests`);
  }
}
