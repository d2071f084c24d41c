import {
  CreatePriceListDto,
  InventoryPatterns,
  ListPricesDto,
  PriceListIdDto,
  UpdatePriceListRequestDto,
  type ListPricesResultDto,
  type PriceListDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PriceListsService } from './price-lists.service.js';

@Controller()
export class PriceListsController {
  constructor(private readonly lists: PriceListsService) {}

  @MessagePattern(InventoryPatterns.ListPriceLists)
  list(): Promise<PriceListDto[]> {
    return this.lists.list();
  }

  @MessagePattern(InventoryPatterns.GetPriceList)
  get(@Payload('data') dto: PriceListIdDto): Promise<PriceListDto> {
    return this.lists.get(dto.id);
  }

  @MessagePattern(InventoryPatterns.CreatePriceList)
  create(@Payload('data') dto: CreatePriceListDto): Promise<PriceListDto> {
    return this.lists.create(dto);
  }

  @MessagePattern(InventoryPatterns.UpdatePriceList)
  update(@Payload('data') dto: UpdatePriceListRequestDto): Promise<PriceListDto> {
    const { id, ...changes } = dto;
    return this.lists.update(id, changes);
  }

  @MessagePattern(InventoryPatterns.DeletePriceList)
  async delete(@Payload('data') dto: PriceListIdDto): Promise<null> {
    await this.lists.delete(dto.id);
    return null;
  }

  @MessagePattern(InventoryPatterns.ListPrices)
  prices(@Payload('data') dto: ListPricesDto): Promise<ListPricesResultDto> {
    return this.lists.prices(dto.priceListId, dto.stockItemIds);
  }
}
