import type { Permission } from '@erp/contracts';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import type { CurrentUser } from '../../features/auth/api/auth-api';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { ReceivablesCard } from '../../features/receivables/components/receivables-card';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

function holds(user: CurrentUser | null, permission: Permission): boolean {
  return isAdministrator(user) || Boolean(user?.permissions.includes(permission));
}

/**
 * Gives the Dashboard what it needs from elsewhere: the user's name, which of its parts they
 * may see or use (analytics:read for the figures, invoices:read for the Receivables card,
 * orders:write and stock:write for the Quick Actions; admins and owners hold every permission)
 * and the company's currency.
 */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  const canReadAnalytics = holds(user, 'analytics:read');
  const canReadInvoices = holds(user, 'invoices:read');
  // Only the figures and the receivables show money: no settings request for a user who sees neither.
  const settings = useGetSettingsQuery(undefined, { skip: !canReadAnalytics && !canReadInvoices });
  if (!user) return null;
  const currency = settings.isLoading ? null : (settings.data?.currency ?? DEFAULT_CURRENCY);
  return (
    <DashboardPage
      userName={user.fullName || user.username}
      canReadAnalytics={canReadAnalytics}
      canCreateOrders={holds(user, 'orders:write')}
      canUploadInvoices={holds(user, 'stock:write')}
      canViewStock={holds(user, 'stock:read')}
      currency={currency}
      receivables={canReadInvoices ? <ReceivablesCard currency={currency} /> : null}
    />
  );
}
