import {
  AppException,
  LIST_DEFAULT_LIMIT,
  OrdersErrorCode,
  type ClientDto,
  type ClientPageDto,
  type CreateClientDto,
  type ListClientsDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClientEntity } from './client.entity.js';
import { toClientDto } from './client.mapper.js';
import { ClientsRepository } from './clients.repository.js';

@Injectable()
export class ClientsService {
  constructor(private readonly clients: ClientsRepository) {}

  async create(dto: CreateClientDto, actorId: string | undefined): Promise<ClientDto> {
    const client = await this.clients.insert({
      name: dto.name,
      nameAr: dto.nameAr ?? null,
      phone: dto.phone ?? null,
      email: dto.email ?? null,
      address: dto.address ?? null,
      notes: dto.notes ?? null,
      createdBy: actorId ?? null,
    });
    return toClientDto(client);
  }

  async list(query: ListClientsDto): Promise<ClientPageDto> {
    const page = await this.clients.findPage({
      search: query.search,
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.limit !== undefined,
    });
    return { items: page.items.map(toClientDto), total: page.total };
  }

  /**
   * The client an order belongs to: the one picked (404 when unknown), else the oldest whose
   * name matches, else none.
   */
  async resolve(
    clientName: string,
    clientId: string | undefined,
    manager?: EntityManager,
  ): Promise<ClientEntity | null> {
    if (clientId) {
      const picked = await this.clients.findById(clientId, manager);
      if (!picked) {
        throw new AppException(OrdersErrorCode.ClientNotFound, `Client not found: ${clientId}`, { clientId }, 404);
      }
      return picked;
    }
    return this.clients.findByName(clientName, manager);
  }
}
