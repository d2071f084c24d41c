import { createLoggerModule, RedisModule, ServiceClientsModule } from '@erp/common';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AiIntakeModule } from './ai-intake/ai-intake.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { ApiKeysController } from './api-keys/api-keys.controller.js';
import { AccessGuard, SessionAuthGuard } from './auth/access.guard.js';
import { AuthController } from './auth/auth.controller.js';
import { ClientsController } from './clients/clients.controller.js';
import { SessionStrategy } from './auth/session.strategy.js';
import { GatewayConfig } from './config/gateway.config.js';
import { DemoRequestsController } from './demo-requests/demo-requests.controller.js';
import { HealthController } from './health/health.controller.js';
import { GatewayMetrics } from './metrics/metrics.js';
import { InvoicesController } from './invoices/invoices.controller.js';
import { ReceivablesController } from './invoices/receivables.controller.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { OrdersController } from './orders/orders.controller.js';
import { PriceListsController } from './price-lists/price-lists.controller.js';
import { SettingsController } from './settings/settings.controller.js';
import { ZatcaSettingsController } from './settings/zatca-settings.controller.js';
import { WhatsappSettingsController } from './settings/whatsapp-settings.controller.js';
import { InboxController } from './channels/inbox.controller.js';
import { WhatsappWebhookController } from './channels/whatsapp-webhook.controller.js';
import { StockController } from './stock/stock.controller.js';
import { AdminController, UsersController } from './users/users.controller.js';
import { ApiKeyAuth } from './v1/api-key-auth.js';
import { PrincipalCache } from './auth/principal-cache.js';
import { V1InvoicesController } from './v1/invoices.controller.js';
import { V1OrdersController } from './v1/orders.controller.js';
import { V1ProductsController } from './v1/products.controller.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The HTTP edge: authenticates, checks access, validates, maps errors and forwards by RPC. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, metrics: GatewayMetrics): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        createLoggerModule('gateway', config.LOG_LEVEL),
        RedisModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
        ServiceClientsModule.forRoot(config, config.RPC_TIMEOUT_MS),
        DiscoveryModule,
        PassportModule,
        JwtModule.register({ secret: config.SESSION_SECRET, signOptions: { algorithm: 'HS256' } }),
        WebhooksModule.forRoot(config),
        AiIntakeModule.forRoot(config),
        ImportsModule.forRoot(config),
      ],
      controllers: [
        HealthController,
        MetricsController,
        DemoRequestsController,
        AuthController,
        UsersController,
        AdminController,
        SettingsController,
        ZatcaSettingsController,
        WhatsappSettingsController,
        WhatsappWebhookController,
        InboxController,
        ApiKeysController,
        StockController,
        PriceListsController,
        OrdersController,
        ClientsController,
        AnalyticsController,
        InvoicesController,
        ReceivablesController,
        V1ProductsController,
        V1OrdersController,
        V1InvoicesController,
        OpenApiController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: GatewayMetrics, useValue: metrics },
        SessionStrategy,
        SessionAuthGuard,
        ApiKeyAuth,
        PrincipalCache,
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
