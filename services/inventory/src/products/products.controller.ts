import { InventoryPatterns, ListProductsDto, type SerializedProductPageDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(InventoryPatterns.ListProducts)
  list(@Payload('data') dto: ListProductsDto): Promise<SerializedProductPageDto> {
    return this.products.list(dto);
  }
}
