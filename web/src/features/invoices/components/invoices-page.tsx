import type { InvoiceDto } from '@erp/contracts';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { isHttpError } from '../../../lib/http-error';
import { useInvoices } from '../hooks/use-invoices';
import type { InvoicesAccess, UserNameOf } from '../lib/access';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoicesCard } from './invoices-card';
import { RecordPaymentDialog } from './record-payment-dialog';

interface InvoicesPageProps {
  access: InvoicesAccess;
  userNameOf?: UserNameOf;
}

/**
 * /invoices (SPEC §2, CONTRACT §11): every customer and supplier invoice and credit note,
 * newest first, with filters, payment status and balance due, Download, an invoice's details
 * with its payments, and Record payment for holders of invoices:write. Invoices themselves are
 * created by confirming orders and by applying supplier invoices on the stock screen. The
 * sidebar shows it to holders of invoices:read; the server decides, so a 403 on the list shows
 * a "no access" state instead of an error.
 */
export function InvoicesPage({ access, userNameOf }: InvoicesPageProps) {
  const { t } = useTranslation('invoices');
  const invoices = useInvoices();
  const forbidden = invoices.isError && isHttpError(invoices.error) && invoices.error.status === 403;
  const [open, setOpen] = useState<InvoiceDto | null>(null);
  const [paying, setPaying] = useState<InvoiceDto | null>(null);

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
        <InvoicesCard
          invoices={invoices}
          canRecordPayments={access.recordPayments}
          onOpen={setOpen}
          onRecordPayment={setPaying}
        />
      )}
      {open && (
        <InvoiceDetailsDialog
          key={open.id}
          invoiceId={open.id}
          initialInvoice={open}
          access={access}
          userNameOf={userNameOf}
          onRecordPayment={setPaying}
          onClose={() => setOpen(null)}
        />
      )}
      {paying && <RecordPaymentDialog key={paying.id} invoice={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
