import { OrdersClient, type ClientDto, type RpcMeta } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { normalizePhrase, UNKNOWN_CLIENT } from '../parser/index.js';

/** Whether one normalised name is the other followed by more words ("al noor" and "al noor supermarket"). */
function startsWithWords(longer: string, shorter: string): boolean {
  return longer.startsWith(`${shorter} `);
}

/**
 * Finds the existing client a parsed client name names (CONTRACT §6 `clientId`): the client whose
 * name or Arabic name is the parsed name, ignoring case, spacing, punctuation and letter forms;
 * else the one client whose name starts with the parsed name or with which the parsed name starts
 * ("Al Noor" for "Al Noor Supermarket", "Al Noor Supermarket Olaya" for it too). Two such clients
 * and none is chosen.
 */
@Injectable()
export class ClientLookupService {
  constructor(private readonly orders: OrdersClient) {}

  async find(clientName: string, meta: RpcMeta): Promise<string | null> {
    const wanted = normalizePhrase(clientName);
    if (!wanted || clientName === UNKNOWN_CLIENT) return null;
    const firstWords = clientName.trim().split(/\s+/).slice(0, 2).join(' ').slice(0, 100);
    const page = await this.orders.listClients({ search: firstWords, limit: 50 }, meta);
    const names = (client: ClientDto): string[] =>
      [client.name, client.nameAr].filter((name): name is string => Boolean(name)).map(normalizePhrase);
    const exact = page.items.find((client) => names(client).includes(wanted));
    if (exact) return exact.id;
    const near = page.items.filter((client) =>
      names(client).some((name) => startsWithWords(name, wanted) || startsWithWords(wanted, name)),
    );
    return near.length === 1 ? near[0]!.id : null;
  }
}
