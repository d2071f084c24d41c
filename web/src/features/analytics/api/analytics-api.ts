import { api } from '../../../lib/api';

/*
 * GET /api/analytics as docs/api/orders-clients-analytics.md agrees it. Declared here until
 * libs/contracts exports it; move to `import type` from '@erp/contracts' then. Money is a
 * decimal string with 2 decimals; `date`, `from` and `to` are "YYYY-MM-DD" in the business
 * time zone.
 */
export interface TopClientDto {
  clientId: string | null;
  name: string;
  orders: number;
  revenue: string;
}

export interface TopProductDto {
  stockItemId: string | null;
  name: string;
  nameAr: string | null;
  quantity: number;
  revenue: string;
}

export interface DailySalesDto {
  date: string;
  orders: number;
  revenue: string;
}

export interface AnalyticsDto {
  from: string | null;
  to: string | null;
  totalRevenue: string;
  totalOrders: number;
  /** (revenue − cost) / revenue × 100, one decimal, over lines with a known cost; null when none. */
  profitMargin: number | null;
  topClients: TopClientDto[];
  topProducts: TopProductDto[];
  /** Only the days that had orders; the chart fills the gaps. */
  salesByDay: DailySalesDto[];
}

/** Both inclusive and optional: no `from` = since the first order, no `to` = today. */
export interface AnalyticsQuery {
  from?: string;
  to?: string;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Needs analytics:read; callers skip it for users without. */
    getAnalytics: build.query<AnalyticsDto, AnalyticsQuery>({
      query: ({ from, to }) => ({ url: '/api/analytics', params: { from, to } }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
