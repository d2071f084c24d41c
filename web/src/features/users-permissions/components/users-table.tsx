import type { UserDto } from '@erp/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import VpnKeyRoundedIcon from '@mui/icons-material/VpnKeyRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableHeaderCell } from '../../../components/list/sortable-header-cell';
import { PhoneFacts, PhoneList, PhoneListItem, PhoneSkeletonItems, useIsPhone } from '../../../components/phone-list';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { RoleBadge, UserCardHead, UserStatusBadge } from '../../../components/user-badges';
import { formatDate } from '../../../lib/format';
import { nextSort, type ListSort } from '../../../lib/list-sort';
import { useLanguage } from '../../../lib/use-language';
import { allUserPermissions, holdsEveryPermission, permissionLabelKey, sortPermissions } from '../lib/permissions';

const COLUMNS = 7;

/** The columns the users list sorts by, in the browser: a company's handful of accounts comes whole. */
type UserSortField = 'name' | 'email' | 'role' | 'status' | 'createdAt';
const ROLE_ORDER = { owner: 0, admin: 1, staff: 2 } as const;
const STATUS_ORDER = { pending: 0, approved: 1, rejected: 2 } as const;

function sortedUsers(users: UserDto[], sort: ListSort<UserSortField> | null, language: string): UserDto[] {
  if (!sort) return users;
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const compare = (a: UserDto, b: UserDto): number => {
    switch (sort.field) {
      case 'name':
        return collator.compare(a.fullName || a.username, b.fullName || b.username);
      case 'email':
        return collator.compare(a.email, b.email);
      case 'role':
        return ROLE_ORDER[a.role] - ROLE_ORDER[b.role];
      case 'status':
        return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
      case 'createdAt':
        return a.createdAt.localeCompare(b.createdAt);
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => sign * compare(a, b) || a.id.localeCompare(b.id));
}

export interface UserRowAccess {
  /** Why the user cannot be edited, or null when they can. */
  editBlockedReason: string | null;
  /** Why the user cannot be deleted, or null when they can. */
  deleteBlockedReason: string | null;
  /** Why their password cannot be reset here (oneself, an owner for an admin), or null when it can. */
  resetBlockedReason: string | null;
}

interface UsersTableProps {
  users: UserDto[] | undefined;
  isLoading: boolean;
  accessOf: (user: UserDto) => UserRowAccess;
  onEdit: (user: UserDto) => void;
  onResetPassword: (user: UserDto) => void;
  onShowApiKeys: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

/** A disabled button gets no pointer events: the tooltip explaining why sits on a wrapper. */
function RowAction({
  label,
  blockedReason,
  onClick,
  icon,
  color,
}: {
  label: string;
  blockedReason: string | null;
  onClick: () => void;
  icon: ReactNode;
  color?: 'error';
}) {
  const button = (
    <IconButton size="small" color={color} aria-label={label} disabled={blockedReason !== null} onClick={onClick}>
      {icon}
    </IconButton>
  );
  if (blockedReason === null) return <Tooltip title={label}>{button}</Tooltip>;
  return (
    <Tooltip title={blockedReason} enterDelay={0}>
      <span tabIndex={0} style={{ display: 'inline-flex' }}>
        {button}
      </span>
    </Tooltip>
  );
}

export function UsersTable({
  users,
  isLoading,
  accessOf,
  onEdit,
  onResetPassword,
  onShowApiKeys,
  onDelete,
}: UsersTableProps) {
  const { t } = useTranslation('users-permissions');
  const { language } = useLanguage();
  const isPhone = useIsPhone();
  const [sort, setSort] = useState<ListSort<UserSortField> | null>(null);
  const rows = useMemo(() => (users ? sortedUsers(users, sort, language) : undefined), [users, sort, language]);
  const sortable = (field: UserSortField, label: string) => (
    <SortableHeaderCell field={field} sort={sort} onSort={(next) => setSort((current) => nextSort(current, next))}>
      {label}
    </SortableHeaderCell>
  );

  const permissionSummary = (user: UserDto) => {
    if (holdsEveryPermission(user.role)) return { text: t('table.allPermissions'), detail: null };
    const held = sortPermissions(user.permissions);
    return {
      text: t('table.permissionCount', { held: held.length, total: allUserPermissions.length }),
      detail: held.length > 0 ? held.map((permission) => t(permissionLabelKey(permission))).join(' · ') : null,
    };
  };

  /** Edit, reset password, API keys and delete, each saying why when it is not allowed. */
  const actions = (user: UserDto) => {
    const name = user.fullName || user.username;
    const access = accessOf(user);
    return (
      <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
        <RowAction
          label={t('actions.editUser', { name })}
          blockedReason={access.editBlockedReason}
          onClick={() => onEdit(user)}
          icon={<EditRoundedIcon fontSize="small" />}
        />
        <RowAction
          label={t('actions.resetPassword', { name })}
          blockedReason={access.resetBlockedReason}
          onClick={() => onResetPassword(user)}
          icon={<LockResetRoundedIcon fontSize="small" />}
        />
        <RowAction
          label={t('actions.apiKeys', { name })}
          blockedReason={null}
          onClick={() => onShowApiKeys(user)}
          icon={<VpnKeyRoundedIcon fontSize="small" />}
        />
        <RowAction
          label={t('actions.deleteUser', { name })}
          blockedReason={access.deleteBlockedReason}
          onClick={() => onDelete(user)}
          icon={<DeleteOutlineRoundedIcon fontSize="small" />}
          color="error"
        />
      </Box>
    );
  };

  // On a phone each user is a card, its actions at hand (no sideways scrolling).
  if (isPhone) {
    return (
      <PhoneList label={t('table.label')} busy={isLoading}>
        {isLoading || !rows ? (
          <PhoneSkeletonItems />
        ) : (
          rows.map((user) => (
            <PhoneListItem key={user.id} testId="user-row">
              <UserCardHead user={user} />
              <PhoneFacts
                facts={[
                  { label: t('table.columns.role'), value: <RoleBadge role={user.role} /> },
                  { label: t('table.columns.permissions'), value: permissionSummary(user).text },
                  { label: t('table.columns.created'), value: formatDate(user.createdAt, language) },
                ]}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{actions(user)}</Box>
            </PhoneListItem>
          ))
        )}
      </PhoneList>
    );
  }

  return (
    <TableContainer>
      <Table aria-label={t('table.label')} aria-busy={isLoading} sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            {sortable('name', t('table.columns.user'))}
            {sortable('email', t('table.columns.email'))}
            {sortable('role', t('table.columns.role'))}
            {sortable('status', t('table.columns.status'))}
            <TableCell>{t('table.columns.permissions')}</TableCell>
            {sortable('createdAt', t('table.columns.created'))}
            <TableCell align="right">{t('table.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading || !rows ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : (
            rows.map((user) => {
              const name = user.fullName || user.username;
              const summary = permissionSummary(user);
              return (
                <TableRow key={user.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      <bdi>{name}</bdi>
                    </Typography>
                    <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ display: 'block' }}>
                      {user.username}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <span dir="ltr">{user.email}</span>
                  </TableCell>
                  <TableCell>
                    <RoleBadge role={user.role} />
                  </TableCell>
                  <TableCell>
                    <UserStatusBadge status={user.status} />
                  </TableCell>
                  <TableCell>
                    {summary.detail ? (
                      <Tooltip title={summary.detail}>
                        <Typography
                          variant="body2"
                          component="span"
                          sx={{ borderBottom: '1px dotted', cursor: 'help' }}
                        >
                          {summary.text}
                        </Typography>
                      </Tooltip>
                    ) : (
                      <Typography variant="body2" component="span">
                        {summary.text}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt, language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(user)}
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
