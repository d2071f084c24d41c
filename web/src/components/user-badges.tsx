import type { UserDto, UserRole, UserStatus } from '@erp/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PhoneListHead } from './phone-list';

interface BadgeColours {
  color: string;
  bgcolor: string;
  borderColor: string;
}

/** SPEC §6: owner purple, admin blue, staff grey. */
const roleColours: Record<UserRole, BadgeColours> = {
  owner: { color: '#6b21a8', bgcolor: '#f3e8ff', borderColor: '#d8b4fe' },
  admin: { color: '#1d4ed8', bgcolor: '#dbeafe', borderColor: '#93c5fd' },
  staff: { color: '#374151', bgcolor: '#f3f4f6', borderColor: '#d1d5db' },
};

/** Pending amber, approved green, rejected red. */
const statusColours: Record<UserStatus, BadgeColours> = {
  pending: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  approved: { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' },
  rejected: { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' },
};

function badgeSx({ color, bgcolor, borderColor }: BadgeColours) {
  return { color, bgcolor, borderColor, fontWeight: 600, height: 24, '& .MuiChip-label': { px: 1.25 } };
}

export function RoleBadge({ role }: { role: UserRole }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`roles.${role}`)}
      data-role={role}
      sx={badgeSx(roleColours[role] ?? roleColours.staff)}
    />
  );
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`userStatus.${status}`)}
      data-status={status}
      sx={badgeSx(statusColours[status] ?? statusColours.pending)}
    />
  );
}

/** A user at the top of a phone card: the name, the email under it, the status badge beside. */
export function UserCardHead({ user }: { user: Pick<UserDto, 'fullName' | 'username' | 'email' | 'status'> }) {
  return (
    <PhoneListHead badge={<UserStatusBadge status={user.status} />}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        <bdi>{user.fullName || user.username}</bdi>
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        <span dir="ltr">{user.email}</span>
      </Typography>
    </PhoneListHead>
  );
}
