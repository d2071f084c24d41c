import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the orders screen: heading and empty state until the screen is built. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard
        icon={<ShoppingCartRoundedIcon />}
        title={t('empty.title')}
        description={t('empty.description')}
      />
    </>
  );
}
