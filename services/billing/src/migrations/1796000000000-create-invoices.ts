import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices and their items (SPEC §3). One customer invoice per order and one supplier invoice
 * per goods receipt (unique indexes); numbers INV-/SUP-YYYY-NNNNNN from per-series yearly
 * counters incremented in the invoice's own transaction, so there are no gaps. The seller's
 * details are kept as they were at issue: an invoice never changes when the settings do.
 */
export class CreateInvoices1796000000000 implements MigrationInterface {
  name = 'CreateInvoices1796000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.invoice_number_counters (
        series text NOT NULL,
        year integer NOT NULL,
        last_number integer NOT NULL,
        PRIMARY KEY (series, year)
      )`);
    await runner.query(`
      CREATE TABLE billing.invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_number text NOT NULL UNIQUE,
        type text NOT NULL DEFAULT 'customer' CHECK (type IN ('customer', 'supplier')),
        order_id uuid,
        order_number text,
        receipt_id uuid,
        client_id uuid,
        client_name text,
        supplier_id uuid,
        supplier_name text,
        supplier_invoice_number text,
        subtotal numeric(14,2) NOT NULL,
        tax_rate numeric(5,2) NOT NULL,
        tax_amount numeric(14,2) NOT NULL DEFAULT 0,
        total_amount numeric(14,2) NOT NULL,
        currency text NOT NULL,
        seller jsonb NOT NULL,
        pdf_path text,
        uploaded_file_url text,
        issued_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid
      )`);
    await runner.query(`CREATE UNIQUE INDEX invoices_order_key ON billing.invoices (order_id) WHERE type = 'customer'`);
    await runner.query(
      `CREATE UNIQUE INDEX invoices_receipt_key ON billing.invoices (receipt_id) WHERE type = 'supplier'`,
    );
    await runner.query(`CREATE INDEX invoices_issued_idx ON billing.invoices (issued_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX invoices_type_issued_idx ON billing.invoices (type, issued_at DESC)`);
    await runner.query(`
      CREATE TABLE billing.invoice_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        stock_item_id uuid,
        sku text,
        item_name text NOT NULL,
        item_name_ar text,
        quantity numeric(14,3) NOT NULL,
        unit text NOT NULL,
        unit_price numeric(12,2) NOT NULL,
        total_price numeric(14,2) NOT NULL,
        UNIQUE (invoice_id, line_no)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.invoice_items`);
    await runner.query(`DROP TABLE billing.invoices`);
    await runner.query(`DROP TABLE billing.invoice_number_counters`);
  }
}
