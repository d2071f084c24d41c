import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from './http-base-query';

/**
 * Cache tags of every feature, one per kind of thing; lists also use `{ type, id: 'LIST' }`
 * and single items `{ type, id }` (STYLE.md).
 */
export const tagTypes = [
  'CurrentUser',
  'User',
  'DemoRequest',
  'DashboardStats',
  'Order',
  'OrderItem',
  'Client',
  'StockItem',
  'PriceList',
  'ExpiringBatch',
  'ReorderSuggestion',
  'Supplier',
  'Invoice',
  'Analytics',
  'Settings',
  'ZatcaSettings',
  'WhatsappSettings',
  'InboxDraft',
  'ApiKey',
] as const;

export type TagType = (typeof tagTypes)[number];

/** `{ type, id }` for every item of a list, plus the list's own `{ type, id: 'LIST' }`. */
export function listTags<Type extends TagType>(
  type: Type,
  items: ReadonlyArray<{ id: string }> | undefined,
): Array<{ type: Type; id: string }> {
  return [...(items ?? []).map(({ id }) => ({ type, id })), { type, id: 'LIST' }];
}

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
