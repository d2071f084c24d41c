import type { OrderSortField } from '@erp/contracts';
import { useServerList } from '../../../lib/use-server-list';
import type { OrderDto } from '../api/orders-api';
import { useGetOrdersQuery } from '../api/orders-api';

export { SEARCH_DEBOUNCE_MS } from '../../../lib/use-server-list';

/**
 * Recent Orders: a search the server runs (order number or client, debounced), the order a column
 * header chose, server-side pages. With `clientId`, that client's orders only.
 */
export function useOrdersList({ clientId }: { clientId?: string } = {}) {
  const list = useServerList<OrderDto, OrderSortField, { clientId?: string }>(useGetOrdersQuery, { clientId });
  return { ...list, orders: list.rows };
}

export type OrdersList = ReturnType<typeof useOrdersList>;
