import { CreateOrders1795800000000 } from './1795800000000-create-orders.js';
import { CreateOrderRequests1795850000000 } from './1795850000000-create-order-requests.js';
import { AnalyticsRollups1795900000000 } from './1795900000000-analytics-rollups.js';
import { IntakeFileUrls1796000000000 } from './1796000000000-intake-file-urls.js';
import { UnitsAndPriceLists1796200000000 } from './1796200000000-units-and-price-lists.js';
import { CommitCyclesAndClientCredit1796300000000 } from './1796300000000-commit-cycles-and-client-credit.js';
import { CreditLimitOverrides1796400000000 } from './1796400000000-credit-limit-overrides.js';
import { OrderReturns1796450000000 } from './1796450000000-order-returns.js';
import { Outbox1796500000000 } from './1796500000000-outbox.js';
import { IdempotentRequests1796600000000 } from './1796600000000-idempotent-requests.js';
import { ClientTaxDetails1796900000000 } from './1796900000000-client-tax-details.js';
import { ClientWhatsapp1797000000000 } from './1797000000000-client-whatsapp.js';

/** Migrations of the orders schema, in order. Each feature adds its own; never edit a landed one. */
export const ordersMigrations = [
  CreateOrders1795800000000,
  CreateOrderRequests1795850000000,
  AnalyticsRollups1795900000000,
  IntakeFileUrls1796000000000,
  UnitsAndPriceLists1796200000000,
  CommitCyclesAndClientCredit1796300000000,
  CreditLimitOverrides1796400000000,
  OrderReturns1796450000000,
  Outbox1796500000000,
  IdempotentRequests1796600000000,
  ClientTaxDetails1796900000000,
  ClientWhatsapp1797000000000,
];
