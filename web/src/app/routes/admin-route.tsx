import { Outlet } from 'react-router-dom';
import { NotAllowedState } from '../../components/not-allowed-state';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';

/**
 * The Administration screens (/admin/users, /users-permissions): admins and owners only.
 * Anyone else gets a "not allowed" state; the admin screens (and their calls) never load.
 */
export function AdminRoute() {
  const { user } = useCurrentUser();
  if (!isAdministrator(user)) return <NotAllowedState />;
  return <Outlet />;
}
