import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invoice life cycle (CONTRACT §11, docs/decisions/0015):
 * - a customer invoice belongs to one commit cycle of its order (one per order and cycle);
 * - credit notes (type credit_note, CN-YYYY-NNNNNN) undo an invoice in full (once) or a return
 *   of it (once per return), each line pointing at the invoice line it credits;
 * - an issued document never changes: triggers refuse any change to what it says (the PDF path
 *   and the settlement, kept in invoice_balances, are not part of it) and any deletion;
 * - invoice_balances: what payments and credit notes took off each customer invoice;
 * - payments, never deleted: a deleted payment keeps who deleted it, when and why.
 * Invoices issued before keep cycle 1 and are due on their issue day (no payment terms then).
 */
export class InvoiceLifeCycle1796300000000 implements MigrationInterface {
  name = 'InvoiceLifeCycle1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    const zone = process.env.BUSINESS_TIME_ZONE || 'Asia/Riyadh';
    await runner.query(`ALTER TABLE billing.invoices DROP CONSTRAINT invoices_type_check`);
    await runner.query(`
      ALTER TABLE billing.invoices
        ADD CONSTRAINT invoices_type_check CHECK (type IN ('customer', 'supplier', 'credit_note')),
        ADD COLUMN commit_cycle integer CHECK (commit_cycle > 0),
        ADD COLUMN original_invoice_id uuid REFERENCES billing.invoices (id),
        ADD COLUMN original_invoice_number text,
        ADD COLUMN return_id uuid,
        ADD COLUMN reason text CHECK (reason IN ('order_cancelled', 'order_reopened', 'goods_returned')),
        ADD COLUMN reason_text text,
        ADD COLUMN due_date date,
        ADD CONSTRAINT invoices_credit_note_check CHECK (
          (type = 'credit_note') = (original_invoice_id IS NOT NULL AND reason IS NOT NULL))`);
    await runner.query(
      `UPDATE billing.invoices SET commit_cycle = 1, due_date = (issued_at AT TIME ZONE $1)::date WHERE type = 'customer'`,
      [zone],
    );
    await runner.query(`DROP INDEX billing.invoices_order_key`);
    await runner.query(
      `CREATE UNIQUE INDEX invoices_order_cycle_key ON billing.invoices (order_id, commit_cycle) WHERE type = 'customer'`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX invoices_full_credit_key ON billing.invoices (original_invoice_id)
        WHERE type = 'credit_note' AND return_id IS NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX invoices_return_key ON billing.invoices (return_id) WHERE return_id IS NOT NULL`,
    );
    await runner.query(`CREATE INDEX invoices_original_idx ON billing.invoices (original_invoice_id)`);
    await runner.query(
      `CREATE INDEX invoices_client_idx ON billing.invoices (client_id, issued_at) WHERE client_id IS NOT NULL`,
    );
    await runner.query(`
      ALTER TABLE billing.invoice_items
        ADD COLUMN order_item_id uuid,
        ADD COLUMN credited_line_no integer`);

    await runner.query(`
      CREATE TABLE billing.invoice_balances (
        invoice_id uuid PRIMARY KEY REFERENCES billing.invoices (id),
        client_id uuid,
        total_amount numeric(14,2) NOT NULL,
        paid_amount numeric(14,2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
        credited_amount numeric(14,2) NOT NULL DEFAULT 0 CHECK (credited_amount >= 0),
        balance_due numeric(14,2) GENERATED ALWAYS AS (total_amount - paid_amount - credited_amount) STORED,
        payment_status text GENERATED ALWAYS AS (
          CASE WHEN total_amount - paid_amount - credited_amount > 0
                 THEN CASE WHEN paid_amount > 0 THEN 'partially_paid' ELSE 'unpaid' END
               WHEN paid_amount = 0 AND credited_amount > 0 THEN 'credited'
               ELSE 'paid' END) STORED,
        due_date date NOT NULL,
        CHECK (credited_amount <= total_amount),
        CHECK (paid_amount <= total_amount)
      )`);
    await runner.query(`CREATE INDEX invoice_balances_client_idx ON billing.invoice_balances (client_id, due_date)`);
    await runner.query(`CREATE INDEX invoice_balances_status_idx ON billing.invoice_balances (payment_status)`);
    await runner.query(`
      INSERT INTO billing.invoice_balances (invoice_id, client_id, total_amount, due_date)
      SELECT id, client_id, total_amount, due_date FROM billing.invoices WHERE type = 'customer'`);

    await runner.query(`
      CREATE TABLE billing.payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        client_id uuid,
        amount numeric(14,2) NOT NULL CHECK (amount > 0),
        method text NOT NULL CHECK (method IN ('cash', 'bank_transfer', 'cheque', 'card')),
        reference text,
        paid_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        deleted_at timestamptz,
        deleted_by uuid,
        delete_reason text,
        CHECK (deleted_at IS NOT NULL OR (deleted_by IS NULL AND delete_reason IS NULL))
      )`);
    await runner.query(`CREATE INDEX payments_invoice_idx ON billing.payments (invoice_id, paid_at)`);
    await runner.query(
      `CREATE INDEX payments_client_idx ON billing.payments (client_id, paid_at) WHERE deleted_at IS NULL`,
    );

    // What an issued document says never changes, and it is never deleted.
    await runner.query(`
      CREATE FUNCTION billing.refuse_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'an issued % is never deleted', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF TG_TABLE_NAME = 'invoices'
           AND (to_jsonb(NEW) - 'pdf_path') IS NOT DISTINCT FROM (to_jsonb(OLD) - 'pdf_path') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'an issued invoice never changes: a credit note undoes it'
          USING ERRCODE = 'integrity_constraint_violation';
      END $$`);
    await runner.query(`
      CREATE TRIGGER invoices_never_change BEFORE UPDATE OR DELETE ON billing.invoices
        FOR EACH ROW EXECUTE FUNCTION billing.refuse_document_change()`);
    await runner.query(`
      CREATE TRIGGER invoice_items_never_change BEFORE UPDATE OR DELETE ON billing.invoice_items
        FOR EACH ROW EXECUTE FUNCTION billing.refuse_document_change()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER invoice_items_never_change ON billing.invoice_items`);
    await runner.query(`DROP TRIGGER invoices_never_change ON billing.invoices`);
    await runner.query(`DROP FUNCTION billing.refuse_document_change()`);
    await runner.query(`DROP TABLE billing.payments`);
    await runner.query(`DROP TABLE billing.invoice_balances`);
    await runner.query(
      `DELETE FROM billing.invoice_items WHERE invoice_id IN (SELECT id FROM billing.invoices WHERE type = 'credit_note')`,
    );
    await runner.query(`DELETE FROM billing.invoices WHERE type = 'credit_note'`);
    await runner.query(`ALTER TABLE billing.invoice_items DROP COLUMN credited_line_no, DROP COLUMN order_item_id`);
    await runner.query(`DROP INDEX billing.invoices_client_idx`);
    await runner.query(`DROP INDEX billing.invoices_original_idx`);
    await runner.query(`DROP INDEX billing.invoices_return_key`);
    await runner.query(`DROP INDEX billing.invoices_full_credit_key`);
    await runner.query(`DROP INDEX billing.invoices_order_cycle_key`);
    await runner.query(`CREATE UNIQUE INDEX invoices_order_key ON billing.invoices (order_id) WHERE type = 'customer'`);
    await runner.query(`
      ALTER TABLE billing.invoices
        DROP CONSTRAINT invoices_credit_note_check,
        DROP COLUMN due_date, DROP COLUMN reason_text, DROP COLUMN reason, DROP COLUMN return_id,
        DROP COLUMN original_invoice_number, DROP COLUMN original_invoice_id, DROP COLUMN commit_cycle,
        DROP CONSTRAINT invoices_type_check,
        ADD CONSTRAINT invoices_type_check CHECK (type IN ('customer', 'supplier'))`);
  }
}
