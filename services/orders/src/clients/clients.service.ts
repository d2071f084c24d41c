import { createOnce, dec, moneyColumn, moneyJson } from '@erp/common';
import {
  AppException,
  ErrorCode,
  InventoryClient,
  InventoryErrorCode,
  LIST_DEFAULT_LIMIT,
  nationalAddressNeededMessage,
  OrdersErrorCode,
  sortOrderOf,
  type ClientSortField,
  type ClientActivityDto,
  type ClientDto,
  type ClientPageDto,
  type CreateClientDto,
  type CreateClientRequestDto,
  type ListClientsDto,
  type NationalAddressDto,
  type NationalAddressInputDto,
  type RpcMeta,
  type UpdateClientDto,
  whatsappNumberOf,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ClientEntity } from './client.entity.js';
import { toClientDto } from './client.mapper.js';
import { ClientsRepository } from './clients.repository.js';

@Injectable()
export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly inventory: InventoryClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A new client; with an idempotency key, exactly once: a repeat answers the first client. */
  async create(dto: CreateClientRequestDto, meta: RpcMeta): Promise<ClientDto> {
    if (dto.priceListId) await this.checkPriceList(dto.priceListId, meta);
    assertAddressWithVatNumber(
      dto.vatNumber ?? null,
      dto.nationalAddress ? toNationalAddress(dto.nationalAddress) : null,
    );
    const { result } = await this.dataSource.transaction((manager) =>
      createOnce(manager, 'orders', 'create-client', dto.idempotency, {
        findEarlier: (id) => this.clients.findById(id, manager),
        idOf: (client) => client.id,
        create: () => this.insertNew(dto, meta.userId, manager),
      }),
    );
    return toClientDto(result);
  }

  /** A new client's row in the caller's transaction (the form's create, an import's row). */
  async insertNew(dto: CreateClientDto, actorId: string | undefined, manager: EntityManager): Promise<ClientEntity> {
    const nationalAddress = dto.nationalAddress ? toNationalAddress(dto.nationalAddress) : null;
    assertAddressWithVatNumber(dto.vatNumber ?? null, nationalAddress);
    const whatsapp = dto.whatsapp
      ? await this.claimWhatsapp(dto.whatsapp, undefined, manager)
      : await this.phoneWhatsapp(dto.phone ?? null, undefined, manager);
    return this.clients.insert(
      {
        name: dto.name,
        nameAr: dto.nameAr ?? null,
        phone: dto.phone ?? null,
        whatsapp,
        email: dto.email ?? null,
        address: dto.address ?? null,
        notes: dto.notes ?? null,
        priceListId: dto.priceListId?.toLowerCase() ?? null,
        paymentTermsDays: dto.paymentTermsDays ?? 0,
        creditLimit: dto.creditLimit === undefined ? null : moneyColumn(dec(dto.creditLimit)),
        vatNumber: dto.vatNumber ?? null,
        nationalAddress,
        createdBy: actorId ?? null,
      },
      manager,
    );
  }

  async findByNames(names: string[]): Promise<ClientDto[]> {
    return (await this.clients.findByNames(names)).map(toClientDto);
  }

  async get(id: string): Promise<ClientDto> {
    const client = await this.clients.findById(id);
    if (!client) throw clientNotFound(id);
    return toClientDto(client);
  }

  /** The changed fields; null clears an optional one. A price list must exist when it is set. */
  async update(id: string, changes: UpdateClientDto, meta: RpcMeta): Promise<ClientDto> {
    if (changes.priceListId) await this.checkPriceList(changes.priceListId, meta);
    const client = await this.clients.findById(id);
    if (!client) throw clientNotFound(id);
    return toClientDto(await this.applyChanges(client, changes));
  }

  /** The changed fields on a client (null clears an optional one), saved in the caller's transaction when given. */
  async applyChanges(client: ClientEntity, changes: UpdateClientDto, manager?: EntityManager): Promise<ClientEntity> {
    if (changes.whatsapp !== undefined) {
      client.whatsapp =
        changes.whatsapp === null ? null : await this.claimWhatsapp(changes.whatsapp, client.id, manager);
    } else if (changes.phone !== undefined) {
      // A number that was the phone's follows the phone.
      const wasPhone = client.whatsapp === null || client.whatsapp === (client.phone && whatsappNumberOf(client.phone));
      if (wasPhone) client.whatsapp = await this.phoneWhatsapp(changes.phone, client.id, manager);
    }
    for (const field of ['name', 'nameAr', 'phone', 'email', 'address', 'notes'] as const) {
      const value = changes[field];
      if (value !== undefined) (client as unknown as Record<string, string | null>)[field] = value;
    }
    if (changes.priceListId !== undefined) client.priceListId = changes.priceListId?.toLowerCase() ?? null;
    if (changes.paymentTermsDays !== undefined) client.paymentTermsDays = changes.paymentTermsDays;
    if (changes.creditLimit !== undefined) {
      client.creditLimit = changes.creditLimit === null ? null : moneyColumn(dec(changes.creditLimit));
    }
    if (changes.vatNumber !== undefined) client.vatNumber = changes.vatNumber;
    if (changes.nationalAddress !== undefined) {
      client.nationalAddress = changes.nationalAddress && toNationalAddress(changes.nationalAddress);
    }
    assertAddressWithVatNumber(client.vatNumber, client.nationalAddress);
    return this.clients.save(client, manager);
  }

  /**
   * Deletes a client that has no orders; 409 ORDERS_CLIENT_HAS_ORDERS otherwise. The client's row
   * is locked first: an order being placed for it meanwhile holds a key-share lock on it
   * (ClientsRepository.findById), so the delete waits for that order and counts it, or the order
   * waits for the delete and finds no client (404).
   */
  async delete(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [client] = (await manager.query(`SELECT id FROM orders.clients WHERE id = $1 FOR UPDATE`, [id])) as Array<{
        id: string;
      }>;
      if (!client) throw clientNotFound(id);
      const [{ count }] = (await manager.query(
        `SELECT count(*)::int AS count FROM orders.orders WHERE client_id = $1`,
        [id],
      )) as [{ count: number }];
      if (count > 0) {
        throw new AppException(
          OrdersErrorCode.ClientHasOrders,
          `This client has ${count} orders and cannot be deleted`,
          { clientId: id, ordersCount: count },
        );
      }
      await manager.query(`DELETE FROM orders.clients WHERE id = $1`, [id]);
    });
  }

  /** Its orders in any status, what its confirmed and completed ones came to, and the last one's time. */
  async activity(id: string): Promise<ClientActivityDto> {
    if (!(await this.clients.findById(id))) throw clientNotFound(id);
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count,
              coalesce(sum(total_amount) FILTER (WHERE status IN ('confirmed', 'completed')), 0)::text AS spent,
              max(created_at) AS last
         FROM orders.orders WHERE client_id = $1`,
      [id],
    )) as [{ count: number; spent: string; last: Date | null }];
    return { ordersCount: row.count, totalSpent: moneyJson(row.spent), lastOrderAt: row.last?.toISOString() ?? null };
  }

  /** The client whose WhatsApp number this is (in any writing of it), or null. */
  async findByWhatsapp(number: string): Promise<ClientDto | null> {
    const normalised = whatsappNumberOf(number);
    const client = normalised ? await this.clients.findByWhatsapp(normalised) : null;
    return client ? toClientDto(client) : null;
  }

  /** A number given for the client: normalised, and its own (409 when another client has it). */
  private async claimWhatsapp(given: string, clientId: string | undefined, manager?: EntityManager): Promise<string> {
    const number = whatsappNumberOf(given);
    if (!number) {
      const message = 'whatsapp must be a phone number with its country code';
      throw new AppException(ErrorCode.ValidationFailed, message, {
        fields: [{ field: 'whatsapp', messages: [message] }],
      });
    }
    const other = await this.clients.findByWhatsapp(number, clientId, manager);
    if (other) {
      throw new AppException(OrdersErrorCode.ClientWhatsappTaken, `${other.name} already has this WhatsApp number`, {
        clientId: other.id,
        whatsapp: number,
      });
    }
    return number;
  }

  /** The phone's number as the WhatsApp number, when no other client has it; else none. */
  private async phoneWhatsapp(
    phone: string | null,
    clientId: string | undefined,
    manager?: EntityManager,
  ): Promise<string | null> {
    const number = phone ? whatsappNumberOf(phone) : null;
    if (!number) return null;
    return (await this.clients.findByWhatsapp(number, clientId, manager)) ? null : number;
  }

  countWithPriceList(priceListId: string): Promise<number> {
    return this.clients.countWithPriceList(priceListId.toLowerCase());
  }

  /** 400 naming the field when the price list does not exist (it lives in the inventory service). */
  private async checkPriceList(priceListId: string, meta: RpcMeta): Promise<void> {
    try {
      await this.inventory.getPriceList(priceListId, meta);
    } catch (error) {
      if (error instanceof AppException && error.code === InventoryErrorCode.PriceListNotFound) {
        const message = `priceListId names no price list: ${priceListId}`;
        throw new AppException(ErrorCode.ValidationFailed, message, {
          fields: [{ field: 'priceListId', messages: [message] }],
        });
      }
      throw error;
    }
  }

  async list(query: ListClientsDto): Promise<ClientPageDto> {
    const page = await this.clients.findPage({
      search: query.search,
      sort: sortOrderOf<ClientSortField>(query.sort),
      limit: query.limit ?? LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      withTotal: query.limit !== undefined,
    });
    return { items: page.items.map(toClientDto), total: page.total };
  }

  findById(id: string): Promise<ClientEntity | null> {
    return this.clients.findById(id);
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
      if (!picked) throw clientNotFound(clientId);
      return picked;
    }
    return this.clients.findByName(clientName, manager);
  }
}

function toNationalAddress(input: NationalAddressInputDto): NationalAddressDto {
  return {
    street: input.street,
    buildingNumber: input.buildingNumber,
    additionalNumber: input.additionalNumber ?? null,
    district: input.district,
    city: input.city,
    postalCode: input.postalCode,
    countryCode: 'SA',
  };
}

/**
 * A client with a VAT number is invoiced with standard tax invoices, and those carry the buyer's
 * national address (ZATCA BR-KSA-63): 400 naming nationalAddress when it is missing.
 */
function assertAddressWithVatNumber(vatNumber: string | null, address: NationalAddressDto | null): void {
  if (vatNumber === null || address !== null) return;
  throw new AppException(ErrorCode.ValidationFailed, nationalAddressNeededMessage, {
    fields: [{ field: 'nationalAddress', messages: [nationalAddressNeededMessage] }],
  });
}

function clientNotFound(clientId: string): AppException {
  return new AppException(OrdersErrorCode.ClientNotFound, `Client not found: ${clientId}`, { clientId });
}
