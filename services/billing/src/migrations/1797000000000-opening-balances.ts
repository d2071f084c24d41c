import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Opening balances (docs/decisions/0022): what a client owed on an invoice of the previous system,
 * one document each, type `opening_balance` (series OB), settled in invoice_balances like a
 * customer invoice. `reference` keeps the old invoice's number; a client has it once.
 */
export class OpeningBalances1797000000000 implements MigrationInterface {
  name = 'OpeningBalances1797000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.invoices
        DROP CONSTRAINT invoices_type_check,
        ADD CONSTRAINT invoices_type_check CHECK (type IN ('customer', 'supplier', 'credit_note', 'opening_balance')),
        ADD COLUMN reference text,
        ADD CONSTRAINT invoices_opening_balance_check CHECK (
          type <> 'opening_balance' OR (client_id IS NOT NULL AND reference IS NOT NULL AND due_date IS NOT NULL))`);
    await runner.query(
      `CREATE UNIQUE INDEX invoices_opening_reference_key ON billing.invoices (client_id, lower(reference))
        WHERE type = 'opening_balance'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX billing.invoices_opening_reference_key`);
    await runner.query(`
      ALTER TABLE billing.invoices
        DROP CONSTRAINT invoices_opening_balance_check,
        DROP COLUMN reference,
        DROP CONSTRAINT invoices_type_check,
        ADD CONSTRAINT invoices_type_check CHECK (type IN ('customer', 'supplier', 'credit_note'))`);
  }
}
