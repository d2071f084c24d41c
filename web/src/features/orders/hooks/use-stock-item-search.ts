import type { StockItemDto } from '@erp/contracts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLookupStockItemsQuery } from '../api/order-lookups-api';
import { SEARCH_DEBOUNCE_MS } from './use-orders-list';

export interface StockItemSearch {
  /** The matches of what is typed now; empty while they load. */
  options: StockItemDto[];
  loading: boolean;
}

/**
 * The stock-item picker's server search (name, Arabic name or SKU; debounced), asked only
 * while the picker is open and the user may read stock. Never the previous search's matches
 * while the next one loads.
 */
export function useStockItemSearch(
  text: string,
  { enabled, open }: { enabled: boolean; open: boolean },
): StockItemSearch {
  const typed = text.trim();
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const lookup = useLookupStockItemsQuery(search, { skip: !enabled || !open });
  const settled = search === typed && !lookup.isFetching;
  return { options: settled ? (lookup.currentData ?? []) : [], loading: !settled };
}
