import {
  InventoryPatterns,
  PutBackStockDto,
  ReturnOrderStockDto,
  SyncOrderStockDto,
  TakeStockDto,
  type SyncOrderStockResultDto,
  type RpcMeta,
  type StockMoveResultDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StockMovesService } from './stock-moves.service.js';

/** Stock moves for the orders service (RPC only, no HTTP route). */
@Controller()
export class StockMovesController {
  constructor(private readonly moves: StockMovesService) {}

  @MessagePattern(InventoryPatterns.TakeStock)
  take(@Payload('data') dto: TakeStockDto, @Payload('meta') meta: RpcMeta): Promise<StockMoveResultDto> {
    return this.moves.take(dto, meta.userId);
  }

  @MessagePattern(InventoryPatterns.PutBackStock)
  putBack(@Payload('data') dto: PutBackStockDto, @Payload('meta') meta: RpcMeta): Promise<StockMoveResultDto> {
    return this.moves.putBack(dto, meta.userId);
  }

  @MessagePattern(InventoryPatterns.SyncOrderStock)
  syncOrderStock(
    @Payload('data') dto: SyncOrderStockDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<SyncOrderStockResultDto> {
    return this.moves.syncOrderStock(dto, meta.userId);
  }

  @MessagePattern(InventoryPatterns.ReturnOrderStock)
  returnOrderStock(
    @Payload('data') dto: ReturnOrderStockDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<StockMoveResultDto> {
    return this.moves.returnOrderStock(dto, meta.userId);
  }
}
