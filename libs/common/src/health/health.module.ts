import { healthPattern, type ServiceHealthDto, type ServiceName } from '@erp/contracts';
import { Controller, Inject, Module, type DynamicModule } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthService } from './health.service.js';

/** The health message pattern of one service: its database and Redis, timed. */
export class HealthModule {
  static forService(service: ServiceName): DynamicModule {
    @Controller()
    class HealthController {
      constructor(@Inject(HealthService) private readonly health: HealthService) {}

      @MessagePattern(healthPattern(service))
      check(): Promise<ServiceHealthDto> {
        return this.health.check(service);
      }
    }

    @Module({ controllers: [HealthController], providers: [HealthService] })
    class ServiceHealthModule {}

    return { module: ServiceHealthModule };
  }
}
