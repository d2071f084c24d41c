import type { Permission } from '@erp/contracts';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { ClientsPage } from '../../features/clients/components/clients-page';

/**
 * Gives the Clients screen whether the signed-in user may add and edit clients (clients:write)
 * and read the price lists a client buys at (stock:read).
 */
export function ClientsRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const holds = (permission: Permission) => isAdministrator(user) || user.permissions.includes(permission);
  return <ClientsPage canWrite={holds('clients:write')} canReadPriceLists={holds('stock:read')} />;
}
