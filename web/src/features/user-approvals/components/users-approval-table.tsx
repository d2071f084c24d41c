import type { UserDto, UserStatus } from '@erp/contracts';
import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { PhoneFacts, PhoneList, PhoneListItem, PhoneSkeletonItems, useIsPhone } from '../../../components/phone-list';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { useToast } from '../../../components/toaster/use-toast';
import { RoleBadge, UserCardHead, UserStatusBadge } from '../../../components/user-badges';
import { formatDate } from '../../../lib/format';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useUpdateUserStatusMutation } from '../api/user-approvals-api';

const COLUMNS = 7;

/** Those waiting for a decision first; otherwise the server's order (newest first). */
function pendingFirst(users: UserDto[]): UserDto[] {
  return [...users].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

interface UsersApprovalTableProps {
  users: UserDto[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Every user; Approve and Reject on pending ones only (SPEC §4). */
export function UsersApprovalTable({ users, isLoading, error, onRetry }: UsersApprovalTableProps) {
  const { t } = useTranslation('user-approvals');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [updateStatus, { isLoading: isUpdating, originalArgs }] = useUpdateUserStatusMutation();
  const isPhone = useIsPhone();

  const decide = async (user: UserDto, status: Extract<UserStatus, 'approved' | 'rejected'>) => {
    const name = user.fullName || user.username;
    try {
      await updateStatus({ id: user.id, status }).unwrap();
      toast({
        variant: 'success',
        title: t(status === 'approved' ? 'toasts.approved' : 'toasts.rejected'),
        description: t(status === 'approved' ? 'toasts.approvedDescription' : 'toasts.rejectedDescription', { name }),
      });
    } catch (failure) {
      toast({ variant: 'error', title: t('toasts.updateFailed'), description: describeError(failure, t, language) });
    }
  };

  const actions = (user: UserDto) => {
    const name = user.fullName || user.username;
    const busy = isUpdating && originalArgs?.id === user.id;
    return (
      <Box sx={{ display: 'inline-flex', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => void decide(user, 'approved')}
          aria-label={t('actions.approveUser', { name })}
        >
          {t('actions.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void decide(user, 'rejected')}
          aria-label={t('actions.rejectUser', { name })}
        >
          {t('actions.reject')}
        </Button>
      </Box>
    );
  };

  if (error) {
    return (
      <Box sx={{ p: 2 }}>
        <LoadErrorAlert error={error} onRetry={onRetry} />
      </Box>
    );
  }
  if (!isLoading && users?.length === 0) {
    return (
      <EmptyStateCard
        flat
        icon={<HowToRegRoundedIcon />}
        title={t('users.empty.title')}
        description={t('users.empty.description')}
      />
    );
  }

  // On a phone each user is a card, its Approve and Reject at hand (no sideways scrolling).
  if (isPhone) {
    return (
      <PhoneList label={t('users.tableLabel')} busy={isLoading}>
        {isLoading || !users ? (
          <PhoneSkeletonItems />
        ) : (
          pendingFirst(users).map((user) => (
            <PhoneListItem key={user.id} testId="user-row">
              <UserCardHead user={user} />
              <PhoneFacts
                facts={[
                  {
                    label: t('users.columns.company'),
                    value: user.company ? <bdi>{user.company}</bdi> : tCommon('noValue'),
                  },
                  { label: t('users.columns.role'), value: <RoleBadge role={user.role} /> },
                  { label: t('users.columns.registered'), value: formatDate(user.createdAt, language) },
                ]}
              />
              {user.status === 'pending' && (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{actions(user)}</Box>
              )}
            </PhoneListItem>
          ))
        )}
      </PhoneList>
    );
  }

  return (
    <TableContainer>
      <Table
        aria-label={t('users.tableLabel')}
        aria-busy={isLoading}
        sx={{
          minWidth: 880,
          '& .MuiTableCell-root': { px: 1.5 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('users.columns.user')}</TableCell>
            <TableCell>{t('users.columns.email')}</TableCell>
            <TableCell>{t('users.columns.company')}</TableCell>
            <TableCell>{t('users.columns.role')}</TableCell>
            <TableCell>{t('users.columns.status')}</TableCell>
            <TableCell>{t('users.columns.registered')}</TableCell>
            <TableCell align="right">{t('users.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading || !users ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : (
            pendingFirst(users).map((user) => {
              const name = user.fullName || user.username;
              return (
                <TableRow key={user.id} hover>
                  <TableCell sx={{ minWidth: 150 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <bdi>{name}</bdi>
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      <span dir="ltr">{user.username}</span>
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <span dir="ltr">{user.email}</span>
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    {user.company ? <bdi>{user.company}</bdi> : tCommon('noValue')}
                  </TableCell>
                  <TableCell>
                    <RoleBadge role={user.role} />
                  </TableCell>
                  <TableCell>
                    <UserStatusBadge status={user.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt, language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {user.status === 'pending' && actions(user)}
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
