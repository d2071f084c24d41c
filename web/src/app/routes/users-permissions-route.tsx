import { useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { UsersPermissionsPage } from '../../features/users-permissions/components/users-permissions-page';

/** Gives the Users & Permissions screen the signed-in user (own row, owner protection). */
export function UsersPermissionsRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <UsersPermissionsPage currentUser={user} />;
}
