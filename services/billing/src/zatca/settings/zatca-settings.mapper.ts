import type { ZatcaSettingsDto } from '@erp/contracts';
import { zatcaSettingsValueKeys, type ZatcaSettingsEntity, type ZatcaSettingsValues } from './zatca-settings.entity.js';

/** Each saved value and its path in the answer. */
const answerPaths: Record<keyof ZatcaSettingsValues, string> = {
  environment: 'environment',
  sellerNameAr: 'sellerNameAr',
  sellerNameEn: 'sellerNameEn',
  vatNumber: 'vatNumber',
  crn: 'crn',
  street: 'address.street',
  buildingNumber: 'address.buildingNumber',
  additionalNumber: 'address.additionalNumber',
  district: 'address.district',
  city: 'address.city',
  postalCode: 'address.postalCode',
  countryCode: 'address.countryCode',
  egsSerial: 'egs.serial',
  egsName: 'egs.name',
  egsModel: 'egs.model',
  egsIndustry: 'egs.industry',
};

/** The values saved since the unit was onboarded, by their paths in the answer. */
export function changedSinceOnboarding(row: ZatcaSettingsEntity): string[] {
  const onboarded = row.onboardedValues;
  if (!onboarded) return [];
  return zatcaSettingsValueKeys.filter((key) => (onboarded[key] ?? '') !== row[key]).map((key) => answerPaths[key]);
}

/** The settings as answered: never the key, the CSIDs or the certificate. */
export function toZatcaSettingsDto(row: ZatcaSettingsEntity): ZatcaSettingsDto {
  return {
    environment: row.environment,
    sellerNameAr: row.sellerNameAr,
    sellerNameEn: row.sellerNameEn,
    vatNumber: row.vatNumber,
    crn: row.crn,
    address: {
      street: row.street,
      buildingNumber: row.buildingNumber,
      additionalNumber: row.additionalNumber,
      district: row.district,
      city: row.city,
      postalCode: row.postalCode,
      countryCode: row.countryCode,
    },
    egs: { serial: row.egsSerial, name: row.egsName, model: row.egsModel, industry: row.egsIndustry },
    onboarding: {
      status: row.onboardingStatus,
      certificateExpiresAt: row.certificateExpiresAt?.toISOString() ?? null,
      message: row.onboardingMessage,
      onboardedAt: row.onboardedAt?.toISOString() ?? null,
      changedSinceOnboarding: changedSinceOnboarding(row),
    },
  };
}
