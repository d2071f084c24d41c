import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the stock screen: heading and empty state until the screen is built. */
export function StockPage() {
  const { t } = useTranslation('stock');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<Inventory2RoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
