import type { Permission, UserRole } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError, fieldsOfError } from '../../../lib/http-error';
import { useLanguage } from '../../../lib/use-language';
import { isBlank, isEmail, newPasswordError } from '../../../lib/validation';
import { useCreateUserMutation, type CreateUserRequest } from '../api/users-api';
import { defaultStaffPermissions, holdsEveryPermission } from '../lib/permissions';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleSelect } from './role-select';

type TextFieldName = 'fullName' | 'username' | 'email' | 'password' | 'company' | 'phone';
const requiredFields: readonly TextFieldName[] = ['username', 'password', 'email', 'fullName'];

const emptyValues: Record<TextFieldName, string> = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  company: '',
  phone: '',
};

interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user is an owner (only owners create owners). */
  actorIsOwner: boolean;
}

/** "Create user" (SPEC §2, §5): starts approved; missing required fields give a 'Validation Error' toast. */
export function CreateUserDialog({ open, onClose, actorIsOwner }: CreateUserDialogProps) {
  const { t } = useTranslation('users-permissions');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [createUser, { isLoading }] = useCreateUserMutation();
  const [values, setValues] = useState(emptyValues);
  const [role, setRole] = useState<UserRole>('staff');
  const [permissions, setPermissions] = useState<Permission[]>([...defaultStaffPermissions]);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  const reset = () => {
    setValues(emptyValues);
    setRole('staff');
    setPermissions([...defaultStaffPermissions]);
    setInvalid(new Set());
  };

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const bind = (name: TextFieldName) => ({
    name,
    value: values[name],
    error: invalid.has(name),
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      if (invalid.has(name)) {
        setInvalid((current) => new Set([...current].filter((field) => field !== name)));
      }
    },
  });

  const validationError = (fields: string[], description: string) => {
    setInvalid(new Set(fields));
    toast({ variant: 'error', title: t('validation.title'), description });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = requiredFields.filter((name) => isBlank(values[name]));
    if (missing.length > 0) return validationError(missing, t('validation.required'));
    if (!isEmail(values.email)) return validationError(['email'], t('validation.email'));
    const passwordError = newPasswordError(values.password);
    if (passwordError) return validationError(['password'], t(passwordError));

    const request: CreateUserRequest = {
      username: values.username.trim(),
      password: values.password,
      email: values.email.trim(),
      fullName: values.fullName.trim(),
      role,
    };
    if (!holdsEveryPermission(role)) request.permissions = permissions;
    if (!isBlank(values.company)) request.company = values.company.trim();
    if (!isBlank(values.phone)) request.phone = values.phone.trim();

    try {
      const user = await createUser(request).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.created'),
        description: t('toasts.createdDescription', { name: user.fullName || user.username }),
      });
      reset();
      onClose();
    } catch (error) {
      setInvalid(new Set(fieldsOfError(error)));
      toast({ variant: 'error', title: t('toasts.createFailed'), description: describeError(error, t, language) });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-user-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="create-user-title">{t('create.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              {...bind('fullName')}
              id="create-user-full-name"
              label={t('fields.fullName')}
              required
              autoFocus
            />
            <TextField
              {...bind('username')}
              id="create-user-username"
              label={t('fields.username')}
              required
              autoComplete="off"
            />
            <TextField
              {...bind('email')}
              id="create-user-email"
              type="email"
              label={t('fields.email')}
              required
              autoComplete="off"
            />
            <PasswordField
              {...bind('password')}
              id="create-user-password"
              label={t('fields.password')}
              required
              autoComplete="new-password"
              helperText={t('common:password.policy')}
            />
            <RoleSelect id="create-user-role" value={role} onChange={setRole} allowOwner={actorIsOwner} />
            <TextField {...bind('company')} id="create-user-company" label={t('fields.company')} />
            <TextField {...bind('phone')} id="create-user-phone" type="tel" label={t('fields.phone')} />
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
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('create.submitting') : t('create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
