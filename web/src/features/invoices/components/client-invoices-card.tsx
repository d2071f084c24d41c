import type { InvoiceDto } from '@erp/contracts';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list/list-pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import {
  PhoneFacts,
  PhoneList,
  PhoneListHead,
  PhoneListItem,
  PhoneSkeletonItems,
  useIsPhone,
} from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import type { ClientInvoices } from '../hooks/use-client-invoices';
import { useDownloadInvoice } from '../hooks/use-download-invoice';
import { useInvoiceFormat } from '../hooks/use-invoice-format';
import { isReceivable } from '../lib/payments';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceTypeBadge } from './invoice-type-badge';
import {
  BalanceDue,
  fromControl,
  InvoiceAmount,
  InvoiceNumber,
  IssuedAt,
  PaymentCell,
  RecordPaymentButton,
} from './invoices-card';
import { PaymentStatusChip } from './payment-status-chip';

/** As the All Invoices list: three placeholder rows while a page loads. */
const PLACEHOLDER_ROWS = 3;
const COLUMNS = 6;

interface ClientInvoicesCardProps {
  invoices: ClientInvoices;
  /** invoices:write: Record payment on an invoice with money left to pay. */
  canRecordPayments: boolean;
  onOpen: (invoice: InvoiceDto) => void;
  onRecordPayment: (invoice: InvoiceDto) => void;
}

/**
 * One client's invoices and credit notes: the All Invoices list's cells (number with its order or
 * credited invoice, type, amount with VAT, payment status with the balance and due date, issue
 * date, Record payment and Download) without the client column or the filters, in server-side
 * pages; cards on a phone. A row (or its number) opens the invoice's details.
 */
export function ClientInvoicesCard({ invoices, canRecordPayments, onOpen, onRecordPayment }: ClientInvoicesCardProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const isPhone = useIsPhone();
  const { download, isDownloading } = useDownloadInvoice();
  const { items } = invoices;

  const actions = (invoice: InvoiceDto, compact: boolean) => (
    <>
      {canRecordPayments && (
        <RecordPaymentButton invoice={invoice} compact={compact} onRecordPayment={onRecordPayment} />
      )}
      <DownloadInvoiceButton
        compact={compact}
        invoice={invoice}
        downloading={isDownloading(invoice.invoiceNumber)}
        onDownload={(file) => void download(file)}
      />
    </>
  );

  const phoneList = (
    <PhoneList label={t('client.tableLabel')} busy={!items}>
      {!items ? (
        <PhoneSkeletonItems count={PLACEHOLDER_ROWS} />
      ) : (
        items.map((invoice) => (
          <PhoneListItem key={invoice.id} testId="invoice-row">
            <PhoneListHead badge={<InvoiceTypeBadge type={invoice.type} />}>
              <InvoiceNumber invoice={invoice} onOpen={onOpen} />
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
              {actions(invoice, false)}
            </Box>
          </PhoneListItem>
        ))
      )}
    </PhoneList>
  );

  const table = (
    <TableContainer>
      <Table aria-label={t('client.tableLabel')} aria-busy={!items} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.number')}</TableCell>
            <TableCell>{t('list.columns.type')}</TableCell>
            <TableCell align="right">{t('list.columns.amount')}</TableCell>
            <TableCell>{t('list.columns.payment')}</TableCell>
            <TableCell>{t('list.columns.date')}</TableCell>
            <TableCell align="right">{t('list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <TableSkeletonRows rows={PLACEHOLDER_ROWS} columns={COLUMNS} />
          ) : (
            items.map((invoice) => (
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
                <TableCell>
                  <InvoiceTypeBadge type={invoice.type} />
                </TableCell>
                <TableCell align="right">
                  <InvoiceAmount invoice={invoice} format={format} />
                </TableCell>
                <TableCell>
                  <PaymentCell invoice={invoice} format={format} />
                </TableCell>
                <TableCell>
                  <IssuedAt value={invoice.issuedAt} format={format} />
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>{actions(invoice, true)}</Box>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Card component="section" aria-labelledby="client-invoices-title">
      <SectionCardHeader
        id="client-invoices-title"
        icon={<ReceiptLongRoundedIcon />}
        title={t('client.title')}
        subtitle={t('client.subtitle')}
      />
      {invoices.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={invoices.error} onRetry={() => void invoices.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? phoneList : table}
          <ListPagination list={invoices} />
        </>
      )}
    </Card>
  );
}
