import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * Gives the Analytics screen whether the user may see it (analytics:read; admins and owners
 * hold every permission) and the company's currency.
 */
export function AnalyticsRoute() {
  const { user } = useCurrentUser();
  const canRead = isAdministrator(user) || Boolean(user?.permissions.includes('analytics:read'));
  const settings = useGetSettingsQuery(undefined, { skip: !canRead });
  if (!user) return null;
  return (
    <AnalyticsPage
      canRead={canRead}
      currency={settings.isLoading ? null : (settings.data?.currency ?? DEFAULT_CURRENCY)}
    />
  );
}
