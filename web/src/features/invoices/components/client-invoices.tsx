import type { InvoiceDto } from '@erp/contracts';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { useClientInvoices } from '../hooks/use-client-invoices';
import type { InvoicesAccess, UserNameOf } from '../lib/access';
import { ClientInvoicesCard } from './client-invoices-card';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';

interface ClientInvoicesProps {
  clientId: string;
  access: InvoicesAccess;
  userNameOf?: UserNameOf;
}

/**
 * One client's invoices and credit notes (its profile), with the Invoices screen's details dialog
 * and Record payment: a payment recorded here refreshes the invoice, the lists, the statement and
 * the client's balance.
 */
export function ClientInvoices({ clientId, access, userNameOf }: ClientInvoicesProps) {
  const { t } = useTranslation('invoices');
  const invoices = useClientInvoices(clientId);
  const [open, setOpen] = useState<InvoiceDto | null>(null);
  const [paying, setPaying] = useState<InvoiceDto | null>(null);

  return (
    <>
      {invoices.isEmpty ? (
        <EmptyStateCard icon={<ReceiptLongRoundedIcon />} title={t('empty.title')} description={t('client.empty')} />
      ) : (
        <ClientInvoicesCard
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
