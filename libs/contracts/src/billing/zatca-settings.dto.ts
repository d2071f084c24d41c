import { Type } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IgnoresServerComputed } from '../common/server-computed.js';
import { EmptyToUndefined, Trim } from '../common/transforms.js';

/**
 * Where the EGS unit talks to ZATCA (CONTRACT §12): the project's local Fatoora simulator,
 * ZATCA's developer portal (sandbox), its simulation portal, or production.
 */
export const zatcaEnvironments = ['simulator', 'sandbox', 'simulation', 'production'] as const;
export type ZatcaEnvironment = (typeof zatcaEnvironments)[number];

/** How far the EGS unit's onboarding got; written by the onboarding, read-only in the settings. */
export const zatcaOnboardingStatuses = ['not_onboarded', 'compliance', 'onboarded', 'failed'] as const;
export type ZatcaOnboardingStatus = (typeof zatcaOnboardingStatuses)[number];

/** The seller's Saudi national address (BR-KSA-09). */
export interface ZatcaAddressDto {
  street: string;
  /** 4 digits (BR-KSA-37). */
  buildingNumber: string;
  /** The national address's additional number (4 digits), when the seller has one. */
  additionalNumber?: string;
  district: string;
  city: string;
  /** 5 digits (BR-KSA-66). */
  postalCode: string;
  countryCode: 'SA';
}

/** The EGS (e-invoice generation solution) unit as its CSR names it. */
export interface ZatcaEgsDto {
  /** `1-<solution name>|2-<model or version>|3-<serial>` (ZATCA's CSR serialNumber). */
  serial: string;
  name: string;
  model: string;
  /** The business category, e.g. 'Wholesale'. */
  industry: string;
}

export interface ZatcaOnboardingDto {
  status: ZatcaOnboardingStatus;
  certificateExpiresAt: string | null;
  /** The last onboarding's message (ZATCA's error on failure). */
  message: string | null;
  onboardedAt: string | null;
  /**
   * The settings saved since the unit was onboarded that documents do not carry yet (paths as in
   * this answer: 'vatNumber', 'address.city', 'egs.serial' ...). Documents name the seller and
   * unit as onboarded until the next onboarding, which takes these up. Empty when none.
   */
  changedSinceOnboarding: string[];
}

/** GET/PUT /api/settings/zatca (admin/owner): the seller and EGS unit of ZATCA phase 2. */
export interface ZatcaSettingsDto {
  environment: ZatcaEnvironment;
  /** The seller's registered Arabic name (BT-27). */
  sellerNameAr: string;
  /** The registered English name, if any ('' when none). */
  sellerNameEn?: string;
  /** 15 digits, starting and ending with 3 (BR-KSA-39). */
  vatNumber: string;
  /** Commercial registration number, 10 digits (BR-KSA-08). */
  crn: string;
  address: ZatcaAddressDto;
  egs: ZatcaEgsDto;
  onboarding: ZatcaOnboardingDto;
}

/**
 * Why a save was refused: ZATCA's business rule where it has one (BR-KSA-39 ...), else the
 * document the rule comes from. Sent as `details: { field, rule }` with ZATCA_SETTINGS_INVALID.
 */
export const ZatcaSettingsRule = {
  VatNumber: 'BR-KSA-39',
  Crn: 'BR-KSA-08',
  AddressComplete: 'BR-KSA-09',
  BuildingNumber: 'BR-KSA-37',
  PostalCode: 'BR-KSA-66',
  /** The seller's name (BT-27) is mandatory. */
  SellerName: 'BR-06',
  /** A tax invoice carries the seller's name in Arabic (no BR number of its own). */
  SellerNameArabic: 'ZATCA-SELLER-NAME-AR',
  /** The CSR's serialNumber (ZATCA's onboarding guide; no BR number). */
  EgsSerial: 'ZATCA-CSR-SERIAL',
  /** One of the four Fatoora environments (no BR number). */
  Environment: 'ZATCA-ENVIRONMENT',
} as const;
export type ZatcaSettingsRule = (typeof ZatcaSettingsRule)[keyof typeof ZatcaSettingsRule];

/** `details` of ZATCA_SETTINGS_INVALID: the field as a path (`address.postalCode`) and the rule. */
export interface ZatcaSettingsProblem {
  field: string;
  rule: ZatcaSettingsRule;
}

/**
 * The shape only: strings within a length. ZATCA's rules (digits, formats, Arabic name) are the
 * billing service's, so that a refusal names the rule (ZATCA_SETTINGS_INVALID) rather than being
 * a generic VALIDATION_FAILED; Arabic-Indic digits are accepted there.
 */
export class ZatcaAddressInputDto implements ZatcaAddressDto {
  @Trim() @IsString() @MaxLength(200) street: string;
  @Trim() @IsString() @MaxLength(20) buildingNumber: string;
  @EmptyToUndefined() @IsOptional() @Trim() @IsString() @MaxLength(20) additionalNumber?: string;
  @Trim() @IsString() @MaxLength(200) district: string;
  @Trim() @IsString() @MaxLength(200) city: string;
  @Trim() @IsString() @MaxLength(20) postalCode: string;
  @Trim() @IsString() @MaxLength(2) countryCode: 'SA';
}

export class ZatcaEgsInputDto implements ZatcaEgsDto {
  @Trim() @IsString() @MaxLength(200) serial: string;
  @Trim() @IsString() @MaxLength(200) name: string;
  @Trim() @IsString() @MaxLength(200) model: string;
  @Trim() @IsString() @MaxLength(200) industry: string;
}

/** PUT /api/settings/zatca: everything but `onboarding`, which is ignored when sent back. */
@IgnoresServerComputed(['onboarding'])
export class UpdateZatcaSettingsDto implements Omit<ZatcaSettingsDto, 'onboarding'> {
  /** Checked against zatcaEnvironments by the service (ZATCA_SETTINGS_INVALID). */
  @IsString() @MaxLength(20) environment: ZatcaEnvironment;
  @Trim() @IsString() @MaxLength(300) sellerNameAr: string;
  @EmptyToUndefined() @IsOptional() @Trim() @IsString() @MaxLength(300) sellerNameEn?: string;
  @Trim() @IsString() @MaxLength(30) vatNumber: string;
  @Trim() @IsString() @MaxLength(30) crn: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => ZatcaAddressInputDto)
  address: ZatcaAddressInputDto;

  @IsDefined()
  @ValidateNested()
  @Type(() => ZatcaEgsInputDto)
  egs: ZatcaEgsInputDto;
}

/** POST /api/settings/zatca/onboard: the one-time password from ZATCA's Fatoora portal (6 digits). */
export class OnboardZatcaDto {
  @Trim() @IsString() @Matches(/^\d{6}$/, { message: 'otp must be the 6 digits the Fatoora portal shows' }) otp: string;
}
