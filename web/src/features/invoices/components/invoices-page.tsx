import LockRoundedIcon from '@mui/icons-material/LockRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { isHttpError } from '../../../lib/http-error';
import { useInvoices } from '../hooks/use-invoices';
import { InvoicesCard } from './invoices-card';

/**
 * /invoices (SPEC §2): every customer and supplier invoice, newest first, with filters, and a
 * Download per invoice. Read-only: invoices are created by confirming orders and by applying
 * supplier invoices on the stock screen. The sidebar shows it to holders of invoices:read; the
 * server decides, so a 403 on the list shows a "no access" state instead of an error.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const invoices = useInvoices();
  const forbidden = invoices.isError && isHttpError(invoices.error) && invoices.error.status === 403;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {forbidden ? (
        <EmptyStateCard
          icon={<LockRoundedIcon />}
          title={t('notAllowed.title')}
          description={t('notAllowed.description')}
        />
      ) : invoices.isEmpty ? (
        <EmptyStateCard
          icon={<ReceiptLongRoundedIcon />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      ) : (
        <InvoicesCard invoices={invoices} />
      )}
    </>
  );
}
