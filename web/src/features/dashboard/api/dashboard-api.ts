import { api } from '../../../lib/api';

/*
 * GET /api/dashboard/stats as docs/api/orders-clients-analytics.md agrees it. Declared here
 * until libs/contracts exports it; move to `import type` from '@erp/contracts' then.
 */
export interface DashboardStatsDto {
  totalOrders: number;
  pendingOrders: number;
  /** Money: a decimal string with 2 decimals ("845210.75"), orders that are not cancelled. */
  totalRevenue: string;
  /** This calendar month's revenue against last month's, in %, one decimal; null when last month had none. */
  revenueChange: number | null;
  totalClients: number;
  lowStockItems: number;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Needs analytics:read; callers skip it for users without. */
    getDashboardStats: build.query<DashboardStatsDto, void>({
      query: () => '/api/dashboard/stats',
      providesTags: ['DashboardStats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
