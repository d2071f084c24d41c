import {
  ClientIdDto,
  ClientNamesDto,
  CreateClientRequestDto,
  ListClientsDto,
  OrdersPatterns,
  PriceListClientsDto,
  UpdateClientRequestDto,
  type ClientActivityDto,
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
  create(@Payload('data') dto: CreateClientRequestDto, @Payload('meta') meta: RpcMeta): Promise<ClientDto> {
    return this.clients.create(dto, meta);
  }

  @MessagePattern(OrdersPatterns.ListClients)
  list(@Payload('data') dto: ListClientsDto): Promise<ClientPageDto> {
    return this.clients.list(dto);
  }

  @MessagePattern(OrdersPatterns.GetClient)
  get(@Payload('data') dto: ClientIdDto): Promise<ClientDto> {
    return this.clients.get(dto.id);
  }

  @MessagePattern(OrdersPatterns.FindClientByWhatsapp)
  findByWhatsapp(@Payload('data') dto: { number: string }): Promise<ClientDto | null> {
    return this.clients.findByWhatsapp(String(dto.number ?? ''));
  }

  @MessagePattern(OrdersPatterns.FindClientsByNames)
  findByNames(@Payload('data') dto: ClientNamesDto): Promise<ClientDto[]> {
    return this.clients.findByNames(dto.names);
  }

  @MessagePattern(OrdersPatterns.UpdateClient)
  update(@Payload('data') dto: UpdateClientRequestDto, @Payload('meta') meta: RpcMeta): Promise<ClientDto> {
    const { id, ...changes } = dto;
    return this.clients.update(id, changes, meta);
  }

  @MessagePattern(OrdersPatterns.DeleteClient)
  async delete(@Payload('data') dto: ClientIdDto): Promise<null> {
    await this.clients.delete(dto.id);
    return null;
  }

  @MessagePattern(OrdersPatterns.GetClientActivity)
  activity(@Payload('data') dto: ClientIdDto): Promise<ClientActivityDto> {
    return this.clients.activity(dto.id);
  }

  @MessagePattern(OrdersPatterns.CountPriceListClients)
  countPriceListClients(@Payload('data') dto: PriceListClientsDto): Promise<number> {
    return this.clients.countWithPriceList(dto.priceListId);
  }
}
