import {
  AnalyticsQueryDto,
  InventoryClient,
  OrdersClient,
  Permission,
  type AnalyticsDto,
  type DashboardStatsDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { RequirePermission } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/**
 * Dashboard and Analytics (SPEC §3, docs/api/orders-clients-analytics.md). The orders service
 * checks the period (from after to, including the default to of today in the business time
 * zone, is 400 VALIDATION_FAILED) and computes the figures from its rollups.
 */
@Controller()
export class AnalyticsController {
  constructor(
    private readonly orders: OrdersClient,
    private readonly inventory: InventoryClient,
  ) {}

  @RequirePermission(Permission.AnalyticsRead)
  @Get('dashboard/stats')
  async dashboardStats(@RequestMeta() meta: RpcMeta): Promise<DashboardStatsDto> {
    const [stats, lowStockItems] = await Promise.all([
      this.orders.getOrderStats(meta),
      this.inventory.countLowStock(meta),
    ]);
    return { ...stats, lowStockItems };
  }

  @RequirePermission(Permission.AnalyticsRead)
  @Get('analytics')
  analytics(@Query() query: AnalyticsQueryDto, @RequestMeta() meta: RpcMeta): Promise<AnalyticsDto> {
    return this.orders.getAnalytics(query, meta);
  }
}
