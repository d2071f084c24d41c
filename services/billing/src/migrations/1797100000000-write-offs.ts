import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Write-offs of opening balances (docs/decisions/0022): a document of its own, type `write_off`
 * (series WO), naming the opening balance it takes (part of) off and why; what it takes off is
 * credited in that balance's settlement. Never a tax document.
 */
export class WriteOffs1797100000000 implements MigrationInterface {
  name = 'WriteOffs1797100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.invoices
        DROP CONSTRAINT invoices_type_check,
        ADD CONSTRAINT invoices_type_check
          CHECK (type IN ('customer', 'supplier', 'credit_note', 'opening_balance', 'write_off')),
        ADD CONSTRAINT invoices_write_off_check CHECK (
          type <> 'write_off' OR (original_invoice_id IS NOT NULL AND client_id IS NOT NULL AND reason_text IS NOT NULL))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // Going back undoes the write-offs, which no issued document otherwise allows.
    await runner.query(`ALTER TABLE billing.invoices DISABLE TRIGGER invoices_never_change`);
    await runner.query(`
      UPDATE billing.invoice_balances b SET credited_amount = b.credited_amount - w.total
        FROM (SELECT original_invoice_id, sum(total_amount) AS total FROM billing.invoices
               WHERE type = 'write_off' GROUP BY original_invoice_id) w
       WHERE b.invoice_id = w.original_invoice_id`);
    await runner.query(`DELETE FROM billing.invoices WHERE type = 'write_off'`);
    await runner.query(`ALTER TABLE billing.invoices ENABLE TRIGGER invoices_never_change`);
    await runner.query(`
      ALTER TABLE billing.invoices
        DROP CONSTRAINT invoices_write_off_check,
        DROP CONSTRAINT invoices_type_check,
        ADD CONSTRAINT invoices_type_check CHECK (type IN ('customer', 'supplier', 'credit_note', 'opening_balance'))`);
  }
}
