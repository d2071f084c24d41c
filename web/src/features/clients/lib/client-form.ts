import { isBlank, isEmail, type FormErrors } from '../../../lib/validation';
import type { CreateClientRequest } from '../api/clients-api';

export type ClientFormField = 'name' | 'nameAr' | 'email' | 'phone' | 'address' | 'notes';
export type ClientFormValues = Record<ClientFormField, string>;

export const emptyClientForm: ClientFormValues = { name: '', nameAr: '', email: '', phone: '', address: '', notes: '' };

/** The server's rule (docs/api/orders-clients-analytics.md): 7–20 of digits, spaces, + - ( ), at least 7 digits. */
export function isPhone(value: string): boolean {
  const trimmed = value.trim();
  return /^[\d\s+\-()]{7,20}$/.test(trimmed) && (trimmed.match(/\d/g)?.length ?? 0) >= 7;
}

/** Name required (SPEC §5); email and phone checked when given. Keys of the `clients` namespace. */
export function validateClientForm(values: ClientFormValues): FormErrors<ClientFormField> {
  const errors: FormErrors<ClientFormField> = {};
  if (isBlank(values.name)) errors.name = 'form.errors.nameRequired';
  if (!isBlank(values.email) && !isEmail(values.email)) errors.email = 'form.errors.email';
  if (!isBlank(values.phone) && !isPhone(values.phone)) errors.phone = 'form.errors.phone';
  return errors;
}

/** POST /api/clients: trimmed, empty fields left out. */
export function toCreateClientRequest(values: ClientFormValues): CreateClientRequest {
  const request: CreateClientRequest = { name: values.name.trim() };
  for (const field of ['nameAr', 'email', 'phone', 'address', 'notes'] as const) {
    const value = values[field].trim();
    if (value) request[field] = value;
  }
  return request;
}
