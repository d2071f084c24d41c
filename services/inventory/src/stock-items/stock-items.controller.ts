import {
  CreateStockItemRequestDto,
  GetStockItemsDto,
  InventoryPatterns,
  LIST_DEFAULT_LIMIT,
  ListStockItemsDto,
  ListStockMovementsDto,
  StockItemIdDto,
  UpdateStockItemRequestDto,
  type RpcMeta,
  type StockItemDto,
  type StockItemPageDto,
  type StockMovementPageDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StockItemsService } from './stock-items.service.js';
import { StockMovementsRepository } from './stock-movements.repository.js';

@Controller()
export class StockItemsController {
  constructor(
    private readonly items: StockItemsService,
    private readonly movementsLedger: StockMovementsRepository,
  ) {}

  @MessagePattern(InventoryPatterns.CreateStockItem)
  create(@Payload('data') dto: CreateStockItemRequestDto, @Payload('meta') meta: RpcMeta): Promise<StockItemDto> {
    return this.items.create(dto, meta.userId);
  }

  @MessagePattern(InventoryPatterns.ListStockMovements)
  movements(@Payload('data') dto: ListStockMovementsDto): Promise<StockMovementPageDto> {
    return this.movementsLedger.findPage({
      stockItemId: dto.stockItemId,
      reason: dto.reason,
      search: dto.search,
      limit: dto.limit ?? LIST_DEFAULT_LIMIT,
      offset: dto.offset ?? 0,
      withTotal: dto.limit !== undefined,
    });
  }

  @MessagePattern(InventoryPatterns.ListStockItems)
  list(@Payload('data') dto: ListStockItemsDto): Promise<StockItemPageDto> {
    return this.items.list(dto);
  }

  @MessagePattern(InventoryPatterns.GetStockItem)
  get(@Payload('data') dto: StockItemIdDto): Promise<StockItemDto> {
    return this.items.get(dto.id);
  }

  @MessagePattern(InventoryPatterns.UpdateStockItem)
  update(@Payload('data') dto: UpdateStockItemRequestDto, @Payload('meta') meta: RpcMeta): Promise<StockItemDto> {
    const { id, ...changes } = dto;
    return this.items.update(id, changes, meta.userId);
  }

  @MessagePattern(InventoryPatterns.DeleteStockItem)
  async delete(@Payload('data') dto: StockItemIdDto): Promise<null> {
    await this.items.delete(dto.id);
    return null;
  }

  @MessagePattern(InventoryPatterns.GetItems)
  getItems(@Payload('data') dto: GetStockItemsDto): Promise<StockItemDto[]> {
    return this.items.getMany(dto.ids);
  }

  @MessagePattern(InventoryPatterns.CountLowStock)
  countLowStock(): Promise<number> {
    return this.items.countLow();
  }
}
