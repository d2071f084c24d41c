import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import PaymentsRoundedIcon from '@mui/icons-material/PaymentsRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatCard } from '../../../components/stat-card';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { DashboardStatsDto } from '../api/dashboard-api';
import { STOCK_PATH } from '../lib/quick-actions';
import { RevenueChange } from './revenue-change';

interface DashboardStatsProps {
  /** Undefined while loading: the four cards show placeholders. */
  stats: DashboardStatsDto | undefined;
  /** The company's currency; null while the settings load. */
  currency: string | null;
  /** stock:read: the Low Stock card links to /stock. */
  canViewStock: boolean;
}

/** SPEC §2: Total Orders (with pending), Total Revenue (with this month's change), Active Clients, Low Stock Items. */
export function DashboardStats({ stats, currency, canViewStock }: DashboardStatsProps) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const count = (value: number) => formatQuantity(value, language);
  const loading = !stats;
  const lowStock = stats?.lowStockItems ?? 0;

  return (
    <Box component="section" aria-labelledby="dashboard-overview-title" aria-busy={loading}>
      <Typography id="dashboard-overview-title" component="h2" sx={visuallyHidden}>
        {t('stats.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <StatCard
          testId="stat-orders"
          label={t('stats.orders.label')}
          icon={<ShoppingCartRoundedIcon />}
          loading={loading}
          value={stats && count(stats.totalOrders)}
          detail={stats && t('stats.orders.pending', { pending: count(stats.pendingOrders) })}
        />
        <StatCard
          testId="stat-revenue"
          label={t('stats.revenue.label')}
          icon={<PaymentsRoundedIcon />}
          accent="secondary"
          loading={loading || currency === null}
          value={stats && currency && <bdi>{formatMoney(stats.totalRevenue, currency, language)}</bdi>}
          detail={stats && <RevenueChange change={stats.revenueChange} />}
        />
        <StatCard
          testId="stat-clients"
          label={t('stats.clients.label')}
          icon={<PeopleAltRoundedIcon />}
          accent="info"
          loading={loading}
          value={stats && count(stats.totalClients)}
          detail={t('stats.clients.detail')}
        />
        <StatCard
          testId="stat-low-stock"
          label={t('stats.lowStock.label')}
          icon={<Inventory2RoundedIcon />}
          accent="warning"
          loading={loading}
          value={stats && count(lowStock)}
          valueColor={lowStock > 0 ? 'warning.main' : undefined}
          detail={t(lowStock > 0 ? 'stats.lowStock.detail' : 'stats.lowStock.none')}
          action={
            canViewStock &&
            stats && (
              <Link component={RouterLink} to={STOCK_PATH} variant="body2" sx={{ fontWeight: 600 }}>
                {t('stats.lowStock.link')}
              </Link>
            )
          }
        />
      </Box>
    </Box>
  );
}
