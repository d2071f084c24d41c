import {
  CreateStockItemDto,
  InventoryClient,
  ListExpiringDto,
  ListStockItemsDto,
  Permission,
  UpdateStockItemDto,
  type ExpiringBatchDto,
  type RpcMeta,
  type StockItemDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Stock Management (SPEC §2): items and expiring batches. Stock moves are RPC only. */
@Controller('stock')
export class StockController {
  constructor(private readonly inventory: InventoryClient) {}

  /** A bare array by name (CONTRACT §4b); X-Total-Count when a limit is asked. */
  @RequirePermission(Permission.StockRead)
  @Get()
  async list(
    @Query() query: ListStockItemsDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StockItemDto[]> {
    const page = await this.inventory.listStockItems(query, meta);
    if (page.total !== null) void reply.header('x-total-count', String(page.total));
    return page.items;
  }

  /** Batches with stock left that expire within `days` (1–3650, default 30), expired ones included. */
  @RequirePermission(Permission.StockRead)
  @Get('expiring')
  expiring(@Query() query: ListExpiringDto, @RequestMeta() meta: RpcMeta): Promise<ExpiringBatchDto[]> {
    return this.inventory.listExpiring(query.days, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateStockItemDto, @RequestMeta() meta: RpcMeta): Promise<StockItemDto> {
    return this.inventory.createStockItem(dto, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateStockItemDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<StockItemDto> {
    return this.inventory.updateStockItem(id, dto, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.inventory.deleteStockItem(id, meta);
  }
}
