import { QueuesModule } from '@erp/common';
import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { GatewayConfig } from '../config/gateway.config.js';
import { AiIntakeController } from './ai-intake.controller.js';
import { AiJobsService } from './ai-jobs.service.js';
import { IntakeFilesController } from './intake-files.controller.js';

/** AI intake: the calls that hand orders and supplier invoices to the ai-parser service through the ai-parse queue. */
@Module({})
export class AiIntakeModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AiIntakeModule,
      imports: [
        QueuesModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
        BullModule.registerQueue({ name: QueueName.AiParse }),
      ],
      controllers: [AiIntakeController, IntakeFilesController],
      providers: [{ provide: GatewayConfig, useValue: config }, AiJobsService],
    };
  }
}
