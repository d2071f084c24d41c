import { ServiceConfig } from '@erp/common';
import { IsEmail, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Environment of the identity service (see .env.example). */
export class IdentityConfig extends ServiceConfig {
  /** The owner created at the first start when there is none (CONTRACT §1). */
  @Matches(/^[A-Za-z0-9._-]{3,40}$/, { message: '$property must be 3–40 letters, digits, dots, dashes or underscores' })
  ERP_OWNER_USERNAME: string = 'owner';

  /** Unset: a random password is generated and printed once to the log. */
  @IsOptional() @IsString() @MinLength(8) @MaxLength(200) ERP_OWNER_PASSWORD?: string;

  @IsEmail() ERP_OWNER_EMAIL: string = 'owner@example.com';

  /** Files (logos) live under <ERP_DATA_DIR>/uploads, served by the gateway at /uploads. */
  @IsString() ERP_DATA_DIR: string = './.data';

  /** How long a session lasts, in seconds (default 7 days). */
  @IsInt() @Min(60) @Max(90 * 24 * 3600) SESSION_TTL_SECONDS: number = 7 * 24 * 3600;

  /** CONTRACT §1 sign-in limits: failures per username in 15 minutes, attempts per IP a minute. */
  @IsInt() @Min(1) @Max(1000) LOGIN_FAILURES_PER_USERNAME: number = 10;
  @IsInt() @Min(1) @Max(1_000_000) LOGIN_ATTEMPTS_PER_IP: number = 100;

  /** argon2id cost: memory in KiB and passes, chosen so one login costs 50–250 ms (docs/benchmarks.md). */
  @IsInt() @Min(8192) @Max(1024 * 1024) ARGON2_MEMORY_KIB: number = 47104;
  @IsInt() @Min(1) @Max(10) ARGON2_TIME_COST: number = 2;
}
