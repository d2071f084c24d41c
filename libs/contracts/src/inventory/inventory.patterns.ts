import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the inventory service: 'inventory.<verb-noun>'. Values are never renamed. */
export const InventoryPatterns = {
  Health: healthPattern(ServiceName.Inventory),
  CreateStockItem: 'inventory.create-stock-item',
  ListStockItems: 'inventory.list-stock-items',
  GetStockItem: 'inventory.get-stock-item',
  ListStockMovements: 'inventory.list-stock-movements',
  UpdateStockItem: 'inventory.update-stock-item',
  DeleteStockItem: 'inventory.delete-stock-item',
  GetItems: 'inventory.get-items',
  ListProducts: 'inventory.list-products',
  CountLowStock: 'inventory.count-low-stock',
  ListExpiring: 'inventory.list-expiring',
  TakeStock: 'inventory.take-stock',
  PutBackStock: 'inventory.put-back-stock',
  SyncOrderStock: 'inventory.sync-order-stock',
  ReturnOrderStock: 'inventory.return-order-stock',
  ApplyReceipt: 'inventory.apply-receipt',
  ListReorderSuggestions: 'inventory.list-reorder-suggestions',
  GenerateReorderSuggestions: 'inventory.generate-reorder-suggestions',
  DecideReorderSuggestion: 'inventory.decide-reorder-suggestion',
  GetPurchaseOrder: 'inventory.get-purchase-order',
  ListSuppliers: 'inventory.list-suppliers',
  ListPriceLists: 'inventory.list-price-lists',
  GetPriceList: 'inventory.get-price-list',
  CreatePriceList: 'inventory.create-price-list',
  UpdatePriceList: 'inventory.update-price-list',
  DeletePriceList: 'inventory.delete-price-list',
  ListPrices: 'inventory.list-prices',
} as const;
