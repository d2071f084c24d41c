import type { ZatcaSettingsDto } from '@erp/contracts';
import type { ZatcaSettingsEntity } from './zatca-settings.entity.js';

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
    },
  };
}
