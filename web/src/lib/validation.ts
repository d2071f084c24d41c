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
