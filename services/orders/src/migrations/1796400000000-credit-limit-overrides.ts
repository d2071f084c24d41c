import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Confirmations an admin or owner let through over the client's credit limit (CONTRACT §11,
 * docs/decisions/0016): who, when, and the figures they saw. Never changed or deleted.
 */
export class CreditLimitOverrides1796400000000 implements MigrationInterface {
  name = 'CreditLimitOverrides1796400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE orders.credit_limit_overrides (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders.orders (id),
        client_id uuid NOT NULL,
        commit_cycle integer NOT NULL,
        credit_limit numeric(14,2) NOT NULL,
        balance numeric(14,2) NOT NULL,
        order_total numeric(14,2) NOT NULL,
        overridden_by uuid,
        overridden_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX credit_limit_overrides_order_idx ON orders.credit_limit_overrides (order_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.credit_limit_overrides`);
  }
}
