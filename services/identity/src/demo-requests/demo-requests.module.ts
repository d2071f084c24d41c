import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DemoRequestEntity } from './demo-request.entity.js';
import { DemoRequestsController } from './demo-requests.controller.js';
import { DemoRequestsRepository } from './demo-requests.repository.js';
import { DemoRequestsService } from './demo-requests.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([DemoRequestEntity])],
  controllers: [DemoRequestsController],
  providers: [DemoRequestsService, DemoRequestsRepository],
})
export class DemoRequestsModule {}
