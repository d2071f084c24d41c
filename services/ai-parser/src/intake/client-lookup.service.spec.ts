import type { ClientDto, ListClientsDto, OrdersClient } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { ClientLookupService } from './client-lookup.service.js';

function client(id: string, name: string, nameAr: string | null = null): ClientDto {
  return {
    id,
    name,
    nameAr,
    phone: null,
    whatsapp: null,
    email: null,
    address: null,
    notes: null,
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
    createdAt: '',
    createdBy: null,
  };
}

const clients = [
  client('noor', 'Al Noor Supermarket', 'سوبرماركت النور'),
  client('waha-1', 'Al Waha Minimarket'),
  client('waha-2', 'Al Waha Trading'),
  client('mazraa', 'Mazraa Markets', 'أسواق المزرعة'),
];

/** The orders service's search: every word of the term in the name (enough for these names). */
const orders = {
  listClients: (query: ListClientsDto) =>
    Promise.resolve({
      items: clients.filter((c) =>
        `${c.name} ${c.nameAr ?? ''}`.toLowerCase().includes((query.search ?? '').toLowerCase()),
      ),
      total: null,
    }),
} as unknown as OrdersClient;

const find = (name: string) => new ClientLookupService(orders).find(name, { requestId: 'test' });

describe('ClientLookupService', () => {
  it('finds a client by name or Arabic name, whatever the case, spacing and letter forms', async () => {
    expect(await find('al noor  SUPERMARKET')).toBe('noor');
    expect(await find('أسواق المزرعة')).toBe('mazraa');
    expect(await find('Unknown Client')).toBeNull();
  });

  it('takes the one client a shorter or longer name points at, and none when two fit', async () => {
    expect(await find('Al Noor')).toBe('noor');
    expect(await find('Al Noor Supermarket Olaya')).toBe('noor');
    expect(await find('Al Waha')).toBeNull();
    expect(await find('Al Waha Minimarket')).toBe('waha-1');
    expect(await find('Al Nour Bakery')).toBeNull();
  });
});
