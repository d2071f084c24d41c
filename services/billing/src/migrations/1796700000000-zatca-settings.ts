import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ZATCA phase-2 settings (CONTRACT §12): one row (id 1). The onboarding columns are filled
 * by the onboarding; the key and CSIDs are kept encrypted and never leave the service.
 */
export class ZatcaSettings1796700000000 implements MigrationInterface {
  name = 'ZatcaSettings1796700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.zatca_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        environment text NOT NULL DEFAULT 'simulator'
          CHECK (environment IN ('simulator', 'sandbox', 'simulation', 'production')),
        seller_name_ar text NOT NULL DEFAULT '',
        seller_name_en text NOT NULL DEFAULT '',
        vat_number text NOT NULL DEFAULT '',
        crn text NOT NULL DEFAULT '',
        street text NOT NULL DEFAULT '',
        building_number text NOT NULL DEFAULT '',
        additional_number text NOT NULL DEFAULT '',
        district text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        country_code text NOT NULL DEFAULT 'SA',
        egs_serial text NOT NULL,
        egs_name text NOT NULL DEFAULT '',
        egs_model text NOT NULL DEFAULT '',
        egs_industry text NOT NULL DEFAULT '',
        onboarding_status text NOT NULL DEFAULT 'not_onboarded'
          CHECK (onboarding_status IN ('not_onboarded', 'compliance', 'onboarded', 'failed')),
        onboarding_message text,
        certificate_expires_at timestamptz,
        onboarded_at timestamptz,
        private_key_enc text,
        compliance_csid_enc text,
        production_csid_enc text,
        certificate text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.zatca_settings`);
  }
}
