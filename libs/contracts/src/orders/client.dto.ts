import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageQueryDto, type PageDto } from '../common/page-query.dto.js';
import { EmptyToUndefined, phonePattern, Trim } from '../common/transforms.js';

/** A client (SPEC §3), with the notes the add form sends. */
export interface ClientDto {
  id: string;
  name: string;
  nameAr: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  createdAt: string;
  createdBy: string | null;
}

export type ClientPageDto = PageDto<ClientDto>;

/** POST /api/clients: name required; email and phone checked when given; empty strings are absent. */
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
}

/** GET /api/clients: newest first; `search` matches name, Arabic name, phone or email. */
export class ListClientsDto extends PageQueryDto {}

export class ClientIdDto {
  @IsUUID()
  id: string;
}
