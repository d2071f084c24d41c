import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { phonePattern, Trim } from '../common/transforms.js';

/** POST /api/demo-requests (SPEC §5: fullName, email, phone, company required; message optional). */
export class CreateDemoRequestDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  fullName: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @IsEmail()
  @MaxLength(254)
  email: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @Matches(phonePattern, { message: 'phone must be a phone number' })
  phone: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(160)
  company: string;

  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  message?: string;
}

export interface DemoRequestDto {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  message: string | null;
  createdAt: string;
}
