import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of order creation (POST /api/v1/orders with Idempotency-Key): one row per
 * (scope, key) — the scope is the partner's API key — written in the order's own transaction,
 * so a retry, even one racing the first call or arriving after a crash, finds the first order.
 */
export class CreateOrderRequests1795850000000 implements MigrationInterface {
  name = 'CreateOrderRequests1795850000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE orders.order_requests (
        scope text NOT NULL,
        request_key text NOT NULL,
        request_hash text NOT NULL,
        order_id uuid REFERENCES orders.orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, request_key)
      )`);
    await runner.query(`CREATE INDEX order_requests_created_idx ON orders.order_requests (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.order_requests`);
  }
}
