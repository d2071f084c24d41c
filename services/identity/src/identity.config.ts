import { ServiceConfig, ToBoolean } from '@erp/common';
import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';

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

  /**
   * Webhooks (docs/decisions/0010-webhooks.md). Off: https to public addresses only. On: also
   * http, and only to this machine (localhost, 127.0.0.0/8, ::1): local receivers and tests.
   */
  @ToBoolean() @IsBoolean() WEBHOOK_ALLOW_HTTP: boolean = false;
  /** Attempts of one delivery before it stays failed. */
  @IsInt() @Min(1) @Max(25) WEBHOOK_ATTEMPTS: number = 8;
  /** First retry after this many ms, then twice as long each time (8 attempts: about 4 minutes in all). */
  @IsInt() @Min(10) @Max(3_600_000) WEBHOOK_BACKOFF_MS: number = 30_000;
  /** How long one attempt may take, connect to last byte, in ms. */
  @IsInt() @Min(100) @Max(60_000) WEBHOOK_TIMEOUT_MS: number = 10_000;
  /** Deliveries older than this many days leave the log. */
  @IsInt() @Min(1) @Max(3650) WEBHOOK_LOG_RETENTION_DAYS: number = 30;
}
