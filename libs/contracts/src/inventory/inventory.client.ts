import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import type { ListProductsDto, ProductDto, ProductPageDto, SerializedProductPageDto } from '../v1/products.dto.js';
import type { ExpiringBatchDto } from './expiring.dto.js';
import { InventoryPatterns } from './inventory.patterns.js';
import type { ListStockMovementsDto, StockMovementPageDto } from './stock-movement.dto.js';
import type {
  CreateStockItemRequestDto,
  ListStockItemsDto,
  StockItemDto,
  StockItemPageDto,
  UpdateStockItemDto,
} from './stock-item.dto.js';
import type { CreatePriceListDto, ListPricesResultDto, PriceListDto, UpdatePriceListDto } from './price-list.dto.js';
import type { PurchaseOrderDto, SupplierDto } from './purchase-order.dto.js';
import type { ApplyReceiptDto, ReceiptResultDto } from './receipt.dto.js';
import type {
  DecideReorderSuggestionDto,
  GenerateReorderSuggestionsResultDto,
  ReorderSuggestionDto,
  ReorderSuggestionEntryDto,
} from './reorder-suggestion.dto.js';
import type {
  PutBackStockDto,
  ReturnOrderStockDto,
  StockMoveResultDto,
  SyncOrderStockDto,
  SyncOrderStockResultDto,
  TakeStockDto,
} from './stock-move.dto.js';

/** Typed RPC client of the inventory service. Calls made for a user carry their id in `meta.userId`. */
export class InventoryClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Inventory, proxy, timeoutMs);
  }

  /** A new item; with `idempotency`, exactly once per key. */
  createStockItem(dto: CreateStockItemRequestDto, meta: RpcMeta): Promise<StockItemDto> {
    return this.send(InventoryPatterns.CreateStockItem, dto, meta);
  }

  listStockMovements(query: ListStockMovementsDto, meta: RpcMeta): Promise<StockMovementPageDto> {
    return this.send(InventoryPatterns.ListStockMovements, query, meta);
  }

  listStockItems(query: ListStockItemsDto, meta: RpcMeta): Promise<StockItemPageDto> {
    return this.send(InventoryPatterns.ListStockItems, query, meta);
  }

  getStockItem(id: string, meta: RpcMeta): Promise<StockItemDto> {
    return this.send(InventoryPatterns.GetStockItem, { id }, meta);
  }

  updateStockItem(id: string, changes: UpdateStockItemDto, meta: RpcMeta): Promise<StockItemDto> {
    return this.send(InventoryPatterns.UpdateStockItem, { ...changes, id }, meta);
  }

  deleteStockItem(id: string, meta: RpcMeta): Promise<void> {
    return this.send(InventoryPatterns.DeleteStockItem, { id }, meta);
  }

  /** The items with these ids, for unit costs and names; unknown ids are left out. */
  getItems(ids: string[], meta: RpcMeta): Promise<StockItemDto[]> {
    return this.send(InventoryPatterns.GetItems, { ids }, meta);
  }

  /** The partner API's products: a page and whether another follows. */
  async listProducts(query: ListProductsDto, meta: RpcMeta): Promise<ProductPageDto> {
    const page = await this.listSerializedProducts(query, meta);
    return { items: JSON.parse(page.items) as ProductDto[], hasMore: page.hasMore, total: page.total };
  }

  /** The same page with its items still in JSON, for an answer that passes them on as they are. */
  listSerializedProducts(query: ListProductsDto, meta: RpcMeta): Promise<SerializedProductPageDto> {
    return this.send(InventoryPatterns.ListProducts, query, meta);
  }

  /** How many items are at or below their low-stock threshold. */
  countLowStock(meta: RpcMeta): Promise<number> {
    return this.send(InventoryPatterns.CountLowStock, {}, meta);
  }

  listExpiring(days: number, meta: RpcMeta): Promise<ExpiringBatchDto[]> {
    return this.send(InventoryPatterns.ListExpiring, { days }, meta);
  }

  takeStock(dto: TakeStockDto, meta: RpcMeta): Promise<StockMoveResultDto> {
    return this.send(InventoryPatterns.TakeStock, dto, meta);
  }

  putBackStock(dto: PutBackStockDto, meta: RpcMeta): Promise<StockMoveResultDto> {
    return this.send(InventoryPatterns.PutBackStock, dto, meta);
  }

  /** Makes the order hold its stock or not, whatever happened before (idempotent, per order). */
  syncOrderStock(dto: SyncOrderStockDto, meta: RpcMeta): Promise<SyncOrderStockResultDto> {
    return this.send(InventoryPatterns.SyncOrderStock, dto, meta);
  }

  /** Goods of a committed order come back: restocked into their batches or written off, once per returnId. */
  returnOrderStock(dto: ReturnOrderStockDto, meta: RpcMeta): Promise<StockMoveResultDto> {
    return this.send(InventoryPatterns.ReturnOrderStock, dto, meta);
  }

  /** A goods receipt, exactly once per receiptId. */
  applyReceipt(dto: ApplyReceiptDto, meta: RpcMeta): Promise<ReceiptResultDto> {
    return this.send(InventoryPatterns.ApplyReceipt, dto, meta);
  }

  /** Pending suggestions, most urgent first. */
  listReorderSuggestions(meta: RpcMeta): Promise<ReorderSuggestionEntryDto[]> {
    return this.send(InventoryPatterns.ListReorderSuggestions, {}, meta);
  }

  /** Runs the reorder-generate job and waits for it (503 when it does not finish in time). */
  generateReorderSuggestions(meta: RpcMeta): Promise<GenerateReorderSuggestionsResultDto> {
    return this.send(InventoryPatterns.GenerateReorderSuggestions, {}, meta);
  }

  decideReorderSuggestion(id: string, dto: DecideReorderSuggestionDto, meta: RpcMeta): Promise<ReorderSuggestionDto> {
    return this.send(InventoryPatterns.DecideReorderSuggestion, { ...dto, id }, meta);
  }

  getPurchaseOrder(id: string, meta: RpcMeta): Promise<PurchaseOrderDto> {
    return this.send(InventoryPatterns.GetPurchaseOrder, { id }, meta);
  }

  /** Every supplier, by name. */
  listSuppliers(meta: RpcMeta): Promise<SupplierDto[]> {
    return this.send(InventoryPatterns.ListSuppliers, {}, meta);
  }

  listPriceLists(meta: RpcMeta): Promise<PriceListDto[]> {
    return this.send(InventoryPatterns.ListPriceLists, {}, meta);
  }

  getPriceList(id: string, meta: RpcMeta): Promise<PriceListDto> {
    return this.send(InventoryPatterns.GetPriceList, { id }, meta);
  }

  createPriceList(dto: CreatePriceListDto, meta: RpcMeta): Promise<PriceListDto> {
    return this.send(InventoryPatterns.CreatePriceList, dto, meta);
  }

  updatePriceList(id: string, changes: UpdatePriceListDto, meta: RpcMeta): Promise<PriceListDto> {
    return this.send(InventoryPatterns.UpdatePriceList, { ...changes, id }, meta);
  }

  deletePriceList(id: string, meta: RpcMeta): Promise<void> {
    return this.send(InventoryPatterns.DeletePriceList, { id }, meta);
  }

  /** What a list says for these items, in every unit it prices them (404 for an unknown list). */
  listPrices(priceListId: string, stockItemIds: string[], meta: RpcMeta): Promise<ListPricesResultDto> {
    return this.send(InventoryPatterns.ListPrices, { priceListId, stockItemIds }, meta);
  }
}
