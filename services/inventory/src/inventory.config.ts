import { ServiceConfig } from '@erp/common';
import { IsTimeZone } from 'class-validator';

/** Environment of the inventory service (see .env.example). */
export class InventoryConfig extends ServiceConfig {
  /** IANA time zone whose calendar decides when a batch has expired. */
  @IsTimeZone() BUSINESS_TIME_ZONE: string = 'Asia/Riyadh';
}
