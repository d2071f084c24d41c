import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { ReceivablesPage } from '../../features/receivables/components/receivables-page';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * Gives the Receivables screen whether the user may see it (invoices:read; admins and owners
 * hold every permission) and the company's currency.
 */
export function ReceivablesRoute() {
  const { user } = useCurrentUser();
  const canRead = isAdministrator(user) || Boolean(user?.permissions.includes('invoices:read'));
  const settings = useGetSettingsQuery(undefined, { skip: !canRead });
  if (!user) return null;
  return (
    <ReceivablesPage
      canRead={canRead}
      currency={settings.isLoading ? null : (settings.data?.currency ?? DEFAULT_CURRENCY)}
    />
  );
}
