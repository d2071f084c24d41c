import { AppException, InventoryClient, InventoryErrorCode, type RpcMeta, type StockItemDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { listPriceKey, type PriceBook } from '../orders/line-pricing.js';

/** A price book with the list it came from (null: the client has none, or it was deleted meanwhile). */
export interface ClientPriceBook extends PriceBook {
  priceList: { id: string; name: string } | null;
}

/** The stock items order lines link to, read from inventory (names, SKU, units and packs, costs), and their prices. */
@Injectable()
export class StockCatalog {
  constructor(private readonly inventory: InventoryClient) {}

  /** The items with these ids; 404 naming any that does not exist. */
  async find(ids: readonly string[], meta: RpcMeta): Promise<Map<string, StockItemDto>> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (unique.length === 0) return new Map();
    const found = new Map((await this.inventory.getItems(unique, meta)).map((item) => [item.id, item]));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppException(InventoryErrorCode.StockItemNotFound, `Stock item not found: ${missing.join(', ')}`, {
        ids: missing,
      });
    }
    return found;
  }

  /**
   * What lines of these items cost a client of this price list (CONTRACT §10): the items, and the
   * list's prices of them. A list that no longer exists prices as none.
   */
  async priceBook(ids: readonly string[], priceListId: string | null, meta: RpcMeta): Promise<ClientPriceBook> {
    const items = await this.find(ids, meta);
    if (!priceListId || items.size === 0) return { items, listPrices: new Map(), priceList: null };
    try {
      const listed = await this.inventory.listPrices(priceListId, [...items.keys()], meta);
      return {
        items,
        listPrices: new Map(listed.prices.map((price) => [listPriceKey(price.stockItemId, price.unit), price.price])),
        priceList: { id: listed.priceListId, name: listed.name },
      };
    } catch (error) {
      if (error instanceof AppException && error.code === InventoryErrorCode.PriceListNotFound) {
        return { items, listPrices: new Map(), priceList: null };
      }
      throw error;
    }
  }
}
