const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: string): boolean {
  return value.trim().length === 0;
}

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** Field name -> translation key of its message; empty when the form is valid. */
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

export function hasErrors<Field extends string>(errors: FormErrors<Field>): boolean {
  return Object.values(errors).some(Boolean);
}

/** CONTRACT §14: a new password has at least this many characters. */
export const PASSWORD_MIN_LENGTH = 10;

/**
 * The part of the password policy a form can check before sending (empty, only spaces, too
 * short), as the key of its message; the server also refuses the account's own names and
 * common passwords, each with its own error code.
 */
export function newPasswordError(
  password: string,
): 'common:password.required' | 'common:password.blank' | 'common:password.tooShort' | undefined {
  if (password.length === 0) return 'common:password.required';
  if (password.trim().length === 0) return 'common:password.blank';
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'common:password.tooShort';
  return undefined;
}
