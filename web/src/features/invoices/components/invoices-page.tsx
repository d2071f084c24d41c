import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';

/** Placeholder of the invoices screen: heading and empty state until the screen is built. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EmptyStateCard icon={<ReceiptLongRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    </>
  );
}
