import { isAdministrator, useCurrentUser } from '../../features/auth/hooks/use-current-user';
import { InvoicesPage } from '../../features/invoices/components/invoices-page';
import { useUserNameOf } from './use-user-name-of';

/**
 * Gives the Invoices screen what it needs from elsewhere: what the signed-in user may do there
 * (record payments with invoices:write; delete them as an admin or owner, who hold every
 * permission) and, for administrators, who is who (the name of whoever deleted a payment).
 */
export function InvoicesRoute() {
  const { user } = useCurrentUser();
  const userNameOf = useUserNameOf();
  if (!user) return null;
  const administrator = isAdministrator(user);
  const access = {
    recordPayments: administrator || user.permissions.includes('invoices:write'),
    deletePayments: administrator,
  };
  return <InvoicesPage access={access} userNameOf={userNameOf} />;
}
