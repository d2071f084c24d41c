import { existsSync } from 'node:fs';
import { ServiceConfig } from '@erp/common';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsTimeZone, IsUrl, Max, Min } from 'class-validator';

/** Environment of the billing service (see .env.example). */
export class BillingConfig extends ServiceConfig {
  /** IANA time zone of the business calendar: invoice years and the issue date printed on a PDF. */
  @IsTimeZone() BUSINESS_TIME_ZONE: string = 'Asia/Riyadh';
  /** Files: logos under <ERP_DATA_DIR>/uploads, rendered PDFs under <ERP_DATA_DIR>/invoices. */
  @IsString() ERP_DATA_DIR: string = './.data';
  /** How long a call to orders or identity is waited for; below the gateway's RPC_TIMEOUT_MS. */
  @IsInt() @Min(100) @Max(60_000) BILLING_CALL_TIMEOUT_MS: number = 5_000;
  /**
   * Chromium that renders invoice PDFs. Debian's chromium-headless-shell when installed: it runs in
   * Chromium's old headless mode, several times faster for PDFs (docs/benchmarks.md); else chromium.
   */
  @IsString() @IsNotEmpty() CHROMIUM_PATH: string = defaultChromium();
  /** Warm Chromium pages rendering PDFs in parallel (about one per CPU core). */
  @IsInt() @Min(1) @Max(32) PDF_PAGES: number = 2;
  /** The local Fatoora simulator (`npm start` runs it), for the ZATCA environment `simulator`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) ZATCA_SIMULATOR_URL: string = 'http://127.0.0.1:4010';
  /**
   * Key (32 bytes, base64) that encrypts the EGS unit's private key and CSID secrets at rest;
   * when unset, one is made on first use in <ERP_DATA_DIR>/zatca-secret.key (docs/zatca.md).
   */
  @IsOptional() @IsString() ZATCA_SECRET_KEY?: string;
  /** How long a call to ZATCA is waited for before it counts as unanswered (and is sent again later). */
  @IsInt() @Min(1_000) @Max(120_000) ZATCA_TIMEOUT_MS: number = 15_000;
  /** How often documents still pending with ZATCA (after a long outage) are sent again. */
  @IsInt() @Min(1_000) @Max(3_600_000) ZATCA_SWEEP_MS: number = 300_000;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function defaultChromium(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
