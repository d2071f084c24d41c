import { QueuesModule } from '@erp/common';
import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { GatewayConfig } from '../config/gateway.config.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

/** Spreadsheet imports: read and mapped here, worked by the service that owns each kind. */
@Module({})
export class ImportsModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: ImportsModule,
      imports: [
        QueuesModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
        BullModule.registerQueue(
          { name: QueueName.ImportStockItems },
          { name: QueueName.ImportClients },
          { name: QueueName.ImportPriceList },
          { name: QueueName.ImportOpeningBalances },
        ),
      ],
      controllers: [ImportsController],
      providers: [{ provide: GatewayConfig, useValue: config }, ImportsService],
    };
  }
}
