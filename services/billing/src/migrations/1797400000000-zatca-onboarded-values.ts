import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seller and EGS unit as they were onboarded (docs/decisions/0026): documents are signed in
 * that name until the unit is onboarded again, whatever the settings say meanwhile. Rows onboarded
 * before this column existed were onboarded with their current values.
 */
export class ZatcaOnboardedValues1797400000000 implements MigrationInterface {
  name = 'ZatcaOnboardedValues1797400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.zatca_settings ADD COLUMN onboarded_values jsonb`);
    await runner.query(`
      UPDATE billing.zatca_settings
         SET onboarded_values = jsonb_build_object(
               'environment', environment, 'sellerNameAr', seller_name_ar, 'sellerNameEn', seller_name_en,
               'vatNumber', vat_number, 'crn', crn, 'street', street, 'buildingNumber', building_number,
               'additionalNumber', additional_number, 'district', district, 'city', city,
               'postalCode', postal_code, 'countryCode', country_code, 'egsSerial', egs_serial,
               'egsName', egs_name, 'egsModel', egs_model, 'egsIndustry', egs_industry)
       WHERE onboarding_status = 'onboarded'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.zatca_settings DROP COLUMN onboarded_values`);
  }
}
