import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BatchesModule } from '../batches/batches.module.js';
import { StockItemsModule } from '../stock-items/stock-items.module.js';
import { StockMoveLineEntity } from './stock-move-line.entity.js';
import { StockMoveEntity } from './stock-move.entity.js';
import { StockMovesController } from './stock-moves.controller.js';
import { StockMovesRepository } from './stock-moves.repository.js';
import { StockMovesService } from './stock-moves.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockMoveEntity, StockMoveLineEntity]), StockItemsModule, BatchesModule],
  controllers: [StockMovesController],
  providers: [StockMovesRepository, StockMovesService],
})
export class StockMovesModule {}
