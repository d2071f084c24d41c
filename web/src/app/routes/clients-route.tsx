import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { ClientsPage } from '../../features/clients/components/clients-page';

/** Gives the Clients screen whether the signed-in user may add clients (clients:write). */
export function ClientsRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ClientsPage canWrite={isAdministrator(user) || user.permissions.includes('clients:write')} />;
}
