import EventBusyRoundedIcon from '@mui/icons-material/EventBusyRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useQueryParams } from '../../../lib/use-query-params';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useGetAnalyticsQuery, type AnalyticsDto } from '../api/analytics-api';
import { useAnalyticsFormat } from '../hooks/use-analytics-format';
import { DEFAULT_PERIOD, isAnalyticsPeriod, periodRange, type AnalyticsPeriod } from '../lib/periods';
import { AnalyticsPlaceholder } from './analytics-placeholder';
import { AnalyticsSummary } from './analytics-summary';
import { PeriodSelect } from './period-select';
import { SalesChartCard } from './sales-chart-card';
import { TopClientsCard } from './top-clients-card';
import { TopProductsCard } from './top-products-card';

export interface AnalyticsPageProps {
  /** analytics:read (admins and owners hold it); without it nothing is requested. */
  canRead: boolean;
  /** The company's currency (settings, CONTRACT §4); null while the settings load. */
  currency: string | null;
}

/** Nothing sold in the answer's period. */
export function hasNoData(data: AnalyticsDto): boolean {
  return (
    data.totalOrders === 0 &&
    data.topClients.length === 0 &&
    data.topProducts.length === 0 &&
    data.salesByDay.length === 0
  );
}

/**
 * /analytics (SPEC §2): a period (default Last 30 days, kept in `?period=`), its revenue, orders
 * and profit margin, sales over time, Top Clients by Revenue and Top Products. When the period
 * is empty the screen tells apart "nothing in this period" from "no data at all" (all time,
 * asked only then).
 */
export function AnalyticsPage({ canRead, currency }: AnalyticsPageProps) {
  const { t } = useTranslation('analytics');
  const [searchParams, updateParams] = useQueryParams();
  const requested = searchParams.get('period');
  const period: AnalyticsPeriod = isAnalyticsPeriod(requested) ? requested : DEFAULT_PERIOD;
  const analytics = useGetAnalyticsQuery(periodRange(period), { skip: !canRead });
  const data = analytics.currentData;
  const periodEmpty = data !== undefined && hasNoData(data);
  const allTime = useGetAnalyticsQuery({}, { skip: !canRead || !periodEmpty || period === 'all-time' });
  const format = useAnalyticsFormat(currency ?? 'SAR');

  const choosePeriod = (next: AnalyticsPeriod) => {
    updateParams((updated) => {
      if (next === DEFAULT_PERIOD) updated.delete('period');
      else updated.set('period', next);
    });
  };

  if (!canRead) {
    return (
      <>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <EmptyStateCard
          icon={<LockRoundedIcon />}
          title={t('notAllowed.title')}
          description={t('notAllowed.description')}
        />
      </>
    );
  }

  const noDataAtAll =
    periodEmpty && (period === 'all-time' || (allTime.currentData !== undefined && hasNoData(allTime.currentData)));
  const waitingForAllTime = periodEmpty && !noDataAtAll && allTime.isFetching;

  let content;
  if (analytics.isError && !data) {
    content = <LoadErrorAlert error={analytics.error} onRetry={() => void analytics.refetch()} />;
  } else if (!data || currency === null || waitingForAllTime) {
    content = <AnalyticsPlaceholder />;
  } else if (noDataAtAll) {
    content = (
      <EmptyStateCard icon={<InsightsRoundedIcon />} title={t('empty.title')} description={t('empty.description')} />
    );
  } else if (periodEmpty) {
    content = (
      <EmptyStateCard
        icon={<EventBusyRoundedIcon />}
        title={t('emptyPeriod.title')}
        description={t('emptyPeriod.description')}
        action={
          <Button variant="contained" onClick={() => choosePeriod('all-time')}>
            {t('emptyPeriod.action')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <AnalyticsSummary data={data} format={format} />
        <SalesChartCard data={data} currency={currency} format={format} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TopClientsCard clients={data.topClients} format={format} />
          <TopProductsCard products={data.topProducts} format={format} />
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<PeriodSelect value={period} onChange={choosePeriod} />}
      />
      {content}
    </>
  );
}
