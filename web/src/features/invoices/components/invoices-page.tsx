import type { InvoiceDto } from '@erp/contracts';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import TableViewRoundedIcon from '@mui/icons-material/TableViewRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { PageHeader } from '../../../components/page-header';
import { isHttpError } from '../../../lib/http-error';
import { useQueryFlag } from '../../../lib/use-query-flag';
import { ImportDialog } from '../../imports/components/import-dialog';
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
 * created by confirming orders and by applying supplier invoices on the stock screen; what
 * clients owed in the previous system comes in as balances brought forward (Import). The
 * sidebar shows it to holders of invoices:read; the server decides, so a 403 on the list shows
 * a "no access" state instead of an error.
 */
export function InvoicesPage({ access, userNameOf }: InvoicesPageProps) {
  const { t } = useTranslation('invoices');
  const invoices = useInvoices();
  const forbidden = invoices.isError && isHttpError(invoices.error) && invoices.error.status === 403;
  const [open, setOpen] = useState<InvoiceDto | null>(null);
  const [paying, setPaying] = useState<InvoiceDto | null>(null);
  // Opening balances are brought in by those who record payments (invoices:write).
  const [importing, setImporting] = useQueryFlag('import', access.recordPayments);
  const importButton = access.recordPayments && (
    <Button variant="outlined" startIcon={<TableViewRoundedIcon />} onClick={() => setImporting(true)}>
      {t('imports:open.opening-balances')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={importButton} />
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
          action={importButton}
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
      <ImportDialog kind="opening-balances" open={importing} onClose={() => setImporting(false)} />
      {paying && <RecordPaymentDialog key={paying.id} invoice={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
