import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCardHeader } from '../../../components/section-card-header';
import { toCents } from '../../../lib/decimal';
import { mirrorInRtl } from '../../../lib/rtl';
import { useGetAgingReportQuery } from '../api/receivables-api';
import { useAgingFormat } from '../hooks/use-aging-format';
import { agingSummary, clientPath, RECEIVABLES_PATH, topOverdueClients } from '../lib/aging';

/** How many clients the card names. */
export const TOP_OVERDUE_CLIENTS = 5;

/** The currency of CONTRACT §4 until the settings have answered (nothing is shown in it meanwhile). */
const FALLBACK_CURRENCY = 'SAR';

/** One figure: a small label over a bold value that shrinks with its box (cqi) rather than overflow. */
function Figure({ testId, label, value, color }: { testId: string; label: string; value: ReactNode; color?: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0, containerType: 'inline-size' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontSize: 'clamp(1.125rem, 9cqi, 1.5rem)',
          fontWeight: 800,
          lineHeight: 1.3,
          overflowWrap: 'break-word',
          color: color ?? 'text.primary',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

const figuresGridSx = {
  display: 'grid',
  gap: 2,
  m: 0,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
} as const;

function Placeholder() {
  return (
    <Box aria-hidden data-testid="receivables-skeleton">
      <Box sx={figuresGridSx}>
        {[0, 1, 2].map((index) => (
          <Box key={index}>
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="70%" sx={{ fontSize: '1.5rem' }} />
          </Box>
        ))}
      </Box>
      <Skeleton variant="text" width="35%" sx={{ mt: 2 }} />
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="text" width="100%" />
      ))}
    </Box>
  );
}

interface ReceivablesCardProps {
  /** The company's currency (settings, CONTRACT §4); null while the settings load. */
  currency: string | null;
}

/**
 * The dashboard's Receivables card (invoices:read; the caller shows it only then): what clients
 * owe in all, what of it is overdue and how many clients are, the clients owing the most past
 * due, and a link to the aging report. Read from the aging report's own query: the two screens
 * share one request.
 */
export function ReceivablesCard({ currency }: ReceivablesCardProps) {
  const { t } = useTranslation('receivables');
  const aging = useGetAgingReportQuery();
  const format = useAgingFormat(currency ?? FALLBACK_CURRENCY);
  const rows = currency === null ? undefined : aging.data;

  let content;
  if (aging.isError && !aging.data) {
    content = <LoadErrorAlert error={aging.error} onRetry={() => void aging.refetch()} />;
  } else if (!rows) {
    content = <Placeholder />;
  } else if (rows.length === 0) {
    content = (
      <EmptyStateCard
        flat
        titleComponent="h3"
        icon={<TaskAltRoundedIcon />}
        title={t('dashboard.empty.title')}
        description={t('dashboard.empty.description')}
      />
    );
  } else {
    const summary = agingSummary(rows);
    const top = topOverdueClients(rows, TOP_OVERDUE_CLIENTS);
    const overdue = toCents(summary.overdue) > 0n;
    content = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Box component="dl" aria-label={t('dashboard.figures')} sx={figuresGridSx}>
          <Figure
            testId="receivables-total"
            label={t('dashboard.totalOwed')}
            value={<bdi>{format.money(summary.total)}</bdi>}
          />
          <Figure
            testId="receivables-overdue"
            label={t('dashboard.overdue')}
            value={<bdi>{format.money(summary.overdue)}</bdi>}
            color={overdue ? 'warning.main' : undefined}
          />
          <Figure
            testId="receivables-overdue-clients"
            label={t('dashboard.overdueClients')}
            value={format.count(summary.overdueClients)}
            color={overdue ? 'warning.main' : undefined}
          />
        </Box>
        <Box>
          <Typography id="receivables-top-title" variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('dashboard.topOverdue')}
          </Typography>
          {top.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.noneOverdue')}
            </Typography>
          ) : (
            <Box component="ol" aria-labelledby="receivables-top-title" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {top.map((client) => (
                <Box
                  component="li"
                  key={client.clientId}
                  data-testid="receivables-top-client"
                  sx={{
                    display: 'flex',
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    columnGap: 2,
                    py: 0.75,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Link
                    component={RouterLink}
                    to={clientPath(client.clientId)}
                    underline="hover"
                    variant="body2"
                    sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    <bdi>{client.clientName}</bdi>
                  </Link>
                  <Typography
                    component="bdi"
                    variant="body2"
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: 'warning.main' }}
                  >
                    {format.money(client.overdue)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Box>
    );
  }

  return (
    <Card component="section" aria-labelledby="receivables-card-title" aria-busy={!rows && !aging.isError}>
      <SectionCardHeader
        id="receivables-card-title"
        icon={<AccountBalanceWalletRoundedIcon />}
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>{content}</Box>
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 2.5 } }}>
        <Link
          component={RouterLink}
          to={RECEIVABLES_PATH}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
        >
          {t('dashboard.viewReport')}
          <ChevronRightRoundedIcon aria-hidden fontSize="small" sx={mirrorInRtl} />
        </Link>
      </Box>
    </Card>
  );
}
