import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';
import { StockPage } from '../../features/stock/components/stock-page';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * Gives the Stock screen what it needs from elsewhere: whether the signed-in user may change
 * stock (stock:write; admins and owners hold every permission) and the company's currency.
 */
export function StockRoute() {
  const { user } = useCurrentUser();
  const settings = useGetSettingsQuery();
  if (!user) return null;
  // Money waits for the settings (a short wait) rather than flashing in the wrong currency.
  if (settings.isLoading) return <PageLoader />;
  const canWrite = isAdministrator(user) || user.permissions.includes('stock:write');
  return <StockPage canWrite={canWrite} currency={settings.data?.currency ?? DEFAULT_CURRENCY} />;
}
