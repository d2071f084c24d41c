import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client memory (issue #7): each client's wording of an item, as confirmed in an order, so the
 * next order from that client matches it first. A client is keyed by its id when the order named
 * an existing client (`id:<uuid>`) and by its normalised name (`name:<name>`) in every case.
 */
export class CreateClientPhrases1796100000000 implements MigrationInterface {
  name = 'CreateClientPhrases1796100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai_parser.client_phrases (
        client_key text NOT NULL,
        phrase text NOT NULL,
        stock_item_id uuid NOT NULL,
        times_confirmed integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        PRIMARY KEY (client_key, phrase)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ai_parser.client_phrases`);
  }
}
