import EmojiEventsRoundedIcon from '@mui/icons-material/EmojiEventsRounded';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCardHeader } from '../../../components/section-card-header';
import type { TopClientDto } from '../api/analytics-api';
import type { AnalyticsFormat } from '../hooks/use-analytics-format';
import { compactCellSx, NoDataAvailable, RankBadge } from './analytics-table-parts';

interface TopClientsCardProps {
  clients: readonly TopClientDto[];
  format: AnalyticsFormat;
}

/** SPEC §2 Top Clients by Revenue: rank, name, revenue (and their number of orders). */
export function TopClientsCard({ clients, format }: TopClientsCardProps) {
  const { t } = useTranslation('analytics');
  return (
    <Card component="section" aria-labelledby="top-clients-title" sx={{ minWidth: 0 }}>
      <SectionCardHeader
        id="top-clients-title"
        icon={<EmojiEventsRoundedIcon />}
        title={t('topClients.title')}
        subtitle={t('topClients.subtitle')}
      />
      {clients.length === 0 ? (
        <NoDataAvailable />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="top-clients-title" sx={compactCellSx}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48 }}>{t('topClients.columns.rank')}</TableCell>
                <TableCell>{t('topClients.columns.name')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('topClients.columns.orders')}
                </TableCell>
                <TableCell align="right">{t('topClients.columns.revenue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.map((client, index) => (
                <TableRow key={client.clientId ?? `${client.name}-${index}`} data-testid="top-client-row">
                  <TableCell>
                    <RankBadge rank={index + 1} />
                  </TableCell>
                  <TableCell component="th" scope="row">
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      <bdi>{client.name}</bdi>
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {t('topClients.orderCount', { orders: format.count(client.orders) })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {format.count(client.orders)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    <bdi>{format.money(client.revenue)}</bdi>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
