import type { ZatcaEnvironment, ZatcaOnboardingStatus } from '@erp/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The ZATCA phase-2 settings: one row, id 1 (CONTRACT §12). The onboarding columns are written
 * by the onboarding only. The key, the CSIDs and the certificate are never selected unless a
 * query asks for them (`select: false`), and no answer carries them (zatca-settings.mapper.ts).
 */
@Entity({ name: 'zatca_settings' })
export class ZatcaSettingsEntity {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column({ type: 'text' }) environment: ZatcaEnvironment;
  @Column({ name: 'seller_name_ar', type: 'text' }) sellerNameAr: string;
  @Column({ name: 'seller_name_en', type: 'text' }) sellerNameEn: string;
  @Column({ name: 'vat_number', type: 'text' }) vatNumber: string;
  @Column({ type: 'text' }) crn: string;
  @Column({ type: 'text' }) street: string;
  @Column({ name: 'building_number', type: 'text' }) buildingNumber: string;
  @Column({ name: 'additional_number', type: 'text' }) additionalNumber: string;
  @Column({ type: 'text' }) district: string;
  @Column({ type: 'text' }) city: string;
  @Column({ name: 'postal_code', type: 'text' }) postalCode: string;
  @Column({ name: 'country_code', type: 'text' }) countryCode: 'SA';
  @Column({ name: 'egs_serial', type: 'text' }) egsSerial: string;
  @Column({ name: 'egs_name', type: 'text' }) egsName: string;
  @Column({ name: 'egs_model', type: 'text' }) egsModel: string;
  @Column({ name: 'egs_industry', type: 'text' }) egsIndustry: string;
  @Column({ name: 'onboarding_status', type: 'text' }) onboardingStatus: ZatcaOnboardingStatus;
  @Column({ name: 'onboarding_message', type: 'text', nullable: true }) onboardingMessage: string | null;
  @Column({ name: 'certificate_expires_at', type: 'timestamptz', nullable: true }) certificateExpiresAt: Date | null;
  @Column({ name: 'onboarded_at', type: 'timestamptz', nullable: true }) onboardedAt: Date | null;
  @Column({ name: 'private_key_enc', type: 'text', nullable: true, select: false }) privateKeyEnc: string | null;
  @Column({ name: 'compliance_csid_enc', type: 'text', nullable: true, select: false })
  complianceCsidEnc: string | null;
  @Column({ name: 'production_csid_enc', type: 'text', nullable: true, select: false })
  productionCsidEnc: string | null;
  @Column({ type: 'text', nullable: true, select: false }) certificate: string | null;
  /** The values the unit was onboarded with: the name documents are signed in until it is onboarded again. */
  @Column({ name: 'onboarded_values', type: 'jsonb', nullable: true }) onboardedValues: ZatcaSettingsValues | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy: string | null;
}

/** The columns a save writes: everything but the onboarding's and the row's id. */
export const zatcaSettingsValueKeys = [
  'environment',
  'sellerNameAr',
  'sellerNameEn',
  'vatNumber',
  'crn',
  'street',
  'buildingNumber',
  'additionalNumber',
  'district',
  'city',
  'postalCode',
  'countryCode',
  'egsSerial',
  'egsName',
  'egsModel',
  'egsIndustry',
] as const satisfies ReadonlyArray<keyof ZatcaSettingsEntity>;

export type ZatcaSettingsValues = Pick<ZatcaSettingsEntity, (typeof zatcaSettingsValueKeys)[number]>;

/** The saved values of a row, without its onboarding. */
export function zatcaSettingsValuesOf(row: ZatcaSettingsValues): ZatcaSettingsValues {
  return Object.fromEntries(zatcaSettingsValueKeys.map((key) => [key, row[key]])) as unknown as ZatcaSettingsValues;
}
