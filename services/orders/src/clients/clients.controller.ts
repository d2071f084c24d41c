import {
  CreateClientDto,
  ListClientsDto,
  OrdersPatterns,
  type ClientDto,
  type ClientPageDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ClientsService } from './clients.service.js';

@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @MessagePattern(OrdersPatterns.CreateClient)
  create(@Payload('data') dto: CreateClientDto, @Payload('meta') meta: RpcMeta): Promise<ClientDto> {
    return this.clients.create(dto, meta.userId);
  }

  @MessagePattern(OrdersPatterns.ListClients)
  list(@Payload('data') dto: ListClientsDto): Promise<ClientPageDto> {
    return this.clients.list(dto);
  }
}
