import { AnalyticsQueryDto, OrdersPatterns, type AnalyticsDto, type OrderStatsDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AnalyticsService } from './analytics.service.js';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @MessagePattern(OrdersPatterns.GetOrderStats)
  orderStats(): Promise<OrderStatsDto> {
    return this.analytics.orderStats();
  }

  @MessagePattern(OrdersPatterns.GetAnalytics)
  report(@Payload('data') query: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.analytics.report(query);
  }
}
