import { checkDecimal, latinDigits, moneyText } from '../../../lib/decimal';
import { isBlank, isEmail, type FormErrors } from '../../../lib/validation';
import type { ClientDto, CreateClientRequest, NationalAddressRequest, UpdateClientRequest } from '../api/clients-api';

/** The national address's parts, in the order the form shows them. */
export const nationalAddressFields = [
  'buildingNumber',
  'street',
  'district',
  'city',
  'postalCode',
  'additionalNumber',
] as const;
export type NationalAddressField = (typeof nationalAddressFields)[number];

export type ClientFormField =
  | 'name'
  | 'nameAr'
  | 'email'
  | 'phone'
  | 'whatsapp'
  | 'address'
  | 'notes'
  | 'priceListId'
  | 'paymentTermsDays'
  | 'creditLimit'
  | 'vatNumber'
  | NationalAddressField;
export type ClientFormValues = Record<ClientFormField, string>;

/**
 * `priceListId` is '' for none: the client buys at the items' own prices. `paymentTermsDays`
 * '0' is cash; `creditLimit` '' is no limit (CONTRACT §11).
 */
export const emptyClientForm: ClientFormValues = {
  name: '',
  nameAr: '',
  email: '',
  phone: '',
  whatsapp: '',
  address: '',
  notes: '',
  priceListId: '',
  paymentTermsDays: '0',
  creditLimit: '',
  vatNumber: '',
  buildingNumber: '',
  street: '',
  district: '',
  city: '',
  postalCode: '',
  additionalNumber: '',
};

/** The most days of credit the server accepts. */
export const maxPaymentTermsDays = 365;

const optionalFields = ['nameAr', 'email', 'phone', 'address', 'notes'] as const;

/** A stored WhatsApp number (digits with the country code) as the form shows it: +966501234567. */
const whatsappFormOf = (whatsapp: string | null) => (whatsapp ? `+${whatsapp}` : '');

/** A typed WhatsApp number as sent: Arabic-Indic digits as Latin ones ('' for none). */
const whatsappOf = (text: string) => latinDigits(text).trim();

/** A client's values in the edit form. */
export function clientFormOf(client: ClientDto): ClientFormValues {
  return {
    name: client.name,
    nameAr: client.nameAr ?? '',
    email: client.email ?? '',
    phone: client.phone ?? '',
    whatsapp: whatsappFormOf(client.whatsapp),
    address: client.address ?? '',
    notes: client.notes ?? '',
    priceListId: client.priceListId ?? '',
    paymentTermsDays: String(client.paymentTermsDays),
    creditLimit: client.creditLimit ?? '',
    vatNumber: client.vatNumber ?? '',
    buildingNumber: client.nationalAddress?.buildingNumber ?? '',
    street: client.nationalAddress?.street ?? '',
    district: client.nationalAddress?.district ?? '',
    city: client.nationalAddress?.city ?? '',
    postalCode: client.nationalAddress?.postalCode ?? '',
    additionalNumber: client.nationalAddress?.additionalNumber ?? '',
  };
}

/** A typed VAT number as 15 ASCII digits ('' for none), or null when it is not one. */
function vatNumberOf(text: string): string | null {
  const digits = latinDigits(text).replace(/\s+/g, '');
  return digits === '' || /^\d{15}$/.test(digits) ? digits : null;
}

const digitsOf = (text: string) => latinDigits(text).trim();

/** The typed national address, or null when every part of it is empty. */
function nationalAddressOf(values: ClientFormValues): NationalAddressRequest | null {
  if (nationalAddressFields.every((field) => isBlank(values[field]))) return null;
  const address: NationalAddressRequest = {
    street: values.street.trim(),
    buildingNumber: digitsOf(values.buildingNumber),
    district: values.district.trim(),
    city: values.city.trim(),
    postalCode: digitsOf(values.postalCode),
  };
  const additional = digitsOf(values.additionalNumber);
  if (additional) address.additionalNumber = additional;
  return address;
}

/**
 * The national address is all or nothing, and required with a VAT number (a VAT-registered client
 * gets standard tax invoices, which carry it): building and additional numbers of 4 digits, a
 * postal code of 5, in Latin or Arabic digits.
 */
function nationalAddressErrors(values: ClientFormValues): FormErrors<ClientFormField> {
  const errors: FormErrors<ClientFormField> = {};
  const hasVat = !isBlank(values.vatNumber);
  if (!hasVat && nationalAddressOf(values) === null) return errors;
  for (const field of ['street', 'district', 'city'] as const) {
    if (isBlank(values[field])) errors[field] = hasVat ? 'form.errors.addressNeededWithVat' : 'form.errors.addressPart';
  }
  if (!/^\d{4}$/.test(digitsOf(values.buildingNumber))) errors.buildingNumber = 'form.errors.buildingNumber';
  if (!/^\d{5}$/.test(digitsOf(values.postalCode))) errors.postalCode = 'form.errors.postalCode';
  if (!isBlank(values.additionalNumber) && !/^\d{4}$/.test(digitsOf(values.additionalNumber))) {
    errors.additionalNumber = 'form.errors.additionalNumber';
  }
  return errors;
}

const sameAddress = (a: NationalAddressRequest | null, client: ClientDto) => {
  const b = client.nationalAddress;
  if (a === null || b === null) return a === b;
  return nationalAddressFields.every((field) => (a[field] ?? '') === (b[field] ?? ''));
};

/** Typed days of credit as a whole number 0–365, or null. */
export function paymentTermsOf(text: string): number | null {
  const trimmed = latinDigits(text).trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days <= maxPaymentTermsDays ? days : null;
}

/** A typed credit limit as 2-decimal text, null for none ('' ), or undefined when unreadable. */
function creditLimitOf(text: string): string | null | undefined {
  if (isBlank(text)) return null;
  return checkDecimal(text, { scale: 2 }) === null ? (moneyText(text) ?? undefined) : undefined;
}

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
  if (!isBlank(values.whatsapp) && !isPhone(whatsappOf(values.whatsapp))) errors.whatsapp = 'form.errors.whatsapp';
  if (paymentTermsOf(values.paymentTermsDays) === null) errors.paymentTermsDays = 'form.errors.paymentTermsDays';
  if (creditLimitOf(values.creditLimit) === undefined) errors.creditLimit = 'form.errors.creditLimit';
  if (vatNumberOf(values.vatNumber) === null) errors.vatNumber = 'form.errors.vatNumber';
  return { ...errors, ...nationalAddressErrors(values) };
}

/** POST /api/clients: trimmed, empty fields left out. */
export function toCreateClientRequest(values: ClientFormValues): CreateClientRequest {
  const request: CreateClientRequest = { name: values.name.trim() };
  for (const field of optionalFields) {
    const value = values[field].trim();
    if (value) request[field] = value;
  }
  // Left out, the server takes the phone's number (when no other client has it).
  const whatsapp = whatsappOf(values.whatsapp);
  if (whatsapp) request.whatsapp = whatsapp;
  if (values.priceListId) request.priceListId = values.priceListId;
  const terms = paymentTermsOf(values.paymentTermsDays);
  if (terms) request.paymentTermsDays = terms;
  const limit = creditLimitOf(values.creditLimit);
  if (limit) request.creditLimit = limit;
  const vatNumber = vatNumberOf(values.vatNumber);
  if (vatNumber) request.vatNumber = vatNumber;
  const address = nationalAddressOf(values);
  if (address) request.nationalAddress = address;
  return request;
}

/** PATCH /api/clients/{id}: only what changed (a cleared field as null), or null when nothing did. */
export function toUpdateClientRequest(client: ClientDto, values: ClientFormValues): UpdateClientRequest | null {
  const request: UpdateClientRequest = { id: client.id };
  const name = values.name.trim();
  if (name !== client.name) request.name = name;
  for (const field of optionalFields) {
    const value = values[field].trim() || null;
    if (value !== (client[field] ?? null)) request[field] = value;
  }
  // Sent only when edited; emptied, null: no WhatsApp number (left out, it follows a changed phone).
  if (values.whatsapp.trim() !== whatsappFormOf(client.whatsapp)) {
    request.whatsapp = whatsappOf(values.whatsapp) || null;
  }
  const priceListId = values.priceListId || null;
  if (priceListId !== client.priceListId) request.priceListId = priceListId;
  const terms = paymentTermsOf(values.paymentTermsDays);
  if (terms !== null && terms !== client.paymentTermsDays) request.paymentTermsDays = terms;
  const limit = creditLimitOf(values.creditLimit);
  const currentLimit = client.creditLimit === null ? null : moneyText(client.creditLimit);
  if (limit !== undefined && limit !== currentLimit) request.creditLimit = limit;
  const vatNumber = vatNumberOf(values.vatNumber) || null;
  if (vatNumber !== client.vatNumber) request.vatNumber = vatNumber;
  const address = nationalAddressOf(values);
  if (!sameAddress(address, client)) request.nationalAddress = address;
  return Object.keys(request).length > 1 ? request : null;
}
