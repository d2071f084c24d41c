import {
  AppException,
  CreatePriceListDto,
  InventoryClient,
  InventoryErrorCode,
  OrdersClient,
  Permission,
  UpdatePriceListDto,
  importFields,
  type PriceListDto,
  type PriceListItemDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import {
  exportLanguageOf,
  ExportFormatParam,
  sendTableFile,
  tableFile,
  unitIn,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
} from '../common/table-export.js';
import { GatewayConfig } from '../config/gateway.config.js';

class PriceListQuery {
  @ExportFormatParam()
  format?: ExportFormat;
}

/** The import's own header of a price-list field, so an exported list comes back in as it is. */
const headerOf = (field: string) => importFields['price-list'].find((spec) => spec.name === field)!.label;

/** The columns of a list's export: the import's four, with the item's names between them for the reader. */
function priceColumns(list: PriceListDto, language: ExportLanguage): Array<ExportColumn<PriceListItemDto>> {
  return [
    { header: headerOf('priceList'), width: 24, value: () => list.name },
    { header: headerOf('sku'), value: (price) => price.sku },
    { header: { en: 'Item', ar: 'الصنف' }, width: 30, value: (price) => price.itemName },
    { header: { en: 'Item in Arabic', ar: 'الصنف بالعربية' }, width: 30, value: (price) => price.itemNameAr },
    { header: headerOf('unit'), value: (price) => unitIn(language, price.unit) },
    { header: headerOf('price'), kind: 'money', value: (price) => price.price },
  ];
}

/** Price lists per customer group (CONTRACT §10), kept by the inventory service. */
@Controller('price-lists')
export class PriceListsController {
  constructor(
    private readonly inventory: InventoryClient,
    private readonly orders: OrdersClient,
    private readonly config: GatewayConfig,
  ) {}

  /** Every list by name, with how many prices each holds (not the prices). */
  @RequirePermission(Permission.StockRead)
  @Get()
  list(@RequestMeta() meta: RpcMeta): Promise<PriceListDto[]> {
    return this.inventory.listPriceLists(meta);
  }

  /**
   * One list with its prices, by item name then unit; `format=csv|xlsx` downloads them in the
   * import's columns (headers in the language of Accept-Language), to edit and import back.
   */
  @RequirePermission(Permission.StockRead)
  @Get(':id')
  async get(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: PriceListQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PriceListDto | Buffer> {
    const list = await this.inventory.getPriceList(id, meta);
    if (!query.format) return list;
    const language = exportLanguageOf(acceptLanguage);
    const table = { format: query.format, language, timeZone: this.config.BUSINESS_TIME_ZONE };
    const file = await tableFile(table, priceColumns(list, language), list.items ?? []);
    return sendTableFile(reply, query.format, 'price-list', file);
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
