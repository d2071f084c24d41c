import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ZATCA phase 2 (CONTRACT §12): each EGS unit's chain (the last ICV and hash, locked while a
 * document is issued, so counters have no gaps), and the signed document of every invoice and
 * credit note issued after onboarding, with where it is with ZATCA.
 */
export class ZatcaDocuments1796800000000 implements MigrationInterface {
  name = 'ZatcaDocuments1796800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.zatca_chains (
        egs_serial text PRIMARY KEY,
        last_icv integer NOT NULL CHECK (last_icv >= 0),
        last_hash text NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE billing.zatca_documents (
        invoice_id uuid PRIMARY KEY REFERENCES billing.invoices (id),
        egs_serial text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('standard', 'simplified')),
        type_code smallint NOT NULL CHECK (type_code IN (388, 381, 383)),
        uuid uuid NOT NULL UNIQUE,
        icv integer NOT NULL CHECK (icv >= 1),
        pih text NOT NULL,
        invoice_hash text NOT NULL,
        qr text NOT NULL,
        signed_xml text NOT NULL,
        cleared_xml text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'cleared', 'reported', 'rejected')),
        messages jsonb NOT NULL DEFAULT '[]',
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        submitted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (egs_serial, icv)
      )`);
    await runner.query(
      `CREATE INDEX zatca_documents_pending ON billing.zatca_documents (icv) WHERE status = 'pending'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.zatca_documents`);
    await runner.query(`DROP TABLE billing.zatca_chains`);
  }
}
