import type { StockItemDto, StockSortField } from '@erp/contracts';
import { useServerList } from '../../../lib/use-server-list';
import { useGetStockItemsQuery } from '../api/stock-api';

export { SEARCH_DEBOUNCE_MS } from '../../../lib/use-server-list';

/** The Current Inventory list: a search the server runs (debounced), sortable columns, server-side pages. */
export function useInventory() {
  const list = useServerList<StockItemDto, StockSortField, Record<string, never>>(useGetStockItemsQuery, {});
  return { ...list, items: list.rows };
}

export type Inventory = ReturnType<typeof useInventory>;
