import { ProcessConfig } from '@erp/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsTimeZone, Max, Min, MinLength, ValidateBy } from 'class-validator';
import { isTrustProxy, parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** Environment of the gateway (see .env.example). */
export class GatewayConfig extends ProcessConfig {
  @IsInt() @Min(0) @Max(65535) PORT: number = 8080;
  @IsString() HOST: string = '0.0.0.0';
  /** IANA time zone of the business calendar: the dates and times written in exported lists. */
  @IsTimeZone() BUSINESS_TIME_ZONE: string = 'Asia/Riyadh';
  /** Largest request body accepted, in bytes: uploads are base64 data URLs of up to 10 MB. */
  @IsInt() @Min(1024) @Max(64 * 1024 * 1024) BODY_LIMIT_BYTES: number = 15 * 1024 * 1024;
  /** How long the gateway waits for a service before answering 503. */
  @IsInt() @Min(100) @Max(120_000) RPC_TIMEOUT_MS: number = 10_000;
  /** The built SPA; served with fallback to index.html when present. */
  @IsOptional() @IsString() WEB_DIST_DIR?: string;
  /** Signs the session cookie's JWT: at least 32 random characters; `npm start` makes one under ERP_DATA_DIR. */
  @IsString() @MinLength(32) SESSION_SECRET: string;
  /** How long a session lasts, in seconds (default 7 days); keep equal to the identity service's. */
  @IsInt() @Min(60) @Max(90 * 24 * 3600) SESSION_TTL_SECONDS: number = 7 * 24 * 3600;
  /** Uploaded files (logos) are served from <ERP_DATA_DIR>/uploads at /uploads. */
  @IsString() ERP_DATA_DIR: string = './.data';
  /** Requests a minute each partner API key may make (CONTRACT §7). */
  @IsInt() @Min(1) @Max(1_000_000) API_RATE_LIMIT_PER_MINUTE: number = 600;
  /** CONTRACT §14: /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it is not served (404). */
  @IsOptional() @IsString() @MinLength(16) METRICS_TOKEN?: string;
  /** CONTRACT §14: registrations and demo requests from one client address in 10 minutes. */
  @IsInt() @Min(1) @Max(1_000_000) PUBLIC_WRITES_PER_IP: number = 30;
  /** How long an Idempotency-Key of POST /api/v1/orders is remembered, in seconds (24 h). */
  @IsInt() @Min(60) @Max(30 * 24 * 3600) IDEMPOTENCY_TTL_SECONDS: number = 24 * 3600;
  /** AI intake (docs/api/ai-intake.md): how long a call waits for its ai-parse job before answering 503 AI_TIMEOUT. */
  @IsInt() @Min(1_000) @Max(600_000) AI_WAIT_TIMEOUT_MS: number = 60_000;
  /**
   * Behind reverse proxies (docs/deploy.md): how many are in front (`1`; `true` means 1), or their
   * addresses/ranges (`10.0.0.2,10.1.0.0/16`); only those hops' X-Forwarded-* are believed.
   */
  @Transform(({ obj }: { obj: Record<string, unknown> }) => parseTrustProxy(obj.TRUST_PROXY))
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: isTrustProxy,
      defaultMessage: () =>
        'TRUST_PROXY must be false, a number of proxies (1–10) or a comma-separated list of proxy addresses or CIDR ranges',
    },
  })
  TRUST_PROXY: TrustProxy = false;
}
