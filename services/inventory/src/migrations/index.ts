import { CreateStock1795400000000 } from './1795400000000-create-stock.js';
import { CreateReceipts1795500000000 } from './1795500000000-create-receipts.js';
import { CreateReorderSuggestions1795600000000 } from './1795600000000-create-reorder-suggestions.js';
import { StockSearchKey1795700000000 } from './1795700000000-stock-search-key.js';
import { PacksAndPriceLists1796200000000 } from './1796200000000-packs-and-price-lists.js';
import { GoodsReturns1796400000000 } from './1796400000000-goods-returns.js';
import { Outbox1796500000000 } from './1796500000000-outbox.js';
import { IdempotentRequests1796600000000 } from './1796600000000-idempotent-requests.js';
import { StockMovementsIndex1796700000000 } from './1796700000000-stock-movements-index.js';
import { PurchaseOrders1797200000000 } from './1797200000000-purchase-orders.js';
import { CatalogueVersion1797300000000 } from './1797300000000-catalogue-version.js';

/** Migrations of the inventory schema, in order. Each feature adds its own; never edit a landed one. */
export const inventoryMigrations = [
  CreateStock1795400000000,
  CreateReceipts1795500000000,
  CreateReorderSuggestions1795600000000,
  StockSearchKey1795700000000,
  PacksAndPriceLists1796200000000,
  GoodsReturns1796400000000,
  Outbox1796500000000,
  IdempotentRequests1796600000000,
  StockMovementsIndex1796700000000,
  PurchaseOrders1797200000000,
  CatalogueVersion1797300000000,
];
