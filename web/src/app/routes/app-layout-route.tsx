import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { authRedirectState } from '../../features/auth/hooks/use-intended-path';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useInboxWaitingCount } from '../../features/orders/hooks/use-inbox-waiting-count';
import { AppShell } from '../../features/shell/components/app-shell';

/**
 * The application screens inside the shell, for a signed-in user only (SPEC §2): a spinner
 * while the session loads; signed out, to /auth, remembering the page to come back to. The
 * sidebar shows how many WhatsApp messages wait in the Inbox.
 */
export function AppLayoutRoute() {
  const { status, user } = useCurrentUser();
  const location = useLocation();
  const { logout, isLoggingOut } = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  // The Inbox's badge, for those who may read orders (CONTRACT §15).
  const readsOrders = Boolean(user && (isAdministrator(user) || user.permissions.includes('orders:read')));
  const waitingInInbox = useInboxWaitingCount(!readsOrders);

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
      navBadges={{ '/inbox': waitingInInbox }}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </AppShell>
  );
}
