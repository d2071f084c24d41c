import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The WhatsApp channel (CONTRACT §15, docs/decisions/0024): its settings (secrets sealed), every
 * webhook delivery as it arrived (the audit trail, and the work still to do), the Inbox drafts
 * its messages became (one per WhatsApp message id), and the replies sent to clients.
 */
export class WhatsappChannel1797000000000 implements MigrationInterface {
  name = 'WhatsappChannel1797000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai_parser.whatsapp_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        phone_number_id text NOT NULL,
        access_token_sealed text,
        app_secret_sealed text,
        verify_token_sealed text,
        graph_base_url text NOT NULL,
        confirmation_template text,
        template_language text NOT NULL DEFAULT 'ar',
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
    await runner.query(`
      CREATE TABLE ai_parser.whatsapp_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        received_at timestamptz NOT NULL DEFAULT now(),
        payload text NOT NULL,
        processed_at timestamptz,
        problem text
      )`);
    await runner.query(`
      CREATE INDEX whatsapp_deliveries_unprocessed ON ai_parser.whatsapp_deliveries (received_at)
      WHERE processed_at IS NULL`);
    await runner.query(`
      CREATE TABLE ai_parser.inbox_drafts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id text NOT NULL UNIQUE,
        delivery_id uuid NOT NULL REFERENCES ai_parser.whatsapp_deliveries (id),
        kind text NOT NULL CHECK (kind IN ('text', 'voice', 'image', 'document')),
        sender text NOT NULL,
        sender_name text,
        received_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'reading' CHECK (status IN ('reading', 'waiting', 'confirmed', 'dismissed')),
        text text,
        media_id text,
        media_type text,
        file jsonb,
        file_problem text,
        client_id uuid,
        reading jsonb,
        read_problem text,
        order_id uuid,
        order_number text,
        dismiss_reason text,
        decided_at timestamptz,
        decided_by uuid,
        CHECK ((status = 'confirmed') = (order_id IS NOT NULL)),
        CHECK ((status = 'dismissed') = (dismiss_reason IS NOT NULL))
      )`);
    await runner.query(`CREATE INDEX inbox_drafts_newest ON ai_parser.inbox_drafts (received_at DESC, id)`);
    await runner.query(`CREATE INDEX inbox_drafts_sender ON ai_parser.inbox_drafts (sender, received_at DESC)`);
    await runner.query(`
      CREATE TABLE ai_parser.whatsapp_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        draft_id uuid NOT NULL UNIQUE REFERENCES ai_parser.inbox_drafts (id),
        recipient text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('text', 'template')),
        body jsonb NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'read', 'failed')),
        message_id text UNIQUE,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ai_parser.whatsapp_replies`);
    await runner.query(`DROP TABLE ai_parser.inbox_drafts`);
    await runner.query(`DROP TABLE ai_parser.whatsapp_deliveries`);
    await runner.query(`DROP TABLE ai_parser.whatsapp_settings`);
  }
}
