import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Trim } from '../common/transforms.js';

/** Currencies of the Gulf trade the settings screen offers (ISO 4217). */
export const currencies = ['SAR', 'AED', 'KWD', 'BHD', 'QAR', 'OMR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** Saudi VAT registration number: 15 digits, starting and ending with 3. */
export const vatNumberPattern = /^3\d{13}3$/;

export interface CompanySettingsDto {
  /** Public path of the logo file, or null when none was uploaded. */
  logoUrl: string | null;
  companyName: string;
  companyNameAr: string;
  vatNumber: string;
  address: string;
  addressAr: string;
  /** Percentage, e.g. 15 for 15 %. */
  taxRate: number;
  currency: Currency;
  allowNegativeStock: boolean;
  updatedAt: string | null;
}

export const defaultCompanySettings: Omit<CompanySettingsDto, 'updatedAt'> = {
  logoUrl: null,
  companyName: '',
  companyNameAr: '',
  vatNumber: '',
  address: '',
  addressAr: '',
  taxRate: 15,
  currency: 'SAR',
  allowNegativeStock: false,
};

/** PATCH /api/settings (admin/owner): any subset. */
export class UpdateSettingsDto {
  @IsOptional() @Trim() @IsString() @MaxLength(160) companyName?: string;
  @IsOptional() @Trim() @IsString() @MaxLength(160) companyNameAr?: string;

  @IsOptional()
  @Trim()
  @IsString()
  @Matches(vatNumberPattern, { message: 'vatNumber must be 15 digits starting and ending with 3' })
  vatNumber?: string;

  @IsOptional() @Trim() @IsString() @MaxLength(400) address?: string;
  @IsOptional() @Trim() @IsString() @MaxLength(400) addressAr?: string;

  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  taxRate?: number;

  @IsOptional() @IsIn(currencies) currency?: Currency;
  @IsOptional() @IsBoolean() allowNegativeStock?: boolean;
}

/** POST /api/settings/upload-logo: a data URL (PNG, JPEG or SVG; at most 5 MB decoded). */
export class UploadLogoDto {
  @IsString()
  @IsNotEmpty()
  // Generous on purpose: the decoded size is what is checked, so a 6 MB file gets "too large" (413).
  @MaxLength(14 * 1024 * 1024)
  imageBase64: string;
}

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
