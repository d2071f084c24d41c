import { Transform } from 'class-transformer';

/** Trims strings; leaves other values for the validators to refuse. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Phone numbers as people type them: digits (Latin, Arabic-Indic or Persian), spaces, + - ( ). */
export const phonePattern = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9][0-9\u0660-\u0669\u06F0-\u06F9\s().-]{5,24}$/;
