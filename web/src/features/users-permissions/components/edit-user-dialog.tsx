import type { Permission, UserDto, UserRole, UserStatus } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { useUpdateUserMutation, type UpdateUserRequest } from '../api/users-api';
import { defaultStaffPermissions, holdsEveryPermission, sortPermissions } from '../lib/permissions';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleSelect } from './role-select';

const statuses: readonly UserStatus[] = ['pending', 'approved', 'rejected'];

interface EditUserDialogProps {
  /** The user being edited; the dialog is mounted per user (key it by id). */
  user: UserDto;
  onClose: () => void;
  actorIsOwner: boolean;
  /** Editing oneself: the status stays as it is (one would be signed out at once). */
  isSelf: boolean;
}

function samePermissions(a: readonly Permission[], b: readonly Permission[]): boolean {
  const left = sortPermissions(a);
  const right = sortPermissions(b);
  return left.length === right.length && left.every((permission, index) => permission === right[index]);
}

/** Role, status (any of the three, SPEC §4) and permissions of one user; sends only what changed. */
export function EditUserDialog({ user, onClose, actorIsOwner, isSelf }: EditUserDialogProps) {
  const { t } = useTranslation('users-permissions');
  const { t: tCommon } = useTranslation('common');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [role, setRole] = useState<UserRole>(user.role);
  const [status, setStatus] = useState<UserStatus>(user.status);
  const [permissions, setPermissions] = useState<Permission[]>(
    holdsEveryPermission(user.role) ? [...defaultStaffPermissions] : sortPermissions(user.permissions),
  );
  const name = user.fullName || user.username;

  const changeRole = (next: UserRole) => {
    setRole(next);
    // Back to staff from admin/owner: start from the staff defaults, as the server would.
    if (!holdsEveryPermission(next) && holdsEveryPermission(user.role)) setPermissions([...defaultStaffPermissions]);
  };

  const close = () => {
    if (!isLoading) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: UpdateUserRequest = { id: user.id };
    if (role !== user.role) changes.role = role;
    if (status !== user.status) changes.status = status;
    if (!holdsEveryPermission(role) && (role !== user.role || !samePermissions(permissions, user.permissions))) {
      changes.permissions = permissions;
    }
    if (Object.keys(changes).length === 1) {
      onClose();
      return;
    }
    try {
      await updateUser(changes).unwrap();
      toast({ variant: 'success', title: t('toasts.updated'), description: t('toasts.updatedDescription', { name }) });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.updateFailed'), description: describeError(error, t, language) });
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby="edit-user-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="edit-user-title">
        {t('edit.title', { name })}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} dir="ltr">
          {user.username} · {user.email}
        </Typography>
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <RoleSelect id="edit-user-role" value={role} onChange={changeRole} allowOwner={actorIsOwner} />
            <TextField
              select
              id="edit-user-status"
              label={t('fields.status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as UserStatus)}
              disabled={isSelf}
              helperText={isSelf ? t('edit.ownStatusHint') : undefined}
            >
              {statuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {tCommon(`userStatus.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ mt: 2.5 }}>
            <PermissionCheckboxes
              value={permissions}
              onChange={setPermissions}
              allGranted={holdsEveryPermission(role)}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? tCommon('actions.saving') : t('edit.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
