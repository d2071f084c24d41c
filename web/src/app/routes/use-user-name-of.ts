import { useCallback } from 'react';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { useGetUsersQuery } from '../../features/users-permissions/api/users-api';

/**
 * Who is who, for the invoice screens (the name of whoever deleted a payment): the signed-in
 * user, and for administrators every user. The user list is the administrators' (403 for anyone
 * else): asked only for them.
 */
export function useUserNameOf() {
  const { user } = useCurrentUser();
  const users = useGetUsersQuery(undefined, { skip: !isAdministrator(user) });
  return useCallback(
    (id: string) => {
      if (user && id === user.id) return user.fullName;
      return users.data?.find((candidate) => candidate.id === id)?.fullName;
    },
    [user, users.data],
  );
}
