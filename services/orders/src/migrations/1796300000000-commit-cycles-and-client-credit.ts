import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times each order entered the committed states (CONTRACT §11): each entry is a cycle
 * with its own invoice, and leaving it credits that invoice. An order committed before counts one.
 * Clients get payment terms (0 days: due on issue) and a credit limit (none).
 */
export class CommitCyclesAndClientCredit1796300000000 implements MigrationInterface {
  name = 'CommitCyclesAndClientCredit1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    // A SQL-standard function body depends on the row type it takes: it goes while the table changes.
    await runner.query(`DROP FUNCTION orders.analytics_order_figures(integer, orders.orders)`);
    await runner.query(
      `ALTER TABLE orders.orders ADD COLUMN commit_count integer NOT NULL DEFAULT 0 CHECK (commit_count >= 0)`,
    );
    await runner.query(orderFigures);
    await runner.query(`ALTER TABLE orders.orders DISABLE TRIGGER USER`);
    await runner.query(`UPDATE orders.orders SET commit_count = 1 WHERE first_committed_at IS NOT NULL`);
    await runner.query(`ALTER TABLE orders.orders ENABLE TRIGGER USER`);
    await runner.query(`
      ALTER TABLE orders.clients
        ADD COLUMN payment_terms_days integer NOT NULL DEFAULT 0 CHECK (payment_terms_days BETWEEN 0 AND 365),
        ADD COLUMN credit_limit numeric(14,2) CHECK (credit_limit >= 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE orders.clients DROP COLUMN credit_limit, DROP COLUMN payment_terms_days`);
    await runner.query(`DROP FUNCTION orders.analytics_order_figures(integer, orders.orders)`);
    await runner.query(`ALTER TABLE orders.orders DROP COLUMN commit_count`);
    await runner.query(orderFigures);
  }
}

/** The rollups' order figures (1795900000000-analytics-rollups), unchanged. */
const orderFigures = `
  CREATE FUNCTION orders.analytics_order_figures(sign integer, o orders.orders) RETURNS orders.analytics_order_delta
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ROW(
      o.business_day,
      coalesce(o.client_id, orders.analytics_name_key(o.client_name)),
      CASE WHEN o.client_id IS NULL THEN orders.analytics_name(o.client_name) END,
      sign,
      CASE WHEN o.status = 'pending' THEN sign ELSE 0 END,
      CASE WHEN o.status <> 'cancelled' THEN sign ELSE 0 END,
      CASE WHEN o.status <> 'cancelled' THEN sign * o.total_amount ELSE 0 END
    )::orders.analytics_order_delta`;
