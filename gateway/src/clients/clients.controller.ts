import {
  CreateClientDto,
  ListClientsDto,
  OrdersClient,
  Permission,
  type ClientDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Clients (SPEC §2 Clients), kept by the orders service. */
@Controller('clients')
export class ClientsController {
  constructor(private readonly orders: OrdersClient) {}

  /** A bare array, newest first (CONTRACT §4b); X-Total-Count when a limit is asked. */
  @RequirePermission(Permission.ClientsRead)
  @Get()
  async list(
    @Query() query: ListClientsDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClientDto[]> {
    const page = await this.orders.listClients(query, meta);
    if (page.total !== null) void reply.header('x-total-count', String(page.total));
    return page.items;
  }

  @RequirePermission(Permission.ClientsWrite)
  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateClientDto, @RequestMeta() meta: RpcMeta): Promise<ClientDto> {
    return this.orders.createClient(dto, meta);
  }
}
