import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client's WhatsApp number (CONTRACT §15): digits with the country code, as WhatsApp names a
 * sender; one client per number. Existing clients get their phone's number (a local number in
 * Saudi form, as the demo company's and most clients' are), where no other client has it.
 */
export class ClientWhatsapp1797000000000 implements MigrationInterface {
  name = 'ClientWhatsapp1797000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE orders.clients ADD COLUMN whatsapp text`);
    await runner.query(
      `CREATE UNIQUE INDEX clients_whatsapp_unique ON orders.clients (whatsapp) WHERE whatsapp IS NOT NULL`,
    );
    await runner.query(`
      WITH numbers AS (
        SELECT id, CASE
                 WHEN phone ~ '^\\s*\\+' THEN regexp_replace(phone, '\\D', '', 'g')
                 WHEN phone ~ '^\\s*00' THEN substr(regexp_replace(phone, '\\D', '', 'g'), 3)
                 WHEN regexp_replace(phone, '\\D', '', 'g') ~ '^0' THEN '966' || substr(regexp_replace(phone, '\\D', '', 'g'), 2)
                 ELSE regexp_replace(phone, '\\D', '', 'g')
               END AS number
          FROM orders.clients WHERE phone IS NOT NULL
      ), unique_numbers AS (
        SELECT min(id::text)::uuid AS id, number FROM numbers
         WHERE number ~ '^[1-9][0-9]{7,14}$' GROUP BY number HAVING count(*) = 1
      )
      UPDATE orders.clients c SET whatsapp = u.number FROM unique_numbers u WHERE c.id = u.id`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX orders.clients_whatsapp_unique`);
    await runner.query(`ALTER TABLE orders.clients DROP COLUMN whatsapp`);
  }
}
