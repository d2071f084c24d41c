import { OptionalDateField } from '../common/date-fields.js';

/** GET /api/dashboard/stats (SPEC §3 Dashboard stats). Money: strings with 2 decimals. */
export interface DashboardStatsDto {
  totalOrders: number;
  pendingOrders: number;
  /** The totals of orders that are not cancelled. */
  totalRevenue: string;
  /** This calendar month's revenue against last month's, in %, one decimal; null when last month had none. */
  revenueChange: number | null;
  totalClients: number;
  /** From inventory: items at or below their low-stock threshold. */
  lowStockItems: number;
}

/** The orders service's part of the dashboard (the gateway adds lowStockItems from inventory). */
export type OrderStatsDto = Omit<DashboardStatsDto, 'lowStockItems'>;

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

export interface SalesDayDto {
  date: string;
  orders: number;
  revenue: string;
}

/** GET /api/analytics: orders that are not cancelled, by the business day they were placed. */
export interface AnalyticsDto {
  from: string | null;
  to: string;
  totalRevenue: string;
  totalOrders: number;
  /** (revenue − cost) / revenue × 100 over the lines whose cost is known, one decimal; null when none. */
  profitMargin: number | null;
  topClients: TopClientDto[];
  topProducts: TopProductDto[];
  salesByDay: SalesDayDto[];
}

/** GET /api/analytics query: both optional and inclusive, YYYY-MM-DD; `from` after `to` is refused. */
export class AnalyticsQueryDto {
  @OptionalDateField('from')
  from?: string;

  @OptionalDateField('to')
  to?: string;
}
