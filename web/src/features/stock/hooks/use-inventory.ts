import type { StockItemDto, StockSortField, StockStatus } from '@erp/contracts';
import { useState } from 'react';
import { useServerList } from '../../../lib/use-server-list';
import { useGetStockItemsQuery } from '../api/stock-api';

export { SEARCH_DEBOUNCE_MS } from '../../../lib/use-server-list';

/**
 * The Current Inventory list: a search the server runs (debounced), low stock only or every item,
 * sortable columns, server-side pages.
 */
export function useInventory() {
  const [status, setStatus] = useState<StockStatus | ''>('');
  const list = useServerList<StockItemDto, StockSortField, { status?: StockStatus }>(useGetStockItemsQuery, {
    status: status || undefined,
  });
  return { ...list, items: list.rows, status, setStatus, isEmpty: list.isEmpty && !status };
}

export type Inventory = ReturnType<typeof useInventory>;
