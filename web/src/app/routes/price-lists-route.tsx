import type { Permission } from '@erp/contracts';
import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { PriceListsPage } from '../../features/price-lists/components/price-lists-page';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * Gives the Price Lists screen what it needs from elsewhere: whether the signed-in user may change
 * them (stock:write) and see who buys at them (clients:read), and the company's currency.
 */
export function PriceListsRoute() {
  const { user } = useCurrentUser();
  const settings = useGetSettingsQuery();
  if (!user) return null;
  if (settings.isLoading) return <PageLoader />;
  const holds = (permission: Permission) => isAdministrator(user) || user.permissions.includes(permission);
  return (
    <PriceListsPage
      canWrite={holds('stock:write')}
      canReadClients={holds('clients:read')}
      currency={settings.data?.currency ?? DEFAULT_CURRENCY}
    />
  );
}
