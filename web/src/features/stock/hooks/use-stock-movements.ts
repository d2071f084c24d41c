import type { StockMovementDto, StockMovementReason } from '@erp/contracts';
import { useServerList } from '../../../lib/use-server-list';
import { useGetStockMovementsQuery } from '../api/stock-api';

/** The Movements tab's list: the ledger, one item's or all of it, narrowed by reason and search, in pages. */
export function useStockMovements(filters: { stockItemId?: string; reason?: StockMovementReason }) {
  return useServerList<StockMovementDto, never, typeof filters>(useGetStockMovementsQuery, filters);
}
