import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

/** Trims strings; leaves other values for the validators to refuse. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Phone numbers as people type them: digits (Latin, Arabic-Indic or Persian), spaces, + - ( ). */
export const phonePattern = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9][0-9\u0660-\u0669\u06F0-\u06F9\s().-]{5,24}$/;

/** Empty optional strings (and null) become undefined (a form sends "" for an untouched field). */
export const EmptyToUndefined = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  );

/** Empty strings become null: a form clearing an optional text field. */
export const EmptyToNull = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value));

/** Optional, but not nullable: an absent field is skipped, a null one is validated (and refused). */
export const IfPresent = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * Arabic-Indic (U+0660) and Persian (U+06F0) digits to ASCII, as people type them on an Arabic
 * keyboard ("٣٠٠" → "300"); everything else is left as it is.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x6f0 ? 0x6f0 : 0x660));
  });
}

/** Strings with their Arabic-Indic and Persian digits made ASCII, before the validators see them. */
export const AsciiDigits = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? toAsciiDigits(value) : value));
