import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import PercentRoundedIcon from '@mui/icons-material/PercentRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/stat-card';
import type { AnalyticsDto } from '../api/analytics-api';
import type { AnalyticsFormat } from '../hooks/use-analytics-format';

export type MarginTone = 'positive' | 'negative' | 'none';

/** SPEC §2: the success style at zero or above, the error style below zero; none when unknown (null). */
export function marginToneOf(margin: number | null): MarginTone {
  if (margin === null || !Number.isFinite(margin)) return 'none';
  return margin >= 0 ? 'positive' : 'negative';
}

const toneColours: Record<MarginTone, string> = {
  positive: 'success.main',
  negative: 'error.main',
  none: 'text.secondary',
};

interface AnalyticsSummaryProps {
  data: AnalyticsDto;
  format: AnalyticsFormat;
}

/** Revenue, orders and profit margin of the chosen period, with the days it covers. */
export function AnalyticsSummary({ data, format }: AnalyticsSummaryProps) {
  const { t } = useTranslation('analytics');
  const tone = marginToneOf(data.profitMargin);
  const range =
    data.from && data.to ? t('summary.range', { from: format.day(data.from), to: format.day(data.to) }) : null;

  return (
    <Box component="section" aria-labelledby="analytics-summary-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, mb: 1.5 }}>
        <Typography id="analytics-summary-title" variant="h6" component="h2">
          {t('summary.title')}
        </Typography>
        {range && (
          <Typography variant="body2" color="text.secondary" data-testid="analytics-range">
            {range}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <StatCard
          testId="summary-revenue"
          label={t('summary.revenue.label')}
          icon={<PaymentsRoundedIcon />}
          accent="secondary"
          value={<bdi>{format.money(data.totalRevenue)}</bdi>}
          detail={t('summary.revenue.detail')}
        />
        <StatCard
          testId="summary-orders"
          label={t('summary.orders.label')}
          icon={<ShoppingCartRoundedIcon />}
          value={format.count(data.totalOrders)}
          detail={t('summary.orders.detail')}
        />
        <StatCard
          testId="summary-margin"
          label={t('summary.margin.label')}
          icon={<PercentRoundedIcon />}
          accent="info"
          valueColor={toneColours[tone]}
          value={
            <Box component="span" data-tone={tone}>
              {data.profitMargin === null ? t('common:noValue') : <bdi>{format.percent(data.profitMargin)}</bdi>}
            </Box>
          }
          detail={t(tone === 'none' ? 'summary.margin.unknown' : 'summary.margin.detail')}
        />
      </Box>
    </Box>
  );
}
