import type { UserRole } from '@erp/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface RoleSelectProps {
  id: string;
  value: UserRole;
  onChange: (role: UserRole) => void;
  /** Only an owner may make someone an owner (CONTRACT §2). */
  allowOwner: boolean;
  disabled?: boolean;
  helperText?: string;
}

export function RoleSelect({ id, value, onChange, allowOwner, disabled, helperText }: RoleSelectProps) {
  const { t } = useTranslation('users-permissions');
  const { t: tCommon } = useTranslation('common');
  const roles: UserRole[] = allowOwner || value === 'owner' ? ['staff', 'admin', 'owner'] : ['staff', 'admin'];
  return (
    <TextField
      select
      id={id}
      label={t('fields.role')}
      value={value}
      onChange={(event) => onChange(event.target.value as UserRole)}
      disabled={disabled}
      helperText={helperText}
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role} disabled={role === 'owner' && !allowOwner}>
          {tCommon(`roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
