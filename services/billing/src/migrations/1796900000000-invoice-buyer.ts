import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The buyer as it was at issue (name, Arabic name, VAT number, national address): an issued
 * invoice never changes when the client record does. A credit note keeps its invoice's buyer.
 */
export class InvoiceBuyer1796900000000 implements MigrationInterface {
  name = 'InvoiceBuyer1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.invoices ADD COLUMN buyer jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.invoices DROP COLUMN buyer`);
  }
}
