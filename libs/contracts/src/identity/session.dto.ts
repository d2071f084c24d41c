import { IsIP, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LoginDto, type UserDto } from './user.dto.js';

/** identity.login: the credentials and where they came from (for the per-IP limit). */
export class LoginRequestDto extends LoginDto {
  @IsOptional()
  @IsIP()
  ip?: string;
}

export interface LoginResultDto {
  user: UserDto;
  sessionId: string;
}

export class SessionIdDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  sessionId: string;
}

/** A session is only good while its user exists and is approved; else `user` is null. */
export interface ResolvedSessionDto {
  user: UserDto | null;
  /** The user's change stamp as read before the user was (identityRedisKeys.userStamp; null before any change). */
  userStamp: string | null;
}

export class IdDto {
  @IsUUID()
  id: string;
}
