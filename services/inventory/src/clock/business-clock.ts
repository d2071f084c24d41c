import { businessDate } from '@erp/common';
import { Inject, Injectable } from '@nestjs/common';
import { InventoryConfig } from '../inventory.config.js';

/**
 * "Today" for expiry, in the business's time zone (BUSINESS_TIME_ZONE): a batch can be sold
 * through its expiry date and is expired from the day after.
 */
@Injectable()
export class BusinessClock {
  constructor(@Inject(InventoryConfig) private readonly config: InventoryConfig) {}

  today(): string {
    return businessDate(this.config.BUSINESS_TIME_ZONE);
  }
}
