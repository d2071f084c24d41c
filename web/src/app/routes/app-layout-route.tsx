import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { authRedirectState } from '../../features/auth/hooks/use-intended-path';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { AppShell } from '../../features/shell/components/app-shell';

/**
 * The application screens inside the shell, for a signed-in user only (SPEC §2): a spinner
 * while the session loads; signed out, to /auth, remembering the page to come back to.
 */
export function AppLayoutRoute() {
  const { status, user } = useCurrentUser();
  const location = useLocation();
  const { logout, isLoggingOut } = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);

  if (status === 'loading') return <PageLoader fullScreen />;
  if (!user) return <Navigate to="/auth" replace state={authRedirectState(location)} />;

  return (
    <AppShell
      user={{ fullName: user.fullName || user.username, role: user.role }}
      showAdministration={isAdministrator(user)}
      permissions={isAdministrator(user) ? undefined : user.permissions}
      onLogout={() => void logout()}
      isLoggingOut={isLoggingOut}
      onChangePassword={() => setChangingPassword(true)}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </AppShell>
  );
}
