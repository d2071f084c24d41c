import { useGetCurrentUserQuery, type CurrentUser } from '../api/auth-api';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
}

/**
 * The session of SPEC §4: unknown while loading, then signed in or out. A failed user
 * query (server down, network error) counts as signed out.
 */
export function useCurrentUser(): Session {
  const { data, isLoading } = useGetCurrentUserQuery();
  if (isLoading) return { status: 'loading', user: null };
  const user = data ?? null;
  return { status: user ? 'signed-in' : 'signed-out', user };
}

export function isAdministrator(user: CurrentUser | null): boolean {
  return user?.role === 'admin' || user?.role === 'owner';
}
