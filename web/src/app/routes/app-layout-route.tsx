import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { AppShell } from '../../features/shell/components/app-shell';

/**
 * The application screens inside the shell. The session decides the Administration group;
 * the sign-in guard arrives with the identity work (signed out still shows the shell).
 */
export function AppLayoutRoute() {
  const { user } = useCurrentUser();
  const { logout, isLoggingOut } = useLogout();
  return (
    <AppShell
      user={user ? { fullName: user.fullName || user.username, role: user.role } : null}
      showAdministration={isAdministrator(user)}
      onLogout={() => void logout()}
      isLoggingOut={isLoggingOut}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
