import {
  AppException,
  BillingErrorCode,
  toAsciiDigits,
  zatcaEnvironments,
  ZatcaSettingsRule,
  type UpdateZatcaSettingsDto,
  type ZatcaSettingsProblem,
} from '@erp/contracts';

const vatNumberPattern = /^3\d{13}3$/;
const crnPattern = /^\d{10}$/;
const buildingNumberPattern = /^\d{4}$/;
const postalCodePattern = /^\d{5}$/;
/** ZATCA's CSR serialNumber: `1-<solution>|2-<model or version>|3-<serial>`. */
const egsSerialPattern = /^1-[^|]+\|2-[^|]+\|3-[^|]+$/;
const arabicLetter = /(?=\p{Script=Arabic})\p{L}/u;

/** The settings as they will be kept: numbers in ASCII digits, an empty English name dropped. */
export function normaliseZatcaSettings(dto: UpdateZatcaSettingsDto): UpdateZatcaSettingsDto {
  const { address } = dto;
  return {
    ...dto,
    sellerNameEn: dto.sellerNameEn ?? '',
    vatNumber: toAsciiDigits(dto.vatNumber),
    crn: toAsciiDigits(dto.crn),
    address: {
      ...address,
      buildingNumber: toAsciiDigits(address.buildingNumber),
      additionalNumber: toAsciiDigits(address.additionalNumber ?? ''),
      postalCode: toAsciiDigits(address.postalCode),
    },
    egs: { ...dto.egs },
  };
}

/** Each check in the order of the form; the first one broken answers. */
const checks: Array<{
  field: string;
  rule: ZatcaSettingsProblem['rule'];
  message: string;
  broken: (settings: UpdateZatcaSettingsDto) => boolean;
}> = [
  {
    field: 'environment',
    rule: ZatcaSettingsRule.Environment,
    message: `environment must be one of ${zatcaEnvironments.join(', ')}`,
    broken: (s) => !(zatcaEnvironments as readonly string[]).includes(s.environment),
  },
  {
    field: 'sellerNameAr',
    rule: ZatcaSettingsRule.SellerName,
    message: "sellerNameAr must not be empty: the seller's name is required (BR-06)",
    broken: (s) => s.sellerNameAr === '',
  },
  {
    field: 'sellerNameAr',
    rule: ZatcaSettingsRule.SellerNameArabic,
    message: "sellerNameAr must be the seller's registered name in Arabic letters",
    broken: (s) => !arabicLetter.test(s.sellerNameAr),
  },
  {
    field: 'vatNumber',
    rule: ZatcaSettingsRule.VatNumber,
    message: 'vatNumber must be 15 digits starting and ending with 3 (BR-KSA-39)',
    broken: (s) => !vatNumberPattern.test(s.vatNumber),
  },
  {
    field: 'crn',
    rule: ZatcaSettingsRule.Crn,
    message: 'crn must be the 10-digit commercial registration number (BR-KSA-08)',
    broken: (s) => !crnPattern.test(s.crn),
  },
  {
    field: 'address.street',
    rule: ZatcaSettingsRule.AddressComplete,
    message: 'address.street must not be empty (BR-KSA-09)',
    broken: (s) => s.address.street === '',
  },
  {
    field: 'address.buildingNumber',
    rule: ZatcaSettingsRule.BuildingNumber,
    message: 'address.buildingNumber must be exactly 4 digits (BR-KSA-37)',
    broken: (s) => !buildingNumberPattern.test(s.address.buildingNumber),
  },
  {
    field: 'address.district',
    rule: ZatcaSettingsRule.AddressComplete,
    message: 'address.district must not be empty (BR-KSA-09)',
    broken: (s) => s.address.district === '',
  },
  {
    field: 'address.city',
    rule: ZatcaSettingsRule.AddressComplete,
    message: 'address.city must not be empty (BR-KSA-09)',
    broken: (s) => s.address.city === '',
  },
  {
    field: 'address.postalCode',
    rule: ZatcaSettingsRule.PostalCode,
    message: 'address.postalCode must be exactly 5 digits (BR-KSA-66)',
    broken: (s) => !postalCodePattern.test(s.address.postalCode),
  },
  {
    field: 'address.countryCode',
    rule: ZatcaSettingsRule.AddressComplete,
    message: 'address.countryCode must be SA (BR-KSA-09)',
    broken: (s) => s.address.countryCode !== 'SA',
  },
  {
    field: 'egs.serial',
    rule: ZatcaSettingsRule.EgsSerial,
    message: 'egs.serial must be of the form 1-<solution>|2-<model or version>|3-<serial>',
    broken: (s) => !egsSerialPattern.test(s.egs.serial),
  },
];

/** Refuses settings that break one of ZATCA's rules: 400 ZATCA_SETTINGS_INVALID, details { field, rule }. */
export function assertZatcaSettingsValid(settings: UpdateZatcaSettingsDto): void {
  const broken = checks.find((check) => check.broken(settings));
  if (broken) {
    const details: ZatcaSettingsProblem = { field: broken.field, rule: broken.rule };
    throw new AppException(BillingErrorCode.ZatcaSettingsInvalid, broken.message, details);
  }
}
