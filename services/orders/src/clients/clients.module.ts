import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsImportProcessor } from '../imports/clients-import.processor.js';
import { ClientEntity } from './client.entity.js';
import { ClientsController } from './clients.controller.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ClientEntity]), BullModule.registerQueue({ name: QueueName.ImportClients })],
  controllers: [ClientsController],
  providers: [ClientsRepository, ClientsService, ClientsImportProcessor],
  exports: [ClientsService],
})
export class ClientsModule {}
