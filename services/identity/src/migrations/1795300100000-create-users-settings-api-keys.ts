import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersSettingsApiKeys1795300100000 implements MigrationInterface {
  name = 'CreateUsersSettingsApiKeys1795300100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        password_hash text NOT NULL,
        email text NOT NULL,
        full_name text NOT NULL,
        role text NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'admin', 'staff')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        permissions text[] NOT NULL DEFAULT '{}',
        company text,
        phone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_username_key ON identity.users (lower(username))`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON identity.users (lower(email))`);
    await runner.query(`CREATE INDEX users_created_at_idx ON identity.users (created_at DESC)`);
    await runner.query(`CREATE INDEX users_owners_idx ON identity.users (role) WHERE role = 'owner'`);

    await runner.query(`
      CREATE TABLE identity.settings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);

    await runner.query(`
      CREATE TABLE identity.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        permissions text[] NOT NULL,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        is_active integer NOT NULL DEFAULT 1
      )`);
    await runner.query(`CREATE INDEX api_keys_user_idx ON identity.api_keys (user_id, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.api_keys`);
    await runner.query(`DROP TABLE identity.settings`);
    await runner.query(`DROP TABLE identity.users`);
  }
}
