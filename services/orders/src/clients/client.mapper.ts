import { moneyJson } from '@erp/common';
import type { ClientDto } from '@erp/contracts';
import type { ClientEntity } from './client.entity.js';

export function toClientDto(client: ClientEntity): ClientDto {
  return {
    id: client.id,
    name: client.name,
    nameAr: client.nameAr,
    phone: client.phone,
    whatsapp: client.whatsapp,
    email: client.email,
    address: client.address,
    notes: client.notes,
    priceListId: client.priceListId,
    paymentTermsDays: client.paymentTermsDays,
    creditLimit: client.creditLimit === null ? null : moneyJson(client.creditLimit),
    vatNumber: client.vatNumber,
    nationalAddress: client.nationalAddress,
    createdAt: client.createdAt.toISOString(),
    createdBy: client.createdBy,
  };
}
