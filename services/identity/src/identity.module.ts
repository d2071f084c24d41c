import { serviceInfrastructure } from '@erp/common';
import { ServiceName } from '@erp/contracts';
import { Module, type DynamicModule } from '@nestjs/common';
import { DemoRequestEntity } from './demo-requests/demo-request.entity.js';
import { DemoRequestsModule } from './demo-requests/demo-requests.module.js';
import { IdentityConfig } from './identity.config.js';
import { identityMigrations } from './migrations/index.js';

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Identity, config, {
          entities: [DemoRequestEntity],
          migrations: identityMigrations,
        }),
        DemoRequestsModule,
      ],
      providers: [{ provide: IdentityConfig, useValue: config }],
    };
  }
}
