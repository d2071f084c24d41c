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
