import { OutboxModule, serviceInfrastructure } from '@erp/common';
import { QueueName, ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ApiKeyEntity } from './api-keys/api-key.entity.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { DemoRequestEntity } from './demo-requests/demo-request.entity.js';
import { DemoRequestsModule } from './demo-requests/demo-requests.module.js';
import { IdentityConfig } from './identity.config.js';
import { identityMigrations } from './migrations/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SettingEntity } from './settings/setting.entity.js';
import { SettingsModule } from './settings/settings.module.js';
import { UserEntity } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhooks/webhook-endpoint.entity.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Global()
@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Identity, config, {
          entities: [
            DemoRequestEntity,
            UserEntity,
            SettingEntity,
            ApiKeyEntity,
            WebhookEndpointEntity,
            WebhookDeliveryEntity,
          ],
          migrations: identityMigrations,
        }),
        OutboxModule.forService(config, [QueueName.WebhookDeliver]),
        DemoRequestsModule,
        UsersModule,
        SessionsModule,
        SettingsModule,
        ApiKeysModule,
        WebhooksModule,
      ],
      providers: [{ provide: IdentityConfig, useValue: config }],
      exports: [IdentityConfig],
    };
  }
}
