import type { InvoiceDto } from '@erp/contracts';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language';
import { PhoneFacts, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { ColumnsMenu } from '../../../components/list/columns-menu';
import { ExportMenu } from '../../../components/list/export-menu';
import { ListCard } from '../../../components/list/list-card';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { useColumnChoice } from '../../../lib/use-column-choice';
import { listPath } from '../../../lib/list-sort';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { useDownloadInvoice } from '../hooks/use-download-invoice';
import { useInvoiceFormat, type InvoiceFormat } from '../hooks/use-invoice-format';
import type { Invoices } from '../hooks/use-invoices';
import { isReceivable, takesPayment } from '../lib/payments';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTypeBadge } from './invoice-type-badge';
import { PaymentStatusChip } from './payment-status-chip';
import { ZatcaStatusChip } from './zatca-status-chip';

/** The invoices table's columns a user may hide, by their header's key (the number and actions always show). */
const invoicesOptionalColumns = ['type', 'party', 'amount', 'payment', 'date'] as const;

/**
 * The order an invoice was issued for, the supplier's own number of a supplier invoice, the
 * invoice a credit note credits and why, or a balance brought forward's number in the previous system.
 */
export function InvoiceReference({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('invoices');
  const [label, number] = {
    customer: [t('reference.order'), invoice.orderNumber],
    credit_note: [t('reference.credits'), invoice.originalInvoiceNumber],
    supplier: [t('reference.supplier'), invoice.supplierInvoiceNumber],
    opening_balance: [t('reference.previous'), invoice.reference],
    write_off: [t('reference.writesOff'), invoice.originalInvoiceNumber],
  }[invoice.type];
  return (
    <>
      {number && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {label}{' '}
          {/* A number reads left to right and stays on one line, in Arabic too; an old system's may be Arabic. */}
          <Box component="bdi" dir={invoice.type === 'opening_balance' ? 'auto' : 'ltr'} sx={{ whiteSpace: 'nowrap' }}>
            {number}
          </Box>
        </Typography>
      )}
      {invoice.type === 'credit_note' && invoice.reason && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-reason={invoice.reason}>
          {t(`creditReason.${invoice.reason}`)}
        </Typography>
      )}
    </>
  );
}

/** The invoice's number, a link-styled button that opens its details (for the keyboard too). */
export function InvoiceNumber({ invoice, onOpen }: { invoice: InvoiceDto; onOpen: (invoice: InvoiceDto) => void }) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <Link
        component="button"
        type="button"
        underline="hover"
        aria-label={t('details.openFor', { number: invoice.invoiceNumber })}
        onClick={() => onOpen(invoice)}
        sx={{ textAlign: 'start', verticalAlign: 'baseline' }}
      >
        <Box
          component="bdi"
          dir="ltr"
          sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {invoice.invoiceNumber}
        </Box>
      </Link>
      <InvoiceReference invoice={invoice} />
      {invoice.zatca && (
        <Box sx={{ mt: 0.5 }}>
          <ZatcaStatusChip status={invoice.zatca.status} />
        </Box>
      )}
    </>
  );
}

function Dash() {
  return (
    <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
      —
    </Box>
  );
}

/** A customer invoice's balance due, and when it falls due; nothing for other types. */
export function BalanceDue({ invoice, format }: { invoice: InvoiceDto; format: InvoiceFormat }) {
  const { t } = useTranslation('invoices');
  if (!isReceivable(invoice) || invoice.balanceDue === null) return <Dash />;
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {format.money(invoice.balanceDue, invoice.currency)}
      </Box>
      {invoice.dueDate && (
        <Typography
          variant="caption"
          sx={{ display: 'block', whiteSpace: 'nowrap', color: invoice.overdue ? 'error.main' : 'text.secondary' }}
        >
          {t('list.dueOn', { date: format.day(invoice.dueDate) })}
        </Typography>
      )}
    </>
  );
}

/** The table's Payment column: the status (and Overdue), then the balance due and the due date. */
export function PaymentCell({ invoice, format }: { invoice: InvoiceDto; format: InvoiceFormat }) {
  if (!isReceivable(invoice) || !invoice.paymentStatus) return <Dash />;
  return (
    <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.5 }}>
      <PaymentStatusChip status={invoice.paymentStatus} overdue={invoice.overdue} type={invoice.type} />
      <Box>
        <BalanceDue invoice={invoice} format={format} />
      </Box>
    </Box>
  );
}

/** `clientName ?? supplierName`, else "N/A" (docs/api/invoices.md). */
/** The client (in Arabic when the buyer kept at issue has an Arabic name) or the supplier. */
function PartyName({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const name = invoice.clientName
    ? nameIn(language, { name: invoice.clientName, nameAr: invoice.buyer?.nameAr })
    : invoice.supplierName;
  if (!name) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('notAvailable')}
      </Box>
    );
  }
  return <bdi>{name}</bdi>;
}

/** The total with VAT in the invoice's currency, and the VAT in it on a second line. */
export function InvoiceAmount({ invoice, format }: { invoice: InvoiceDto; format: InvoiceFormat }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {format.money(invoice.totalAmount, invoice.currency)}
      </Box>
      {/* May wrap (the Arabic label is long); the amounts themselves hold together (no-break spaces). */}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        <VatLine invoice={invoice} format={format} />
      </Typography>
    </>
  );
}

/**
 * "VAT 15%: SAR 150.00"; a balance brought forward is no tax invoice (its VAT was declared in the
 * old system), nor is its write-off a tax document.
 */
export function VatLine({ invoice, format }: { invoice: InvoiceDto; format: InvoiceFormat }) {
  const { t } = useTranslation('invoices');
  if (invoice.type === 'opening_balance') return <>{t('notTaxInvoice')}</>;
  if (invoice.type === 'write_off') return <>{t('notTaxDocument')}</>;
  return (
    <>{t('vat', { rate: format.rate(invoice.taxRate), amount: format.money(invoice.taxAmount, invoice.currency) })}</>
  );
}

export function IssuedAt({ value, format }: { value: string; format: InvoiceFormat }) {
  return (
    <Box component="time" dateTime={value} sx={{ whiteSpace: 'nowrap' }}>
      {format.date(value)}
    </Box>
  );
}

/**
 * Record payment of a customer invoice with money left to pay (nothing otherwise): a text button
 * on a phone card, an icon with a tooltip in a table, where width is short.
 */
export function RecordPaymentButton({
  invoice,
  compact = false,
  onRecordPayment,
}: {
  invoice: InvoiceDto;
  compact?: boolean;
  onRecordPayment: (invoice: InvoiceDto) => void;
}) {
  const { t } = useTranslation('invoices');
  if (!takesPayment(invoice)) return null;
  const label = t('payment.recordFor', { number: invoice.invoiceNumber });
  return compact ? (
    <Tooltip title={t('payment.record')}>
      <IconButton size="small" color="primary" aria-label={label} onClick={() => onRecordPayment(invoice)}>
        <PaymentsRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Button
      size="small"
      startIcon={<PaymentsRoundedIcon />}
      aria-label={label}
      onClick={() => onRecordPayment(invoice)}
    >
      {t('payment.record')}
    </Button>
  );
}

interface InvoicesCardProps {
  invoices: Invoices;
  /** Whether the user may record payments (invoices:write). */
  canRecordPayments: boolean;
  onOpen: (invoice: InvoiceDto) => void;
  onRecordPayment: (invoice: InvoiceDto) => void;
}

/** A click on a row's own controls (a button, a link) is theirs, not the row's. */
export function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('button, a, input') !== null;
}

/**
 * All Invoices (SPEC §2): filters, then a table of number, type, client or supplier, amount,
 * balance due, payment status, date, Record payment and Download, in server-side pages; small
 * cards instead of the table on a phone. A row (or its number) opens the invoice's details.
 */
export function InvoicesCard({ invoices, canRecordPayments, onOpen, onRecordPayment }: InvoicesCardProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const isPhone = useIsPhone();
  const { user } = useCurrentUser();
  const columnChoice = useColumnChoice(user?.id, 'invoices', invoicesOptionalColumns);
  const { shown } = columnChoice;
  const { download, isDownloading } = useDownloadInvoice();
  const { items } = invoices;

  const recordPaymentButton = (invoice: InvoiceDto, compact = false) =>
    canRecordPayments && <RecordPaymentButton invoice={invoice} compact={compact} onRecordPayment={onRecordPayment} />;

  const downloadButton = (invoice: InvoiceDto, compact = false) => (
    <DownloadInvoiceButton
      compact={compact}
      invoice={invoice}
      downloading={isDownloading(invoice.invoiceNumber)}
      onDownload={(file) => void download(file)}
    />
  );

  const sorting = { sort: invoices.sort, onSort: invoices.sortBy };
  const columns = 2 + invoicesOptionalColumns.filter((column) => shown(column)).length;

  return (
    <ListCard
      list={invoices}
      rows={items}
      titleId="invoices-list-title"
      icon={<ReceiptLongRoundedIcon />}
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      tools={
        <>
          {!isPhone && <ColumnsMenu choice={columnChoice} labelOf={(column) => t(`list.columns.${column}`)} />}
          <ExportMenu path={listPath('/api/invoices', invoices.exportParams)} name="invoices" />
        </>
      }
      filterBar={<InvoiceFilters invoices={invoices} />}
      sortColumns={[
        { field: 'invoiceNumber', label: t('list.columns.number') },
        { field: 'clientName', label: t('list.columns.party') },
        { field: 'totalAmount', label: t('list.columns.amount') },
        { field: 'issuedAt', label: t('list.columns.date') },
      ]}
      sortId="invoices-sort"
      noResults={{
        title: t('list.noResults.title'),
        description: t('list.noResults.description'),
        action: (
          <Button onClick={invoices.clearFilters} sx={{ mt: 1.5 }}>
            {t('filters.clear')}
          </Button>
        ),
      }}
      table={{
        label: t('list.tableLabel'),
        minWidth: 960,
        columnCount: columns,
        head: (
          <>
            <SortableHeaderCell field="invoiceNumber" {...sorting}>
              {t('list.columns.number')}
            </SortableHeaderCell>
            {shown('type') && <TableCell>{t('list.columns.type')}</TableCell>}
            {shown('party') && (
              <SortableHeaderCell field="clientName" {...sorting}>
                {t('list.columns.party')}
              </SortableHeaderCell>
            )}
            {shown('amount') && (
              <SortableHeaderCell field="totalAmount" align="right" {...sorting}>
                {t('list.columns.amount')}
              </SortableHeaderCell>
            )}
            {shown('payment') && <TableCell>{t('list.columns.payment')}</TableCell>}
            {shown('date') && (
              <SortableHeaderCell field="issuedAt" {...sorting}>
                {t('list.columns.date')}
              </SortableHeaderCell>
            )}
            <TableCell align="right">{t('list.columns.actions')}</TableCell>
          </>
        ),
        row: (invoice) => (
          <TableRow
            key={invoice.id}
            hover
            data-testid="invoice-row"
            // The number is the keyboard's way in; the whole row is a larger target for the mouse.
            onClick={(event) => {
              if (!fromControl(event)) onOpen(invoice);
            }}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell>
              <InvoiceNumber invoice={invoice} onOpen={onOpen} />
            </TableCell>
            {shown('type') && (
              <TableCell>
                <InvoiceTypeBadge type={invoice.type} />
              </TableCell>
            )}
            {shown('party') && (
              <TableCell>
                <PartyName invoice={invoice} />
              </TableCell>
            )}
            {shown('amount') && (
              <TableCell align="right">
                <InvoiceAmount invoice={invoice} format={format} />
              </TableCell>
            )}
            {shown('payment') && (
              <TableCell>
                <PaymentCell invoice={invoice} format={format} />
              </TableCell>
            )}
            {shown('date') && (
              <TableCell>
                <IssuedAt value={invoice.issuedAt} format={format} />
              </TableCell>
            )}
            <TableCell align="right">
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                {recordPaymentButton(invoice, true)}
                {downloadButton(invoice, true)}
              </Box>
            </TableCell>
          </TableRow>
        ),
      }}
      phoneItem={(invoice) => (
        <PhoneListItem key={invoice.id} testId="invoice-row">
          <PhoneListHead badge={<InvoiceTypeBadge type={invoice.type} />}>
            <InvoiceNumber invoice={invoice} onOpen={onOpen} />
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
              <PartyName invoice={invoice} />
            </Typography>
          </PhoneListHead>
          {isReceivable(invoice) && invoice.paymentStatus && (
            <Box>
              <PaymentStatusChip status={invoice.paymentStatus} overdue={invoice.overdue} type={invoice.type} />
            </Box>
          )}
          <PhoneFacts
            facts={[
              { label: t('list.columns.amount'), value: <InvoiceAmount invoice={invoice} format={format} /> },
              isReceivable(invoice)
                ? { label: t('list.columns.balance'), value: <BalanceDue invoice={invoice} format={format} /> }
                : { label: t('list.columns.date'), value: <IssuedAt value={invoice.issuedAt} format={format} /> },
            ]}
          />
          {isReceivable(invoice) && (
            <Typography variant="caption" color="text.secondary">
              {t('list.issuedOn')} <IssuedAt value={invoice.issuedAt} format={format} />
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            {recordPaymentButton(invoice)}
            {downloadButton(invoice)}
          </Box>
        </PhoneListItem>
      )}
    />
  );
}
