import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An invoice line keeps the unit it was sold in and, for a pack, the base quantity and unit it
 * stands for; and its discount (CONTRACT §10, docs/decisions/0014). Lines that exist were sold in
 * their item's own unit and had no discount.
 */
export class InvoiceLineUnits1796200000000 implements MigrationInterface {
  name = 'InvoiceLineUnits1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.invoice_items
        ADD COLUMN base_quantity numeric(14,3),
        ADD COLUMN base_unit text,
        ADD COLUMN discount_percent numeric(5,2) NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE billing.invoice_items DROP COLUMN discount_percent, DROP COLUMN base_unit, DROP COLUMN base_quantity`,
    );
  }
}
