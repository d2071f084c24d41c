import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PacksModule } from '../packs/packs.module.js';
import { BatchesController } from './batches.controller.js';
import { BatchesRepository } from './batches.repository.js';
import { BatchesService } from './batches.service.js';
import { StockBatchEntity } from './stock-batch.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockBatchEntity]), PacksModule],
  controllers: [BatchesController],
  providers: [BatchesRepository, BatchesService],
  exports: [BatchesRepository],
})
export class BatchesModule {}
