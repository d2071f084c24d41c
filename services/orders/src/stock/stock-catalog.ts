import { AppException, InventoryClient, InventoryErrorCode, type RpcMeta, type StockItemDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';

/** The stock items order lines link to, read from inventory (names, SKU, unit cost). */
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
      throw new AppException(
        InventoryErrorCode.StockItemNotFound,
        `Stock item not found: ${missing.join(', ')}`,
        { ids: missing },
        404,
      );
    }
    return found;
  }
}
