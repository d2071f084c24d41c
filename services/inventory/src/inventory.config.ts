import { ServiceConfig } from '@erp/common';
import { IsInt, IsString, IsTimeZone, Matches, Max, Min } from 'class-validator';

/** Environment of the inventory service (see .env.example). */
export class InventoryConfig extends ServiceConfig {
  /** IANA time zone whose calendar decides when a batch has expired. */
  @IsTimeZone() BUSINESS_TIME_ZONE: string = 'Asia/Riyadh';
  /** Days between ordering from a supplier and receiving the goods (docs/decisions/0007). */
  @IsInt() @Min(1) @Max(365) REORDER_LEAD_TIME_DAYS: number = 7;
  /** Days of sales a reorder should cover beyond the lead time. */
  @IsInt() @Min(1) @Max(365) REORDER_COVERAGE_DAYS: number = 30;
  /** When the daily run happens, a cron pattern in BUSINESS_TIME_ZONE. */
  @IsString()
  @Matches(/^\S+( \S+){4,5}$/, { message: '$property must be a cron pattern (5 or 6 fields)' })
  REORDER_DAILY_CRON: string = '0 3 * * *';
  /** How long an on-demand run is waited for before answering 503; below the gateway's RPC_TIMEOUT_MS. */
  @IsInt() @Min(100) @Max(600_000) REORDER_WAIT_TIMEOUT_MS: number = 8_000;
}
