import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from './http-base-query';

/** Cache tags of every feature; each list also uses `{ type, id: 'LIST' }` (STYLE.md). */
export const tagTypes = [
  'CurrentUser',
  'Users',
  'DemoRequests',
  'DashboardStats',
  'Orders',
  'OrderItems',
  'Clients',
  'Stock',
  'ExpiringStock',
  'ReorderSuggestions',
  'Invoices',
  'Analytics',
  'Settings',
  'ApiKeys',
] as const;

/**
 * The one RTK Query API of the app. Features add endpoints with `api.injectEndpoints` in
 * `features/<feature>/api/`. Data never goes stale on its own (SPEC §7): no polling, no
 * refetch on focus or reconnect, unused data kept; mutations invalidate tags instead.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
