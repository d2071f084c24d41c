import { addDays, businessDate, quantityJson } from '@erp/common';
import { AppException, ErrorCode, type AnalyticsDto, type AnalyticsQueryDto, type OrderStatsDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrdersConfig } from '../orders.config.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { nextPeriod, periodStart, rollupPieces } from './rollup-periods.js';

/** A percentage from SQL (numeric text, one decimal) as a JSON number. */
function percent(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * The dashboard's order figures and the analytics screen (docs/api/orders-clients-analytics.md),
 * from the rollups (docs/decisions/0009). Days are business days in BUSINESS_TIME_ZONE; money is
 * summed and rounded by PostgreSQL's numeric, never in floating point.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly config: OrdersConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async orderStats(): Promise<OrderStatsDto> {
    const thisMonth = periodStart(businessDate(this.config.BUSINESS_TIME_ZONE), 'm');
    const lastMonth = periodStart(addDays(thisMonth, -1), 'm');
    const row = await this.analytics.orderStats({ lastMonth, thisMonth, nextMonth: nextPeriod(thisMonth, 'm') });
    return {
      totalOrders: row.total_orders,
      pendingOrders: row.pending_orders,
      totalRevenue: row.total_revenue,
      revenueChange: percent(row.revenue_change),
      totalClients: row.total_clients,
    };
  }

  /**
   * Orders not cancelled placed from..to (both inclusive): `from` defaults to the first order's
   * day, `to` to today. Every figure comes from one snapshot.
   */
  async report(query: AnalyticsQueryDto): Promise<AnalyticsDto> {
    const to = query.to ?? businessDate(this.config.BUSINESS_TIME_ZONE);
    if (query.from !== undefined && query.from > to) {
      const message = `from (${query.from}) must not be after to (${to})`;
      throw new AppException(ErrorCode.ValidationFailed, message, { fields: [{ field: 'from', messages: [message] }] });
    }
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // Each query reads a few thousand rollup rows: starting parallel workers would cost more than it saves.
      await manager.query('SET TRANSACTION READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0');
      const summary = await this.analytics.periodSummary(query.from ?? null, to, manager);
      const from = query.from ?? summary.first_day;
      const pieces =
        from !== null && summary.first_day !== null && summary.last_day !== null
          ? rollupPieces(from, to, summary.first_day, summary.last_day)
          : [];
      const clients = await this.analytics.topClients(pieces, manager);
      const products = await this.analytics.topProducts(pieces, manager);
      return {
        from,
        to,
        totalRevenue: summary.revenue,
        totalOrders: summary.orders,
        profitMargin: percent(summary.profit_margin),
        topClients: clients.map((row) => ({
          clientId: row.client_id,
          name: row.name,
          orders: row.orders,
          revenue: row.revenue,
        })),
        topProducts: products.map((row) => ({
          stockItemId: row.stock_item_id,
          name: row.name,
          nameAr: row.name_ar,
          quantity: quantityJson(row.quantity),
          revenue: row.revenue,
        })),
        salesByDay: summary.sales_by_day,
      };
    });
  }
}
