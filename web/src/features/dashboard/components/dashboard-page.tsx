import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useGetDashboardStatsQuery } from '../api/dashboard-api';
import { DashboardStats } from './dashboard-stats';
import { QuickActionsCard } from './quick-actions-card';

export interface DashboardPageProps {
  /** For the welcome line. */
  userName: string;
  /** analytics:read: the four figures (and their request); without it only the welcome and Quick Actions. */
  canReadAnalytics: boolean;
  /** orders:write: the New Order quick action. */
  canCreateOrders: boolean;
  /** stock:write: the Upload Invoice quick action. */
  canUploadInvoices: boolean;
  /** stock:read: the Low Stock card links to the Stock screen. */
  canViewStock: boolean;
  /** The company's currency (settings, CONTRACT §4); null while the settings load. */
  currency: string | null;
  /**
   * The Receivables card (invoices:read), from the receivables feature: the route composes it,
   * as features do not import each other. Nothing without the permission.
   */
  receivables?: ReactNode;
}

/**
 * /dashboard (SPEC §2): a welcome, the four key figures for users with analytics:read, a
 * 'No data yet' card while there are no orders and no clients, the Receivables card for users
 * with invoices:read, and the Quick Actions the user may take. Admins and owners hold every
 * permission.
 */
export function DashboardPage({
  userName,
  canReadAnalytics,
  canCreateOrders,
  canUploadInvoices,
  canViewStock,
  currency,
  receivables,
}: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  // Without analytics:read the server would answer 403: the request is not made at all.
  const stats = useGetDashboardStatsQuery(undefined, { skip: !canReadAnalytics });
  const isEmpty = stats.data !== undefined && stats.data.totalOrders === 0 && stats.data.totalClients === 0;

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('welcome', { name: userName })}
      </Typography>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {canReadAnalytics &&
          (stats.isError ? (
            <LoadErrorAlert error={stats.error} onRetry={() => void stats.refetch()} />
          ) : (
            <DashboardStats stats={stats.data} currency={currency} canViewStock={canViewStock} />
          ))}
        {isEmpty && (
          <EmptyStateCard
            icon={<SpaceDashboardRoundedIcon />}
            title={t('empty.title')}
            description={t(canCreateOrders || canUploadInvoices ? 'empty.description' : 'empty.readOnlyDescription')}
          />
        )}
        {receivables}
        <QuickActionsCard canCreateOrders={canCreateOrders} canUploadInvoices={canUploadInvoices} />
        {!canReadAnalytics && (
          // A standing note, not news: no alert role (which screen readers would announce).
          <Alert role="note" severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
            {t('noAnalyticsAccess')}
          </Alert>
        )}
      </Box>
    </>
  );
}
