import LockRoundedIcon from '@mui/icons-material/LockRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { isHttpError } from '../../../lib/http-error';
import { useGetAgingReportQuery } from '../api/receivables-api';
import { useAgingFormat } from '../hooks/use-aging-format';
import { agingSummary } from '../lib/aging';
import { AgingCard } from './aging-card';
import { AgingSummary } from './aging-summary';

/** The currency of CONTRACT §4 until the settings have answered (nothing is shown in it meanwhile). */
const FALLBACK_CURRENCY = 'SAR';

export interface ReceivablesPageProps {
  /** invoices:read (admins and owners hold it); without it nothing is requested. */
  canRead: boolean;
  /** The company's currency (settings, CONTRACT §4); null while the settings load. */
  currency: string | null;
}

/**
 * /receivables (CONTRACT §11, docs/api/invoices.md "Statements and aging"): what clients owe,
 * by days past due. Three figures (total receivable, overdue, over 90 days), then the aging by
 * client with a totals row. The sidebar shows it to holders of invoices:read; the server
 * decides, so a 403 shows a "no access" state instead of an error.
 */
export function ReceivablesPage({ canRead, currency }: ReceivablesPageProps) {
  const { t } = useTranslation('receivables');
  const aging = useGetAgingReportQuery(undefined, { skip: !canRead });
  const format = useAgingFormat(currency ?? FALLBACK_CURRENCY);
  const forbidden = !canRead || (aging.isError && isHttpError(aging.error) && aging.error.status === 403);
  // Amounts wait for the currency they are shown in.
  const rows = currency === null ? undefined : aging.data;

  let content;
  if (forbidden) {
    content = (
      <EmptyStateCard
        icon={<LockRoundedIcon />}
        title={t('notAllowed.title')}
        description={t('notAllowed.description')}
      />
    );
  } else if (aging.isError && !aging.data) {
    content = <LoadErrorAlert error={aging.error} onRetry={() => void aging.refetch()} />;
  } else if (rows && rows.length === 0) {
    content = (
      <EmptyStateCard icon={<TaskAltRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <AgingSummary summary={rows && agingSummary(rows)} format={format} />
        <AgingCard rows={rows} format={format} />
      </Box>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {content}
    </>
  );
}
