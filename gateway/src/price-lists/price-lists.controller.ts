import {
  AppException,
  CreatePriceListDto,
  InventoryClient,
  InventoryErrorCode,
  OrdersClient,
  Permission,
  UpdatePriceListDto,
  type PriceListDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Price lists per customer group (CONTRACT §10), kept by the inventory service. */
@Controller('price-lists')
export class PriceListsController {
  constructor(
    private readonly inventory: InventoryClient,
    private readonly orders: OrdersClient,
  ) {}

  /** Every list by name, with how many prices each holds (not the prices). */
  @RequirePermission(Permission.StockRead)
  @Get()
  list(@RequestMeta() meta: RpcMeta): Promise<PriceListDto[]> {
    return this.inventory.listPriceLists(meta);
  }

  /** One list with its prices, by item name then unit. */
  @RequirePermission(Permission.StockRead)
  @Get(':id')
  get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<PriceListDto> {
    return this.inventory.getPriceList(id, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Post()
  @HttpCode(201)
  create(@Body() dto: CreatePriceListDto, @RequestMeta() meta: RpcMeta): Promise<PriceListDto> {
    return this.inventory.createPriceList(dto, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdatePriceListDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<PriceListDto> {
    return this.inventory.updatePriceList(id, dto, meta);
  }

  /** Refused (409) while clients buy at it: each must be moved to another list, or to none, first. */
  @RequirePermission(Permission.StockWrite)
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    const clients = await this.orders.countPriceListClients(id, meta);
    if (clients > 0) {
      throw new AppException(
        InventoryErrorCode.PriceListInUse,
        `${clients} client${clients === 1 ? '' : 's'} buy at this price list: give them another list first`,
        { clients },
      );
    }
    await this.inventory.deletePriceList(id, meta);
  }
}
