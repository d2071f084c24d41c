import { createLoggerModule, RedisModule } from '@erp/common';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ApiKeysController } from './api-keys/api-keys.controller.js';
import { AccessGuard, SessionAuthGuard } from './auth/access.guard.js';
import { AuthController } from './auth/auth.controller.js';
import { SessionStrategy } from './auth/session.strategy.js';
import { GatewayConfig } from './config/gateway.config.js';
import { DemoRequestsController } from './demo-requests/demo-requests.controller.js';
import { HealthController } from './health/health.controller.js';
import { GatewayMetrics } from './metrics/metrics.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { ServiceClientsModule } from './services/service-clients.module.js';
import { SettingsController } from './settings/settings.controller.js';
import { StockController } from './stock/stock.controller.js';
import { AdminController, UsersController } from './users/users.controller.js';

/** The HTTP edge: authenticates, checks access, validates, maps errors and forwards by RPC. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, metrics: GatewayMetrics): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        createLoggerModule('gateway', config.LOG_LEVEL),
        RedisModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
        ServiceClientsModule.forRoot(config),
        DiscoveryModule,
        PassportModule,
        JwtModule.register({ secret: config.SESSION_SECRET, signOptions: { algorithm: 'HS256' } }),
      ],
      controllers: [
        HealthController,
        MetricsController,
        DemoRequestsController,
        AuthController,
        UsersController,
        AdminController,
        SettingsController,
        ApiKeysController,
        StockController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: GatewayMetrics, useValue: metrics },
        SessionStrategy,
        SessionAuthGuard,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
