import { CreateStock1795400000000 } from './1795400000000-create-stock.js';
import { CreateReceipts1795500000000 } from './1795500000000-create-receipts.js';
import { CreateReorderSuggestions1795600000000 } from './1795600000000-create-reorder-suggestions.js';
import { StockSearchKey1795700000000 } from './1795700000000-stock-search-key.js';

/** Migrations of the inventory schema, in order. Each feature adds its own; never edit a landed one. */
export const inventoryMigrations = [
  CreateStock1795400000000,
  CreateReceipts1795500000000,
  CreateReorderSuggestions1795600000000,
  StockSearchKey1795700000000,
];
