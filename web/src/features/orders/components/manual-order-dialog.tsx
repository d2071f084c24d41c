import { useTranslation } from 'react-i18next';
import type { OrdersAccess } from '../lib/access';
import { OrderFormDialog } from './order-form-dialog';

interface ManualOrderDialogProps {
  currency: string;
  access: OrdersAccess;
  onClose: () => void;
}

/**
 * Create Manual Order (SPEC §2, §5): the order form, empty. Mount it when it opens: it starts
 * empty every time.
 */
export function ManualOrderDialog({ currency, access, onClose }: ManualOrderDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <OrderFormDialog
      currency={currency}
      access={access}
      onClose={onClose}
      title={t('form.title')}
      submitLabel={t('form.submit')}
    />
  );
}
