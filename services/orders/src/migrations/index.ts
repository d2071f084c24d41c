import { CreateOrders1795800000000 } from './1795800000000-create-orders.js';
import { CreateOrderRequests1795850000000 } from './1795850000000-create-order-requests.js';
import { AnalyticsRollups1795900000000 } from './1795900000000-analytics-rollups.js';
import { IntakeFileUrls1796000000000 } from './1796000000000-intake-file-urls.js';

/** Migrations of the orders schema, in order. Each feature adds its own; never edit a landed one. */
export const ordersMigrations = [
  CreateOrders1795800000000,
  CreateOrderRequests1795850000000,
  AnalyticsRollups1795900000000,
  IntakeFileUrls1796000000000,
];
