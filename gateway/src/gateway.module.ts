import { createLoggerModule, RedisModule } from '@erp/common';
import { Module, type DynamicModule } from '@nestjs/common';
import { GatewayConfig } from './config/gateway.config.js';
import { DemoRequestsController } from './demo-requests/demo-requests.controller.js';
import { HealthController } from './health/health.controller.js';
import { GatewayMetrics } from './metrics/metrics.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { ServiceClientsModule } from './services/service-clients.module.js';

/** The HTTP edge: authenticates, validates, maps errors and forwards to the services by RPC. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, metrics: GatewayMetrics): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        createLoggerModule('gateway', config.LOG_LEVEL),
        RedisModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
        ServiceClientsModule.forRoot(config),
      ],
      controllers: [HealthController, MetricsController, DemoRequestsController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: GatewayMetrics, useValue: metrics },
      ],
    };
  }
}
