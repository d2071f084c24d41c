import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError, fieldsOfError } from '../../../lib/http-error';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { newPasswordError, type FormErrors } from '../../../lib/validation';
import { useChangePasswordMutation } from '../api/auth-api';

type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

const initialValues: Record<ChangePasswordField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function validate(values: Record<ChangePasswordField, string>): FormErrors<ChangePasswordField> {
  return {
    currentPassword: values.currentPassword.length === 0 ? 'changePassword.currentRequired' : undefined,
    newPassword: newPasswordError(values.newPassword),
    confirmPassword:
      values.confirmPassword !== values.newPassword && !newPasswordError(values.newPassword)
        ? 'common:password.mismatch'
        : undefined,
  };
}

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Change password" from the account menu (CONTRACT §14): current, new and confirm, with the
 * policy shown. The server refuses a wrong current password or a weak new one by code; the
 * user's other sessions end and this one stays.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useForm<ChangePasswordField>(initialValues, validate);
  // The field the server's refusal points at (wrong current password, a policy rule), until it is edited.
  const [refused, setRefused] = useState<{ field: ChangePasswordField; value: string } | null>(null);
  const message = (field: ChangePasswordField) => (form.errors[field] ? t(form.errors[field]) : undefined);
  const binding = (field: ChangePasswordField) => {
    const bound = form.field(field);
    const stillRefused = refused?.field === field && refused.value === bound.value;
    return { ...bound, error: bound.error || stillRefused };
  };

  const close = () => {
    if (isLoading) return;
    form.reset();
    setRefused(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      toast({
        variant: 'success',
        title: t('changePassword.success'),
        description: t('changePassword.successDescription'),
      });
      form.reset();
      setRefused(null);
      onClose();
    } catch (error) {
      const field = fieldsOfError(error).find((name): name is ChangePasswordField => name in initialValues);
      setRefused(field ? { field, value: values[field] } : null);
      toast({ variant: 'error', title: t('changePassword.failed'), description: describeError(error, t, language) });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="change-password-title"
      aria-describedby="change-password-description"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="change-password-title">{t('changePassword.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.25, pt: 0 }}>
          <DialogContentText id="change-password-description" variant="body2">
            {t('changePassword.description')}
          </DialogContentText>
          <PasswordField
            {...binding('currentPassword')}
            id="change-password-current"
            label={t('changePassword.current')}
            autoComplete="current-password"
            required
            autoFocus
            helperText={message('currentPassword')}
          />
          <PasswordField
            {...binding('newPassword')}
            id="change-password-new"
            label={t('changePassword.new')}
            autoComplete="new-password"
            required
            helperText={message('newPassword') ?? t('common:password.policy')}
          />
          <PasswordField
            {...binding('confirmPassword')}
            id="change-password-confirm"
            label={t('changePassword.confirm')}
            autoComplete="new-password"
            required
            helperText={message('confirmPassword')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={isLoading} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t('changePassword.submitting') : t('changePassword.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
