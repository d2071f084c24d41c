import type { Permission } from '@erp/contracts';
import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { OrdersPage } from '../../features/orders/components/orders-page';
import { ordersAccessOf } from '../../features/orders/lib/access';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * Gives the Orders screen what it needs from elsewhere: what the signed-in user may do there
 * (admins and owners hold every permission, and alone confirm over a client's credit limit) and
 * the company's currency.
 */
export function OrdersRoute() {
  const { user } = useCurrentUser();
  const settings = useGetSettingsQuery();
  if (!user) return null;
  // Money waits for the settings (a short wait) rather than flashing in the wrong currency.
  if (settings.isLoading) return <PageLoader />;
  const administrator = isAdministrator(user);
  const access = ordersAccessOf(
    (permission: Permission) => administrator || user.permissions.includes(permission),
    administrator,
  );
  return <OrdersPage access={access} currency={settings.data?.currency ?? DEFAULT_CURRENCY} />;
}
