import type { InvoiceDto, InvoiceType, PaymentDto } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsPhone } from '../../../components/phone-list';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useGetInvoicePaymentsQuery, useGetInvoiceQuery } from '../api/invoices-api';
import { useDownloadInvoice } from '../hooks/use-download-invoice';
import { useInvoiceFormat, type InvoiceFormat } from '../hooks/use-invoice-format';
import type { InvoicesAccess, UserNameOf } from '../lib/access';
import { isReceivable, takesPayment, takesWriteOff } from '../lib/payments';
import { DeletePaymentDialog } from './delete-payment-dialog';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceFact } from './invoice-fact';
import { InvoiceTypeBadge } from './invoice-type-badge';
import { VatLine } from './invoices-card';
import { PaymentStatusChip } from './payment-status-chip';
import { WriteOffDialog } from './write-off-dialog';
import { ZatcaSection } from './zatca-section';

interface InvoiceDetailsDialogProps {
  invoiceId: string;
  /** The list's row, shown until the invoice itself has loaded. */
  initialInvoice?: InvoiceDto;
  access: InvoicesAccess;
  userNameOf?: UserNameOf;
  onRecordPayment: (invoice: InvoiceDto) => void;
  onClose: () => void;
}

function Ltr({ children }: { children: ReactNode }) {
  return (
    <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

const factsGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
  gap: 2,
  m: 0,
} as const;

/** Who deleted a payment, when and why: "Deleted Mar 12, 2026 by Noura Admin: card slip declined". */
function DeletedNote({
  payment,
  format,
  userNameOf,
}: {
  payment: PaymentDto;
  format: InvoiceFormat;
  userNameOf?: UserNameOf;
}) {
  const { t } = useTranslation('invoices');
  const name = payment.deletedBy ? userNameOf?.(payment.deletedBy) : undefined;
  const when = payment.deletedAt ? format.date(payment.deletedAt) : '';
  return (
    <Typography variant="caption" color="error.main" sx={{ display: 'block' }}>
      {name ? t('payments.deletedBy', { date: when, name }) : t('payments.deleted', { date: when })}
      {payment.deleteReason && (
        <Box component="span" sx={{ display: 'block' }}>
          {t('payments.deletedReason')} <bdi>{payment.deleteReason}</bdi>
        </Box>
      )}
    </Typography>
  );
}

function PaymentRow({
  payment,
  currency,
  format,
  userNameOf,
  onDelete,
}: {
  payment: PaymentDto;
  currency: string;
  format: InvoiceFormat;
  userNameOf?: UserNameOf;
  onDelete?: (payment: PaymentDto) => void;
}) {
  const { t } = useTranslation('invoices');
  const deleted = payment.deletedAt !== null;
  const amount = format.money(payment.amount, currency);
  const date = format.date(payment.paidAt);
  const struck = deleted ? { textDecoration: 'line-through', color: 'text.disabled' } : {};
  return (
    <Box
      component="li"
      data-testid="payment-row"
      data-deleted={deleted || undefined}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, ...struck }}>
          <Box component="time" dateTime={payment.paidAt}>
            {date}
          </Box>
          {' · '}
          {t(`payment.method.${payment.method}`)}
        </Typography>
        {payment.reference && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ...struck }}>
            {t('payments.reference')} <Ltr>{payment.reference}</Ltr>
          </Typography>
        )}
        {deleted && <DeletedNote payment={payment} format={format} userNameOf={userNameOf} />}
        {deleted && (
          <Box component="span" sx={visuallyHidden}>
            {t('payments.deletedForReaders')}
          </Box>
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...struck }}>
        {amount}
      </Typography>
      {onDelete && !deleted && (
        <Tooltip title={t('payments.delete.action')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('payments.delete.labelFor', { amount, date })}
            onClick={() => onDelete(payment)}
            sx={{ mt: -0.5 }}
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function Payments({
  invoice,
  format,
  access,
  userNameOf,
}: {
  invoice: InvoiceDto;
  format: InvoiceFormat;
  access: InvoicesAccess;
  userNameOf?: UserNameOf;
}) {
  const { t } = useTranslation('invoices');
  const payments = useGetInvoicePaymentsQuery(invoice.id, { refetchOnMountOrArgChange: true });
  const [deleting, setDeleting] = useState<PaymentDto | null>(null);

  return (
    <Box component="section" aria-labelledby="invoice-payments-title">
      <Typography id="invoice-payments-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('payments.title')}
      </Typography>
      {payments.isError ? (
        <LoadErrorAlert error={payments.error} onRetry={() => void payments.refetch()} />
      ) : !payments.data ? (
        <Box aria-busy="true" aria-label={t('payments.loading')}>
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="60%" />
        </Box>
      ) : payments.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payments.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('payments.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {payments.data.map((payment) => (
            <PaymentRow
              key={payment.id}
              payment={payment}
              currency={invoice.currency}
              format={format}
              userNameOf={userNameOf}
              onDelete={access.deletePayments ? setDeleting : undefined}
            />
          ))}
        </Box>
      )}
      {deleting && <DeletePaymentDialog invoice={invoice} payment={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

/** The dialog's title by the document's type. */
const detailsTitles: Record<InvoiceType, string> = {
  customer: 'details.title',
  supplier: 'details.title',
  credit_note: 'details.titleCreditNote',
  opening_balance: 'details.titleOpeningBalance',
  write_off: 'details.titleWriteOff',
};

/**
 * Invoice details: the document's figures (total, paid, credited, balance due, due date and
 * payment status), a credit note's invoice and reason, the payments with deleted ones struck
 * through (who, why), Delete payment for admins and owners, Record payment and Download; once
 * the seller is onboarded with ZATCA, the document's ZATCA status, messages and XML.
 */
export function InvoiceDetailsDialog({
  invoiceId,
  initialInvoice,
  access,
  userNameOf,
  onRecordPayment,
  onClose,
}: InvoiceDetailsDialogProps) {
  const { t } = useTranslation('invoices');
  const fullScreen = useIsPhone();
  const format = useInvoiceFormat();
  const query = useGetInvoiceQuery(invoiceId, { refetchOnMountOrArgChange: true });
  const { download, isDownloading } = useDownloadInvoice();
  const invoice = query.data ?? initialInvoice;
  const money = (value: string | null) => (value === null || !invoice ? '—' : format.money(value, invoice.currency));
  const receivable = invoice !== undefined && isReceivable(invoice);
  const [writingOff, setWritingOff] = useState(false);

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        aria-labelledby="invoice-details-title"
        maxWidth="md"
        fullWidth
        fullScreen={fullScreen}
        scroll="paper"
      >
        <DialogTitle
          id="invoice-details-title"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
        >
          <span>
            {t(detailsTitles[invoice?.type ?? 'customer'])} {invoice && <Ltr>{invoice.invoiceNumber}</Ltr>}
          </span>
          {invoice && <InvoiceTypeBadge type={invoice.type} />}
        </DialogTitle>
        {query.isError && !invoice ? (
          <DialogContent dividers>
            <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
          </DialogContent>
        ) : !invoice ? (
          <DialogContent dividers>
            <Skeleton variant="rounded" height={160} aria-label={t('details.loading')} />
          </DialogContent>
        ) : (
          <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
            <Box component="dl" sx={factsGrid}>
              <InvoiceFact label={t(invoice.supplierName ? 'details.supplier' : 'details.client')}>
                {(invoice.clientName ?? invoice.supplierName) ? (
                  <bdi>{invoice.clientName ?? invoice.supplierName}</bdi>
                ) : (
                  t('notAvailable')
                )}
              </InvoiceFact>
              {invoice.orderNumber && (
                <InvoiceFact label={t('details.order')}>
                  <Ltr>{invoice.orderNumber}</Ltr>
                </InvoiceFact>
              )}
              {invoice.supplierInvoiceNumber && (
                <InvoiceFact label={t('reference.supplier')}>
                  <Ltr>{invoice.supplierInvoiceNumber}</Ltr>
                </InvoiceFact>
              )}
              {invoice.reference && (
                <InvoiceFact label={t('reference.previous')}>
                  {/* The old system's number may be written in Arabic ("ف-2317"). */}
                  <bdi dir="auto">{invoice.reference}</bdi>
                </InvoiceFact>
              )}
              <InvoiceFact label={t('details.issued')}>
                <Box component="time" dateTime={invoice.issuedAt}>
                  {format.date(invoice.issuedAt)}
                </Box>
              </InvoiceFact>
              {receivable && invoice.dueDate && (
                <InvoiceFact label={t('details.dueDate')}>
                  <Box
                    component="time"
                    dateTime={invoice.dueDate}
                    sx={invoice.overdue ? { color: 'error.main' } : undefined}
                  >
                    {format.day(invoice.dueDate)}
                  </Box>
                </InvoiceFact>
              )}
              {receivable && invoice.paymentStatus && (
                <InvoiceFact label={t('details.status')}>
                  <PaymentStatusChip status={invoice.paymentStatus} overdue={invoice.overdue} type={invoice.type} />
                </InvoiceFact>
              )}
            </Box>

            {(invoice.type === 'credit_note' || invoice.type === 'write_off') && (
              <Box component="dl" sx={factsGrid}>
                {invoice.originalInvoiceNumber && (
                  <InvoiceFact
                    label={t(invoice.type === 'write_off' ? 'reference.writesOff' : 'details.originalInvoice')}
                  >
                    <Ltr>{invoice.originalInvoiceNumber}</Ltr>
                  </InvoiceFact>
                )}
                {invoice.reason && (
                  <InvoiceFact label={t('details.reason')}>{t(`creditReason.${invoice.reason}`)}</InvoiceFact>
                )}
                {invoice.reasonText && (
                  <InvoiceFact label={t(invoice.type === 'write_off' ? 'writeOff.reason' : 'details.reasonText')}>
                    <bdi>{invoice.reasonText}</bdi>
                  </InvoiceFact>
                )}
              </Box>
            )}

            <Box
              component="section"
              aria-labelledby="invoice-figures-title"
              sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1.5 }}
            >
              <Typography id="invoice-figures-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t('details.figures')}
              </Typography>
              <Box component="dl" sx={factsGrid}>
                <InvoiceFact label={t('details.total')}>
                  {money(invoice.totalAmount)}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                    <VatLine invoice={invoice} format={format} />
                  </Typography>
                </InvoiceFact>
                {receivable && <InvoiceFact label={t('details.paid')}>{money(invoice.paidAmount)}</InvoiceFact>}
                {/* What credit notes took off an invoice; what write-offs took off a balance brought forward. */}
                {receivable && (
                  <InvoiceFact label={t(invoice.type === 'customer' ? 'details.credited' : 'details.writtenOff')}>
                    {money(invoice.creditedAmount)}
                  </InvoiceFact>
                )}
                {receivable && (
                  <InvoiceFact label={t('details.balanceDue')} strong>
                    {money(invoice.balanceDue)}
                  </InvoiceFact>
                )}
              </Box>
            </Box>

            {invoice.zatca && <ZatcaSection invoice={invoice} zatca={invoice.zatca} />}

            {receivable && <Payments invoice={invoice} format={format} access={access} userNameOf={userNameOf} />}
          </DialogContent>
        )}
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          {invoice && (
            <DownloadInvoiceButton
              invoice={invoice}
              downloading={isDownloading(invoice.invoiceNumber)}
              onDownload={(file) => void download(file)}
            />
          )}
          <Box sx={{ flex: 1 }} />
          {invoice && access.deletePayments && takesWriteOff(invoice) && (
            <Button color="error" onClick={() => setWritingOff(true)}>
              {t('writeOff.open')}
            </Button>
          )}
          {invoice && access.recordPayments && takesPayment(invoice) && (
            <Button variant="contained" startIcon={<PaymentsRoundedIcon />} onClick={() => onRecordPayment(invoice)}>
              {t('payment.record')}
            </Button>
          )}
          <Button onClick={onClose} color="inherit">
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {writingOff && invoice && <WriteOffDialog invoice={invoice} onClose={() => setWritingOff(false)} />}
    </>
  );
}
