import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { useQueryFlag } from '../../../lib/use-query-flag';
import { useQueryParams } from '../../../lib/use-query-params';
import type { OrderParseResultDto } from '../api/order-intake-api';
import type { OrderDto } from '../api/orders-api';
import { useOrdersList } from '../hooks/use-orders-list';
import type { OrdersAccess } from '../lib/access';
import { OrdersCard } from './orders-card';

// The dialogs (pickers, forms, the edit mode) load when first opened, not with the list.
const ManualOrderDialog = lazy(async () => ({ default: (await import('./manual-order-dialog')).ManualOrderDialog }));
const UploadOrderDialog = lazy(async () => ({ default: (await import('./upload-order-dialog')).UploadOrderDialog }));
const ConfirmOrderDialog = lazy(async () => ({
  default: (await import('./confirm-order-dialog')).ConfirmOrderDialog,
}));
const OrderDetailsDialog = lazy(async () => ({
  default: (await import('./order-details-dialog')).OrderDetailsDialog,
}));

/** `/orders?order={id}` opens that order's details. */
const ORDER_PARAM = 'order';

interface OrdersPageProps {
  access: OrdersAccess;
  /** The company's currency from the settings (CONTRACT §4). */
  currency: string;
}

/**
 * /orders (SPEC §2): Recent Orders with their details, and for those who may create orders
 * Upload Order (AI intake, then Confirm Order Details) and Create Manual Order. Other screens open
 * them with /orders?upload=1 and /orders?new=1, and an order's details with /orders?order={id} (the
 * Inbox's "View order").
 */
export function OrdersPage({ access, currency }: OrdersPageProps) {
  const { t } = useTranslation('orders');
  const list = useOrdersList();
  const [creating, setCreating] = useQueryFlag('new', access.write);
  const [uploading, setUploading] = useQueryFlag('upload', access.write);
  const [parsed, setParsed] = useState<OrderParseResultDto | null>(null);
  const [viewing, setViewing] = useState<OrderDto | null>(null);
  // An order linked to from elsewhere: open while the address names it, so Back closes it.
  const [params, updateParams] = useQueryParams();
  const linkedOrderId = params.get(ORDER_PARAM);

  const uploadButton = (label: string) => (
    <Button variant="outlined" startIcon={<UploadFileRoundedIcon />} onClick={() => setUploading(true)}>
      {label}
    </Button>
  );
  const createButton = (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
      {t('actions.createManual')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          access.write && (
            <>
              {uploadButton(t('actions.upload'))}
              {createButton}
            </>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {list.isEmpty ? (
          <EmptyStateCard
            icon={<ShoppingCartRoundedIcon />}
            title={t('empty.title')}
            description={t(access.write ? 'empty.description' : 'empty.readOnlyDescription')}
            action={
              access.write && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
                  {uploadButton(t('empty.upload'))}
                  {createButton}
                </Box>
              )
            }
          />
        ) : (
          <OrdersCard list={list} currency={currency} onView={setViewing} />
        )}
      </Box>
      <Suspense fallback={null}>
        {creating && <ManualOrderDialog currency={currency} access={access} onClose={() => setCreating(false)} />}
        {uploading && (
          <UploadOrderDialog
            onClose={() => setUploading(false)}
            onParsed={(result) => {
              setUploading(false);
              setParsed(result);
            }}
          />
        )}
        {parsed && (
          <ConfirmOrderDialog result={parsed} currency={currency} access={access} onClose={() => setParsed(null)} />
        )}
        {linkedOrderId && !viewing && (
          <OrderDetailsDialog
            key={linkedOrderId}
            orderId={linkedOrderId}
            currency={currency}
            access={access}
            onClose={() => updateParams((next) => next.delete(ORDER_PARAM))}
          />
        )}
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
