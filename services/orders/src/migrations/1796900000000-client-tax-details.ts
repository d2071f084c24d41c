import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client's VAT registration number and Saudi national address (CONTRACT §12): a client with both
 * is invoiced with standard tax invoices, which ZATCA clears and which carry the buyer's address.
 */
export class ClientTaxDetails1796900000000 implements MigrationInterface {
  name = 'ClientTaxDetails1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE orders.clients ADD COLUMN vat_number text`);
    await runner.query(`ALTER TABLE orders.clients ADD COLUMN national_address jsonb`);
    await runner.query(
      `ALTER TABLE orders.clients ADD CONSTRAINT clients_vat_needs_address CHECK (vat_number IS NULL OR national_address IS NOT NULL)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE orders.clients DROP CONSTRAINT clients_vat_needs_address`);
    await runner.query(`ALTER TABLE orders.clients DROP COLUMN national_address`);
    await runner.query(`ALTER TABLE orders.clients DROP COLUMN vat_number`);
  }
}
