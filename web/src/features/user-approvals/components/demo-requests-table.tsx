import type { DemoRequestDto } from '@erp/contracts';
import EventNoteRoundedIcon from '@mui/icons-material/EventNoteRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

const COLUMNS = 6;

interface DemoRequestsTableProps {
  requests: DemoRequestDto[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The demo requests sent from the landing page, newest first. */
export function DemoRequestsTable({ requests, isLoading, error, onRetry }: DemoRequestsTableProps) {
  const { t } = useTranslation('user-approvals');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();

  if (error) {
    return (
      <Box sx={{ p: 2 }}>
        <LoadErrorAlert error={error} onRetry={onRetry} />
      </Box>
    );
  }
  if (!isLoading && requests?.length === 0) {
    return (
      <EmptyStateCard
        flat
        icon={<EventNoteRoundedIcon />}
        title={t('demoRequests.empty.title')}
        description={t('demoRequests.empty.description')}
      />
    );
  }

  return (
    <TableContainer>
      <Table aria-label={t('demoRequests.tableLabel')} aria-busy={isLoading} sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('demoRequests.columns.name')}</TableCell>
            <TableCell>{t('demoRequests.columns.company')}</TableCell>
            <TableCell>{t('demoRequests.columns.email')}</TableCell>
            <TableCell>{t('demoRequests.columns.phone')}</TableCell>
            <TableCell>{t('demoRequests.columns.message')}</TableCell>
            <TableCell>{t('demoRequests.columns.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading || !requests ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : (
            requests.map((request) => (
              <TableRow key={request.id} hover sx={{ verticalAlign: 'top' }}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    <bdi>{request.fullName}</bdi>
                  </Typography>
                </TableCell>
                <TableCell>
                  <bdi>{request.company}</bdi>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Link href={`mailto:${request.email}`} dir="ltr" underline="hover">
                    {request.email}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} dir="ltr" underline="hover">
                    {request.phone}
                  </Link>
                </TableCell>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {request.message || tCommon('noValue')}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(request.createdAt, language)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
