import { ServiceConfig } from '@erp/common';
import { IsInt, IsTimeZone, Max, Min } from 'class-validator';

/** Environment of the orders service (see .env.example). */
export class OrdersConfig extends ServiceConfig {
  /** IANA time zone whose calendar numbers orders by year and groups reports by day. */
  @IsTimeZone() BUSINESS_TIME_ZONE: string = 'Asia/Riyadh';
  /** How long a call to inventory or identity is waited for; below the gateway's RPC_TIMEOUT_MS. */
  @IsInt() @Min(100) @Max(60_000) ORDERS_CALL_TIMEOUT_MS: number = 5_000;
}
