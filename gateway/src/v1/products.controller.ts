import {
  ApiKeyPermission,
  AppException,
  ErrorCode,
  InventoryClient,
  ListProductsDto,
  SetProductStockDto,
  UpdateStockItemDto,
  type Envelope,
  type ProductDto,
  type RpcMeta,
  type StockItemDto,
} from '@erp/contracts';
import { Body, Controller, Get, Header, Param, Patch, Query } from '@nestjs/common';
import { RequireApiKey } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { ok, serializedPage } from './envelope.js';

function toProduct(item: StockItemDto): ProductDto {
  return {
    id: item.id,
    name: item.name,
    nameAr: item.nameAr,
    sku: item.sku,
    quantity: item.quantity,
    unit: item.unit,
    costPrice: item.costPrice,
    sellingPrice: item.sellingPrice,
    lowStockThreshold: item.lowStockThreshold,
    packs: item.packs,
    updatedAt: item.updatedAt,
  };
}

/** Partner API: products (CONTRACT §7). Every answer is the envelope. */
@Controller('v1/products')
export class V1ProductsController {
  constructor(private readonly inventory: InventoryClient) {}

  /** By name, or by last change with `updatedSince`; `include=batches` adds batches with expiry. */
  @RequireApiKey(ApiKeyPermission.ProductsRead)
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  async list(@Query() query: ListProductsDto, @RequestMeta() meta: RpcMeta): Promise<string> {
    // The envelope of `page`, around the items as the inventory service wrote them.
    const result = await this.inventory.listSerializedProducts(query, meta);
    return serializedPage(result.items, result.count, result.hasMore, result.total);
  }

  /** Names, SKU, unit, prices or threshold; the quantity changes through /stock. */
  @RequireApiKey(ApiKeyPermission.ProductsWrite)
  @Patch(':id')
  async update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateStockItemDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<Envelope<ProductDto>> {
    if (dto.quantity !== undefined) {
      throw new AppException(
        ErrorCode.ValidationFailed,
        'quantity is set through PATCH /api/v1/products/{id}/stock (products:sync)',
        { fields: [{ field: 'quantity', messages: ['quantity is set through PATCH /api/v1/products/{id}/stock'] }] },
      );
    }
    return ok(toProduct(await this.inventory.updateStockItem(id, dto, meta)));
  }

  /** Sets the quantity on hand (a stock sync); the change is recorded as a stock update. */
  @RequireApiKey(ApiKeyPermission.ProductsSync)
  @Patch(':id/stock')
  async setStock(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: SetProductStockDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<Envelope<ProductDto>> {
    return ok(toProduct(await this.inventory.updateStockItem(id, { quantity: dto.quantity }, meta)));
  }
}
