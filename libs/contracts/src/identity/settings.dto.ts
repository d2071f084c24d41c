import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { judgeDecimalInput } from '../common/decimal-input.js';
import { IfPresent, Trim } from '../common/transforms.js';

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

/**
 * At most `places` decimals, read from the number's own digits. class-validator's
 * `maxDecimalPlaces` throws on numbers it prints with an exponent (1e-7), a 500 for bad input.
 */
function MaxDecimalPlaces(places: number): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'maxDecimalPlaces',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' &&
          judgeDecimalInput(Math.abs(value), { scale: places, integerDigits: 308 }) !== 'too-precise',
        defaultMessage: (args: ValidationArguments) => `${args.property} must have at most ${places} decimal places`,
      },
    });
  };
}

/** PATCH /api/settings (admin/owner): any subset. A field sent as null is refused: every setting has a value. */
export class UpdateSettingsDto {
  @IfPresent() @Trim() @IsString() @MaxLength(160) companyName?: string;
  @IfPresent() @Trim() @IsString() @MaxLength(160) companyNameAr?: string;

  @IfPresent()
  @Trim()
  @IsString()
  @Matches(vatNumberPattern, { message: 'vatNumber must be 15 digits starting and ending with 3' })
  vatNumber?: string;

  @IfPresent() @Trim() @IsString() @MaxLength(400) address?: string;
  @IfPresent() @Trim() @IsString() @MaxLength(400) addressAr?: string;

  @IfPresent()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(100)
  taxRate?: number;

  @IfPresent() @IsIn(currencies) currency?: Currency;
  @IfPresent() @IsBoolean() allowNegativeStock?: boolean;
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
