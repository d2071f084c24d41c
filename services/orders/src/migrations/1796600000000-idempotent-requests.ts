import { idempotentRequestsTableStatements } from '@erp/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Keys of the orders schema's creating calls: clients (orders.create-client) and returns (orders.create-order-return); orders keep orders.order_requests
 * (libs/common/src/idempotency/idempotent-requests.ts, docs/decisions/0019-idempotent-creates.md).
 */
export class IdempotentRequests1796600000000 implements MigrationInterface {
  name = 'IdempotentRequests1796600000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of idempotentRequestsTableStatements('orders')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.idempotent_requests`);
  }
}
