import type { Permission } from '@erp/contracts';
import { NotAllowedState } from '../../components/not-allowed-state';
import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { InboxPage } from '../../features/orders/components/inbox-page';
import { ordersAccessOf } from '../../features/orders/lib/access';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';
import { useUserNameOf } from './use-user-name-of';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * The WhatsApp Inbox (CONTRACT §15) for holders of orders:read, with what they may do there
 * (orders:write confirms and dismisses), the company's currency and who decided each draft.
 */
export function InboxRoute() {
  const { user } = useCurrentUser();
  const settings = useGetSettingsQuery();
  const userNameOf = useUserNameOf();
  if (!user) return null;
  const administrator = isAdministrator(user);
  const holds = (permission: Permission) => administrator || user.permissions.includes(permission);
  if (!holds('orders:read')) return <NotAllowedState needsPermission />;
  // Money waits for the settings (a short wait) rather than flashing in the wrong currency.
  if (settings.isLoading) return <PageLoader />;
  return (
    <InboxPage
      access={ordersAccessOf(holds, administrator)}
      currency={settings.data?.currency ?? DEFAULT_CURRENCY}
      userNameOf={userNameOf}
    />
  );
}
