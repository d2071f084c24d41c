import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IdempotencyField, type IdempotencyDto } from '../common/idempotency.dto.js';
import { IsDecimalInput, type DecimalInput } from '../common/decimal-input.js';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { SortParam } from '../common/sort.js';
import { AsciiDigits, EmptyToNull, EmptyToUndefined, IfPresent, phonePattern, Trim } from '../common/transforms.js';
import { IgnoresServerComputed } from '../common/server-computed.js';

/**
 * A client's Saudi national address (SPL), structured as ZATCA wants a buyer's: a standard tax
 * invoice carries it (BR-KSA-63). Building and additional numbers have 4 digits, the postal code 5.
 * A client elsewhere keeps its free-text `address` only.
 */
export interface NationalAddressDto {
  street: string;
  buildingNumber: string;
  additionalNumber: string | null;
  district: string;
  city: string;
  postalCode: string;
  countryCode: 'SA';
}

/** A client (SPEC §3), with the notes the add form sends. */
export interface ClientDto {
  id: string;
  name: string;
  nameAr: string | null;
  phone: string | null;
  /**
   * The number the client writes from on WhatsApp (digits with the country code, as WhatsApp gives
   * a sender): its messages are matched to this client. Defaults to the phone; one client per number.
   */
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  /** The price list the client buys at (CONTRACT §10), or null: the items' own prices. */
  priceListId: string | null;
  /** Days from an invoice's issue to its due date (CONTRACT §11); 0: due on issue. */
  paymentTermsDays: number;
  /** The most the client may owe, with VAT, once an order is confirmed; null: no limit. */
  creditLimit: string | null;
  /**
   * The client's VAT registration number (15 digits), or null. A client with one is a VAT-registered
   * business: its invoices are standard tax invoices, cleared by ZATCA before they are released.
   */
  vatNumber: string | null;
  /** Required with a VAT number (the buyer's address on a standard invoice). */
  nationalAddress: NationalAddressDto | null;
  createdAt: string;
  createdBy: string | null;
}

export type ClientPageDto = PageDto<ClientDto>;

/**
 * GET /api/clients/{id}: the client with what it owes on its customer invoices (CONTRACT §11):
 * `balance` (negative: money on account) and the part of it past due. Money: 2-decimal strings.
 */
export interface ClientDetailDto extends ClientDto, ClientActivityDto {
  balance: string;
  overdueBalance: string;
}

/**
 * What the client has ordered (CONTRACT §13): its orders in any status, what its confirmed and
 * completed orders came to (before VAT, as order totals are), and when it last ordered.
 */
export interface ClientActivityDto {
  ordersCount: number;
  totalSpent: string;
  lastOrderAt: string | null;
}

/** A Saudi national address as a form sends it; Arabic-Indic digits are accepted in the numbers. */
export class NationalAddressInputDto {
  @Trim() @IsString() @IsNotEmpty() @MaxLength(200) street: string;

  @AsciiDigits()
  @Trim()
  @IsString()
  @Matches(/^\d{4}$/, { message: 'nationalAddress.buildingNumber must be 4 digits' })
  buildingNumber: string;

  @EmptyToUndefined()
  @IsOptional()
  @AsciiDigits()
  @Trim()
  @IsString()
  @Matches(/^\d{4}$/, { message: 'nationalAddress.additionalNumber must be 4 digits' })
  additionalNumber?: string;

  @Trim() @IsString() @IsNotEmpty() @MaxLength(200) district: string;
  @Trim() @IsString() @IsNotEmpty() @MaxLength(200) city: string;

  @AsciiDigits()
  @Trim()
  @IsString()
  @Matches(/^\d{5}$/, { message: 'nationalAddress.postalCode must be 5 digits' })
  postalCode: string;

  /** Always SA (accepted when sent back as read). */
  @IsOptional()
  @IsIn(['SA'], { message: 'nationalAddress.countryCode must be SA: a national address is a Saudi one' })
  countryCode?: 'SA';
}

/** Why a client with a VAT number needs its national address. */
export const nationalAddressNeededMessage =
  'nationalAddress is required with a vatNumber: a VAT-registered client gets standard tax invoices, which carry its national address (ZATCA BR-KSA-63)';

/** A VAT registration number as people type it (Arabic-Indic digits and spaces accepted). */
const vatNumberMessage = { message: 'vatNumber must be the 15-digit VAT registration number' };

/** POST /api/clients: name required; email and phone checked when given; empty strings are absent. */
@IgnoresServerComputed(['id', 'createdAt', 'createdBy'])
export class CreateClientDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  nameAr?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(phonePattern, { message: 'phone must be a phone number' })
  phone?: string;

  /** Absent: the phone's number, when no other client has it. */
  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(phonePattern, { message: 'whatsapp must be a phone number' })
  whatsapp?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(200)
  email?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(500)
  address?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsUUID()
  priceListId?: string;

  /** Days from an invoice's issue to its due date: 0 (cash) to 365. */
  @IsOptional()
  @IsInt({ message: 'paymentTermsDays must be a whole number of days' })
  @Min(0)
  @Max(365)
  paymentTermsDays?: number;

  /** The most the client may owe with VAT once an order is confirmed; absent: no limit. */
  @EmptyToUndefined()
  @IsOptional()
  @IsDecimalInput({ scale: 2, integerDigits: 12 })
  creditLimit?: DecimalInput;
  /** With it, a complete national address (the client is invoiced with standard tax invoices). */
  @EmptyToUndefined()
  @IsOptional()
  @AsciiDigits()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @IsString()
  @Matches(/^\d{15}$/, vatNumberMessage)
  vatNumber?: string;

  /** Required with a VAT number. */
  @EmptyToUndefined()
  @ValidateIf((client: CreateClientDto) => client.vatNumber !== undefined || client.nationalAddress !== undefined)
  @IsDefined({ message: nationalAddressNeededMessage })
  @ValidateNested()
  @Type(() => NationalAddressInputDto)
  nationalAddress?: NationalAddressInputDto;
}

/** orders.create-client: a new client, exactly once per idempotency key when one is given. */
export class CreateClientRequestDto extends CreateClientDto {
  @IdempotencyField()
  idempotency?: IdempotencyDto;
}

/** PATCH /api/clients/{id}: the changed fields only; null clears an optional one (a price list too). */
@IgnoresServerComputed(['id', 'createdAt', 'createdBy'])
export class UpdateClientDto {
  @IfPresent()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(200)
  nameAr?: string | null;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsString()
  @Matches(phonePattern, { message: 'phone must be a phone number' })
  phone?: string | null;

  /** Null: no WhatsApp number; left out while the phone changes: it follows the phone, when free. */
  @IsOptional()
  @EmptyToNull()
  @Trim()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsString()
  @Matches(phonePattern, { message: 'whatsapp must be a phone number' })
  whatsapp?: string | null;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(200)
  email?: string | null;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(500)
  address?: string | null;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;

  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsUUID()
  priceListId?: string | null;

  @IfPresent()
  @IsInt({ message: 'paymentTermsDays must be a whole number of days' })
  @Min(0)
  @Max(365)
  paymentTermsDays?: number;

  /** null (or empty) removes the limit. */
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsDecimalInput({ scale: 2, integerDigits: 12 })
  creditLimit?: DecimalInput | null;

  /** null (or empty) removes it. */
  @IsOptional()
  @EmptyToNull()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @AsciiDigits()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @IsString()
  @Matches(/^\d{15}$/, vatNumberMessage)
  vatNumber?: string | null;

  /** null removes it (only when the client has no VAT number). */
  @IsOptional()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @ValidateNested()
  @Type(() => NationalAddressInputDto)
  nationalAddress?: NationalAddressInputDto | null;
}

export class UpdateClientRequestDto extends UpdateClientDto {
  @IsUUID()
  id: string;
}

/** orders.count-price-list-clients: how many clients buy at this list (a list in use is not deleted). */
export class PriceListClientsDto {
  @IsUUID()
  priceListId: string;
}

/** The fields a client list sorts by (`sort=name:asc`). */
export const clientSortFields = ['name', 'createdAt', 'paymentTermsDays', 'creditLimit'] as const;
export type ClientSortField = (typeof clientSortFields)[number];

/** GET /api/clients: newest first unless sorted; `search` matches name, Arabic name, phone or email. */
export class ListClientsDto extends PageQueryDto {
  @SortParam(clientSortFields)
  sort?: string;
}

/**
 * orders.find-clients-by-names: the clients with these names (without case or extra spaces), for
 * a service that matches a spreadsheet's rows to clients (the opening-balances import).
 */
export class ClientNamesDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  names: string[];
}

export class ClientIdDto {
  @IsUUID()
  id: string;
}
