import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook endpoints of users and their delivery log (docs/decisions/0010-webhooks.md). */
export class CreateWebhooks1796000000000 implements MigrationInterface {
  name = 'CreateWebhooks1796000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX webhook_endpoints_user_idx ON identity.webhook_endpoints (user_id, created_at DESC)`,
    );

    await runner.query(`
      CREATE TABLE identity.webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES identity.webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_status integer,
        last_error text,
        last_attempt_at timestamptz,
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_event_key UNIQUE (endpoint_id, event_id)
      )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_endpoint_idx ON identity.webhook_deliveries (endpoint_id, created_at DESC)`,
    );
    await runner.query(`CREATE INDEX webhook_deliveries_created_at_idx ON identity.webhook_deliveries (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.webhook_deliveries`);
    await runner.query(`DROP TABLE identity.webhook_endpoints`);
  }
}
