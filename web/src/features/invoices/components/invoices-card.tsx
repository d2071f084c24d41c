import type { InvoiceDto } from '@erp/contracts';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PhoneFacts, PhoneList, PhoneListHead, PhoneListItem, useIsPhone } from '../../../components/phone-list';
import { SectionCardHeader } from '../../../components/section-card-header';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useDownloadInvoice } from '../hooks/use-download-invoice';
import { useInvoiceFormat, type InvoiceFormat } from '../hooks/use-invoice-format';
import { invoicePageSizes, type InvoicePageSize, type Invoices } from '../hooks/use-invoices';
import { DownloadInvoiceButton } from './download-invoice-button';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTypeBadge } from './invoice-type-badge';

/** SPEC §2: three placeholder rows while the list loads. */
const PLACEHOLDER_ROWS = 3;
const COLUMNS = 6;

/** The order an invoice was issued for, or the supplier's own number of a supplier invoice. */
function InvoiceReference({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('invoices');
  const [label, number] =
    invoice.type === 'customer'
      ? [t('reference.order'), invoice.orderNumber]
      : [t('reference.supplier'), invoice.supplierInvoiceNumber];
  if (!number) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {label} {/* A number reads left to right and stays on one line, in Arabic too. */}
      <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
        {number}
      </Box>
    </Typography>
  );
}

function InvoiceNumber({ invoice }: { invoice: InvoiceDto }) {
  return (
    <>
      <Box
        component="bdi"
        dir="ltr"
        sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {invoice.invoiceNumber}
      </Box>
      <InvoiceReference invoice={invoice} />
    </>
  );
}

/** `clientName ?? supplierName`, else "N/A" (docs/api/invoices.md). */
function PartyName({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('invoices');
  const name = invoice.clientName ?? invoice.supplierName;
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
function InvoiceAmount({ invoice, format }: { invoice: InvoiceDto; format: InvoiceFormat }) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {format.money(invoice.totalAmount, invoice.currency)}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {t('vat', { rate: format.rate(invoice.taxRate), amount: format.money(invoice.taxAmount, invoice.currency) })}
      </Typography>
    </>
  );
}

function IssuedAt({ value, format }: { value: string; format: InvoiceFormat }) {
  return (
    <Box component="time" dateTime={value} sx={{ whiteSpace: 'nowrap' }}>
      {format.date(value)}
    </Box>
  );
}

/**
 * All Invoices (SPEC §2): filters, then a table of number, type, client or supplier, amount,
 * date and Download, in server-side pages; small cards instead of the table on a phone.
 */
export function InvoicesCard({ invoices }: { invoices: Invoices }) {
  const { t } = useTranslation('invoices');
  const { language } = useLanguage();
  const format = useInvoiceFormat();
  const isPhone = useIsPhone();
  const { download, isDownloading } = useDownloadInvoice();
  const { items } = invoices;

  const downloadButton = (invoice: InvoiceDto) => (
    <DownloadInvoiceButton
      invoice={invoice}
      downloading={isDownloading(invoice.invoiceNumber)}
      onDownload={(file) => void download(file)}
    />
  );

  const noResults = (
    <Box sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffRoundedIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('list.noResults.title')}
      </Typography>
      <Typography variant="body2">{t('list.noResults.description')}</Typography>
      <Button onClick={invoices.clearFilters} sx={{ mt: 1.5 }}>
        {t('filters.clear')}
      </Button>
    </Box>
  );

  const phoneList = (
    <PhoneList label={t('list.tableLabel')} busy={!items}>
      {!items
        ? Array.from({ length: PLACEHOLDER_ROWS }, (_value, index) => (
            <PhoneListItem key={index} testId="skeleton-row">
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" width="90%" />
            </PhoneListItem>
          ))
        : items.length === 0
          ? noResults
          : items.map((invoice) => (
              <PhoneListItem key={invoice.id} testId="invoice-row">
                <PhoneListHead badge={<InvoiceTypeBadge type={invoice.type} />}>
                  <InvoiceNumber invoice={invoice} />
                  <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
                    <PartyName invoice={invoice} />
                  </Typography>
                </PhoneListHead>
                <PhoneFacts
                  facts={[
                    { label: t('list.columns.amount'), value: <InvoiceAmount invoice={invoice} format={format} /> },
                    { label: t('list.columns.date'), value: <IssuedAt value={invoice.issuedAt} format={format} /> },
                  ]}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{downloadButton(invoice)}</Box>
              </PhoneListItem>
            ))}
    </PhoneList>
  );

  const table = (
    <TableContainer>
      <Table aria-label={t('list.tableLabel')} aria-busy={!items} sx={{ minWidth: 880 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.number')}</TableCell>
            <TableCell>{t('list.columns.type')}</TableCell>
            <TableCell>{t('list.columns.party')}</TableCell>
            <TableCell align="right">{t('list.columns.amount')}</TableCell>
            <TableCell>{t('list.columns.date')}</TableCell>
            <TableCell align="right">{t('list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <TableSkeletonRows rows={PLACEHOLDER_ROWS} columns={COLUMNS} />
          ) : items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS} sx={{ borderBottom: 0 }}>
                {noResults}
              </TableCell>
            </TableRow>
          ) : (
            items.map((invoice) => (
              <TableRow key={invoice.id} hover data-testid="invoice-row">
                <TableCell>
                  <InvoiceNumber invoice={invoice} />
                </TableCell>
                <TableCell>
                  <InvoiceTypeBadge type={invoice.type} />
                </TableCell>
                <TableCell>
                  <PartyName invoice={invoice} />
                </TableCell>
                <TableCell align="right">
                  <InvoiceAmount invoice={invoice} format={format} />
                </TableCell>
                <TableCell>
                  <IssuedAt value={invoice.issuedAt} format={format} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {downloadButton(invoice)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Card component="section" aria-labelledby="invoices-list-title">
      <SectionCardHeader
        id="invoices-list-title"
        icon={<ReceiptLongRoundedIcon />}
        title={t('list.title')}
        subtitle={t('list.subtitle')}
      />
      <InvoiceFilters invoices={invoices} />
      {invoices.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <LoadErrorAlert error={invoices.error} onRetry={() => void invoices.refetch()} />
        </Box>
      ) : (
        <>
          {isPhone ? phoneList : table}
          <TablePagination
            component="div"
            count={invoices.total}
            page={Math.min(invoices.page, Math.max(0, Math.ceil(invoices.total / invoices.pageSize) - 1))}
            rowsPerPage={invoices.pageSize}
            rowsPerPageOptions={[...invoicePageSizes]}
            onPageChange={(_event, next) => invoices.setPage(next)}
            onRowsPerPageChange={(event) => invoices.setPageSize(Number(event.target.value) as InvoicePageSize)}
            labelRowsPerPage={t('list.pagination.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('list.pagination.displayed', {
                from: formatQuantity(from, language),
                to: formatQuantity(to, language),
                total: formatQuantity(count, language),
              })
            }
            getItemAriaLabel={(type) => t(`list.pagination.${type}`)}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        </>
      )}
    </Card>
  );
}
