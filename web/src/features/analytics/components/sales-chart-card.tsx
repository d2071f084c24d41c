import BarChartRoundedIcon from '@mui/icons-material/BarChartRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCardHeader } from '../../../components/section-card-header';
import { currencyLabel } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { AnalyticsDto } from '../api/analytics-api';
import type { AnalyticsFormat } from '../hooks/use-analytics-format';
import { bestPoint, buildSalesSeries } from '../lib/sales-series';
import { compactCellSx, NoDataAvailable } from './analytics-table-parts';
import { SalesChart } from './sales-chart';

interface SalesChartCardProps {
  data: AnalyticsDto;
  currency: string;
  format: AnalyticsFormat;
}

/**
 * Sales over the period: a bar per day with the days without orders at zero (per month or year
 * over long periods), a sentence that sums it up (the chart's text alternative), and the same
 * figures as a table on request.
 */
export function SalesChartCard({ data, currency, format }: SalesChartCardProps) {
  const { t } = useTranslation('analytics');
  const { language } = useLanguage();
  const series = useMemo(() => buildSalesSeries(data.salesByDay, data.from, data.to), [data]);
  const { granularity, points } = series;
  const best = bestPoint(points);

  const summary =
    series.from && series.to
      ? [
          t('chart.summary.total', {
            revenue: format.money(data.totalRevenue),
            orders: format.count(data.totalOrders),
            from: format.day(series.from),
            to: format.day(series.to),
          }),
          best
            ? t(`chart.summary.best.${granularity}`, {
                when: format.bucket(best.start, granularity),
                revenue: format.money(best.revenue),
              })
            : '',
        ]
          .filter(Boolean)
          .join(' ')
      : '';

  return (
    <Card component="section" aria-labelledby="sales-chart-title">
      <SectionCardHeader
        id="sales-chart-title"
        icon={<BarChartRoundedIcon />}
        title={t('chart.title')}
        subtitle={t(`chart.subtitle.${granularity}`)}
      />
      {points.length === 0 ? (
        <NoDataAvailable />
      ) : (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t('chart.valueAxis', { currency: currencyLabel(currency, language) })}
          </Typography>
          <SalesChart
            series={series}
            format={format}
            labelledBy="sales-chart-title"
            describedBy="sales-chart-summary"
          />
          <Typography id="sales-chart-summary" variant="body2" color="text.secondary">
            {summary}
          </Typography>
          <Box
            component="details"
            sx={{
              '& > summary': {
                cursor: 'pointer',
                width: 'fit-content',
                color: 'primary.main',
                fontWeight: 600,
                fontSize: '0.875rem',
                borderRadius: 1,
              },
              '& > summary:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <summary>{t('chart.showTable')}</summary>
            <TableContainer sx={{ mt: 1.5, maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Table size="small" stickyHeader aria-label={t(`chart.tableLabel.${granularity}`)} sx={compactCellSx}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t(`chart.columns.${granularity}`)}</TableCell>
                    <TableCell align="right">{t('chart.columns.orders')}</TableCell>
                    <TableCell align="right">{t('chart.columns.revenue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {points.map((point) => (
                    <TableRow key={point.key} data-testid="sales-row">
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        {granularity === 'day' ? format.day(point.start) : format.bucket(point.start, granularity)}
                      </TableCell>
                      <TableCell align="right">{format.count(point.orders)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <bdi>{format.money(point.revenue)}</bdi>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        </Box>
      )}
    </Card>
  );
}
