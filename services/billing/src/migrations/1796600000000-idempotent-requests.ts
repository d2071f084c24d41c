import { idempotentRequestsTableStatements } from '@erp/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Keys of the billing schema's creating calls: payments (billing.record-payment)
 * (libs/common/src/idempotency/idempotent-requests.ts, docs/decisions/0019-idempotent-creates.md).
 */
export class IdempotentRequests1796600000000 implements MigrationInterface {
  name = 'IdempotentRequests1796600000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of idempotentRequestsTableStatements('billing')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.idempotent_requests`);
  }
}
