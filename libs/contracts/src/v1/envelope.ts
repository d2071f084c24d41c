/**
 * Every /api/v1 answer but the OpenAPI document (CONTRACT §3, §7). Lists carry `count` (the
 * entries in `data`) and `hasMore`; `total` only when `withTotal=true` was asked.
 */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  code?: string;
  details?: unknown;
  count?: number;
  hasMore?: boolean;
  total?: number;
}

export const V1_LIST_DEFAULT_LIMIT = 100;
export const V1_LIST_MAX_LIMIT = 1000;
