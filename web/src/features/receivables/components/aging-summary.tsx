import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import HourglassBottomRoundedIcon from '@mui/icons-material/HourglassBottomRounded';
import PendingActionsRoundedIcon from '@mui/icons-material/PendingActionsRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/stat-card';
import { toCents } from '../../../lib/decimal';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { AgingFormat } from '../hooks/use-aging-format';
import type { AgingSummary as AgingSummaryFigures } from '../lib/aging';

interface AgingSummaryProps {
  /** Undefined while the report loads: the cards show placeholders. */
  summary: AgingSummaryFigures | undefined;
  format: AgingFormat;
}

/** Total receivable, what of it is overdue (everything but current) and what is over 90 days. */
export function AgingSummary({ summary, format }: AgingSummaryProps) {
  const { t } = useTranslation('receivables');
  const loading = !summary;
  const overdue = summary !== undefined && toCents(summary.overdue) > 0n;
  const over90 = summary !== undefined && toCents(summary.over90) > 0n;

  return (
    <Box component="section" aria-labelledby="receivables-summary-title" aria-busy={loading}>
      <Typography id="receivables-summary-title" component="h2" sx={visuallyHidden}>
        {t('summary.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <StatCard
          testId="summary-total"
          label={t('summary.total.label')}
          icon={<AccountBalanceWalletRoundedIcon />}
          loading={loading}
          value={summary && <bdi>{format.money(summary.total)}</bdi>}
          detail={summary && t('summary.total.detail', { clients: format.count(summary.clients) })}
        />
        <StatCard
          testId="summary-overdue"
          label={t('summary.overdue.label')}
          icon={<PendingActionsRoundedIcon />}
          accent="warning"
          loading={loading}
          valueColor={overdue ? 'warning.main' : undefined}
          value={summary && <bdi>{format.money(summary.overdue)}</bdi>}
          detail={
            summary &&
            (overdue
              ? t('summary.overdue.detail', { clients: format.count(summary.overdueClients) })
              : t('summary.overdue.none'))
          }
        />
        <StatCard
          testId="summary-over-90"
          label={t('summary.over90.label')}
          icon={<HourglassBottomRoundedIcon />}
          accent="warning"
          loading={loading}
          valueColor={over90 ? 'error.main' : undefined}
          value={summary && <bdi>{format.money(summary.over90)}</bdi>}
          detail={summary && t(over90 ? 'summary.over90.detail' : 'summary.over90.none')}
        />
      </Box>
    </Box>
  );
}
