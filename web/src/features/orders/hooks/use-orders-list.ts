import type { OrderSortField, OrderStatus } from '@erp/contracts';
import { useState } from 'react';
import { useServerList } from '../../../lib/use-server-list';
import type { OrderDto } from '../api/orders-api';
import { useGetOrdersQuery } from '../api/orders-api';

export { SEARCH_DEBOUNCE_MS } from '../../../lib/use-server-list';

/** The list's filters on screen: a status and the orders' business days, from and to (yyyy-mm-dd). */
export interface OrderFilters {
  status: OrderStatus | '';
  from: string;
  to: string;
}

const noFilters: OrderFilters = { status: '', from: '', to: '' };

/**
 * Recent Orders: a search the server runs (order number or client, debounced), a status and a
 * date range, the order a column header chose, server-side pages. With `clientId`, that client's
 * orders only.
 */
export function useOrdersList({ clientId }: { clientId?: string } = {}) {
  const [filters, setFilters] = useState<OrderFilters>(noFilters);
  const sent = {
    clientId,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const list = useServerList<OrderDto, OrderSortField, typeof sent>(useGetOrdersQuery, sent);
  const filtered = Boolean(filters.status || filters.from || filters.to);
  return {
    ...list,
    orders: list.rows,
    filters,
    setFilter: <K extends keyof OrderFilters>(name: K, value: OrderFilters[K]) =>
      setFilters((current) => ({ ...current, [name]: value })),
    clearFilters: () => setFilters(noFilters),
    filtered,
    // Nothing at all only when nothing narrows the list either.
    isEmpty: list.isEmpty && !filtered,
  };
}

export type OrdersList = ReturnType<typeof useOrdersList>;
