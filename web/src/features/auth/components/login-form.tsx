import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toaster/use-toast';
import { formatWait } from '../../../lib/format';
import { describeError, errorCodeOf, retryAfterOf } from '../../../lib/http-error';
import type { Language } from '../../../lib/language';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank, type FormErrors } from '../../../lib/validation';
import { useLoginMutation } from '../api/auth-api';
import { useIntendedPath } from '../hooks/use-intended-path';

type LoginField = 'username' | 'password';

/** The login answers the form words itself, in both languages (CONTRACT §1). */
const loginErrorKeys: Partial<Record<string, string>> = {
  IDENTITY_INVALID_CREDENTIALS: 'errors.invalidCredentials',
  UNAUTHENTICATED: 'errors.invalidCredentials',
  IDENTITY_ACCOUNT_PENDING: 'errors.accountPending',
  IDENTITY_ACCOUNT_REJECTED: 'errors.accountRejected',
};

/** What the 'Login failed' toast says: pending, rejected, wrong credentials, or how long to wait. */
export function describeLoginError(error: unknown, t: TFunction, language: Language): string {
  const code = errorCodeOf(error);
  if (code === 'IDENTITY_LOGIN_RATE_LIMITED' || code === 'RATE_LIMITED') {
    const wait = retryAfterOf(error);
    return wait === undefined
      ? t('errors.rateLimited')
      : t('errors.rateLimitedWait', { wait: formatWait(wait, language) });
  }
  const key = code ? loginErrorKeys[code] : undefined;
  return key ? t(key) : describeError(error, t, language);
}

function validateLogin(values: Record<LoginField, string>): FormErrors<LoginField> {
  return {
    username: isBlank(values.username) ? 'validation.usernameRequired' : undefined,
    password: values.password.length === 0 ? 'validation.passwordRequired' : undefined,
  };
}

interface LoginFormProps {
  initialUsername?: string;
  /** Shown above the form, e.g. the server's answer after registering. */
  notice?: string;
}

export function LoginForm({ initialUsername = '', notice }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const { toast } = useToast();
  const navigate = useNavigate();
  const intendedPath = useIntendedPath();
  const [login, { isLoading }] = useLoginMutation();
  const initialValues = useMemo(() => ({ username: initialUsername, password: '' }), [initialUsername]);
  const form = useForm<LoginField>(initialValues, validateLogin);
  const message = (field: LoginField) => (form.errors[field] ? t(form.errors[field]) : undefined);

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    try {
      await login({ username: username.trim(), password }).unwrap();
      void navigate(intendedPath, { replace: true });
    } catch (error) {
      toast({ variant: 'error', title: t('toasts.loginFailed'), description: describeLoginError(error, t, language) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
      {notice && (
        <Alert severity="success" variant="outlined">
          {notice}
        </Alert>
      )}
      <TextField
        {...form.field('username')}
        id="login-username"
        label={t('fields.username')}
        autoComplete="username"
        required
        helperText={message('username')}
      />
      <PasswordField
        {...form.field('password')}
        id="login-password"
        label={t('fields.password')}
        autoComplete="current-password"
        required
        helperText={message('password')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
        {isLoading ? t('login.submitting') : t('login.submit')}
      </Button>
    </Box>
  );
}
