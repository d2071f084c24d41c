import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import type { OrderDto } from '../api/orders-api';
import { useOrdersList } from '../hooks/use-orders-list';
import type { OrdersAccess } from '../lib/access';
import { OrdersCard } from './orders-card';

// As on the Orders screen: the dialog (status, edit mode, invoice) loads when first opened.
const OrderDetailsDialog = lazy(async () => ({
  default: (await import('./order-details-dialog')).OrderDetailsDialog,
}));

interface ClientOrdersProps {
  clientId: string;
  access: OrdersAccess;
  /** The company's currency from the settings (CONTRACT §4). */
  currency: string;
}

/**
 * One client's orders (its profile): the Orders screen's list, narrowed to the client and paged
 * by the server, without the client column; View opens the same Order Details dialog.
 */
export function ClientOrders({ clientId, access, currency }: ClientOrdersProps) {
  const { t } = useTranslation('orders');
  const list = useOrdersList({ clientId });
  const [viewing, setViewing] = useState<OrderDto | null>(null);

  return (
    <>
      {list.isEmpty ? (
        <EmptyStateCard
          icon={<ShoppingCartRoundedIcon />}
          title={t('empty.title')}
          description={t('empty.clientDescription')}
        />
      ) : (
        <OrdersCard list={list} currency={currency} onView={setViewing} showClient={false} />
      )}
      <Suspense fallback={null}>
        {viewing && (
          <OrderDetailsDialog
            key={viewing.id}
            orderId={viewing.id}
            initialOrder={viewing}
            currency={currency}
            access={access}
            onClose={() => setViewing(null)}
          />
        )}
      </Suspense>
    </>
  );
}
