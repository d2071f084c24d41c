import { ProcessConfig, ToBoolean } from '@erp/common';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Environment of the gateway (see .env.example). */
export class GatewayConfig extends ProcessConfig {
  @IsInt() @Min(0) @Max(65535) PORT: number = 8080;
  @IsString() HOST: string = '0.0.0.0';
  /** Largest request body accepted, in bytes: uploads are base64 data URLs of up to 10 MB. */
  @IsInt() @Min(1024) @Max(64 * 1024 * 1024) BODY_LIMIT_BYTES: number = 15 * 1024 * 1024;
  /** How long the gateway waits for a service before answering 503. */
  @IsInt() @Min(100) @Max(120_000) RPC_TIMEOUT_MS: number = 10_000;
  /** The built SPA; served with fallback to index.html when present. */
  @IsOptional() @IsString() WEB_DIST_DIR?: string;
  /** Behind a reverse proxy: trust X-Forwarded-* (client IP, HTTPS). */
  @ToBoolean() @IsBoolean() TRUST_PROXY: boolean = false;
}
