import type { ClientSortField } from '@erp/contracts';
import { useServerList } from '../../../lib/use-server-list';
import { useGetClientsQuery, type ClientDto } from '../api/clients-api';

/** The clients list: a search the server runs (debounced), sortable columns and server-side pages. */
export function useClientsList() {
  const list = useServerList<ClientDto, ClientSortField, Record<string, never>>(useGetClientsQuery, {});
  return { ...list, clients: list.rows };
}

export type ClientsList = ReturnType<typeof useClientsList>;
