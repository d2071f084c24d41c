import type { UserDto } from '@erp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { newPasswordError, type FormErrors } from '../../../lib/validation';
import { useResetPasswordMutation } from '../api/users-api';

type ResetField = 'newPassword' | 'confirmPassword';

const initialValues: Record<ResetField, string> = { newPassword: '', confirmPassword: '' };

function validate(values: Record<ResetField, string>): FormErrors<ResetField> {
  const newPassword = newPasswordError(values.newPassword);
  return {
    newPassword,
    confirmPassword:
      !newPassword && values.confirmPassword !== values.newPassword ? 'common:password.mismatch' : undefined,
  };
}

interface ResetPasswordDialogProps {
  /** The user whose password is set; the dialog is mounted per user (key it by id). */
  user: UserDto;
  onClose: () => void;
}

/** "Reset password" of another user (CONTRACT §14): new and confirm, the policy shown; they are signed out everywhere. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation('users-permissions');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const form = useForm<ResetField>(initialValues, validate);
  const name = user.fullName || user.username;
  const message = (field: ResetField) => (form.errors[field] ? t(form.errors[field]) : undefined);

  const close = () => {
    if (!isLoading) onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword({ id: user.id, newPassword: values.newPassword }).unwrap();
      toast({
        variant: 'success',
        title: t('toasts.passwordReset'),
        description: t('toasts.passwordResetDescription', { name }),
      });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.resetFailed'), description: describeError(error, t, language) });
    }
  });

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="reset-password-title"
      aria-describedby="reset-password-description"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="reset-password-title">{t('reset.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.25, pt: 0 }}>
          <DialogContentText id="reset-password-description" variant="body2">
            {t('reset.description', { name })}
          </DialogContentText>
          <PasswordField
            {...form.field('newPassword')}
            id="reset-password-new"
            label={t('reset.new')}
            autoComplete="new-password"
            required
            autoFocus
            helperText={message('newPassword') ?? t('common:password.policy')}
          />
          <PasswordField
            {...form.field('confirmPassword')}
            id="reset-password-confirm"
            label={t('reset.confirm')}
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
            {isLoading ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
