import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDemoRequests1795300000000 implements MigrationInterface {
  name = 'CreateDemoRequests1795300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.demo_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        company text NOT NULL,
        message text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX demo_requests_created_at_idx ON identity.demo_requests (created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.demo_requests`);
  }
}
