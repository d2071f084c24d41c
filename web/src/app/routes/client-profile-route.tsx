import type { Permission } from '@erp/contracts';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { ClientProfilePage } from '../../features/clients/components/client-profile-page';
import { ClientInvoices } from '../../features/invoices/components/client-invoices';
import { ClientStatement } from '../../features/invoices/components/client-statement';
import { ClientOrders } from '../../features/orders/components/client-orders';
import { ordersAccessOf } from '../../features/orders/lib/access';
import { useGetSettingsQuery } from '../../features/settings/api/settings-api';
import { useUserNameOf } from './use-user-name-of';

/** The currency of CONTRACT §4 when the settings cannot be read. */
const DEFAULT_CURRENCY = 'SAR';

/**
 * /clients/{id}: the client's profile, with the sections its owners build: the client's orders
 * (orders:read), invoices and statement (invoices:read), each left out for a user who may not
 * read it; Edit with clients:write, Record payment with invoices:write.
 */
export function ClientProfileRoute() {
  const { id } = useParams<{ id: string }>();
  const { user } = useCurrentUser();
  const settings = useGetSettingsQuery();
  const userNameOf = useUserNameOf();
  if (!user || !id) return null;
  // Money waits for the settings (a short wait) rather than flashing in the wrong currency.
  if (settings.isLoading) return <PageLoader />;
  const administrator = isAdministrator(user);
  const holds = (permission: Permission) => administrator || user.permissions.includes(permission);
  const currency = settings.data?.currency ?? DEFAULT_CURRENCY;
  const invoicesAccess = { recordPayments: holds('invoices:write'), deletePayments: administrator };

  return (
    <ClientProfilePage
      // Another client is another page: nothing (a tab's paging, an open dialog) carries over.
      key={id}
      clientId={id}
      canWrite={holds('clients:write')}
      canReadPriceLists={holds('stock:read')}
      currency={currency}
      sections={{
        orders: holds('orders:read') && (
          <ClientOrders clientId={id} access={ordersAccessOf(holds, administrator)} currency={currency} />
        ),
        invoices: holds('invoices:read') && (
          <ClientInvoices clientId={id} access={invoicesAccess} userNameOf={userNameOf} />
        ),
        statement: holds('invoices:read') && <ClientStatement clientId={id} />,
      }}
    />
  );
}
