import type { StockItemDto } from '@erp/contracts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetStockItemsQuery } from '../api/stock-api';
import { SEARCH_DEBOUNCE_MS } from './use-inventory';

/** How many matches a picker shows (SPEC §9: select lists at most 300 px high). */
export const LOOKUP_LIMIT = 20;

export interface StockItemLookup {
  /** The matches of what is typed now; empty while they load. */
  options: StockItemDto[];
  loading: boolean;
  failed: boolean;
}

/**
 * The stock-item picker's server search (name, Arabic name or SKU; debounced), asked only
 * while the picker is open. Never the previous search's matches while the next one loads.
 */
export function useStockItemLookup(text: string, open: boolean): StockItemLookup {
  const typed = text.trim();
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const lookup = useGetStockItemsQuery(
    { search: search || undefined, limit: LOOKUP_LIMIT, offset: 0 },
    { skip: !open },
  );
  const settled = search === typed && !lookup.isFetching;
  return {
    options: settled ? (lookup.currentData?.items ?? []) : [],
    loading: open && !settled,
    failed: settled && lookup.isError,
  };
}

/**
 * The details of an item the reader matched (it gives only its id, SKU and names): found by
 * its SKU, so the line can show the item's names, stock and unit. Null until known.
 */
export function useMatchedItemDetails(id: string | null, sku: string | null): StockItemDto | null {
  const lookup = useGetStockItemsQuery({ search: sku ?? undefined, limit: 5, offset: 0 }, { skip: !id || !sku });
  return lookup.currentData?.items.find((item) => item.id === id) ?? null;
}
