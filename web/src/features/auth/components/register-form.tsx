import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toaster/use-toast';
import { describeError } from '../../../lib/http-error';
import { useForm } from '../../../lib/use-form';
import { useLanguage } from '../../../lib/use-language';
import { isBlank, isEmail, newPasswordError, type FormErrors } from '../../../lib/validation';
import { useRegisterMutation, type RegisterRequest } from '../api/auth-api';

type RegisterField = 'fullName' | 'email' | 'username' | 'password' | 'phone' | 'company';

const initialValues: Record<RegisterField, string> = {
  fullName: '',
  email: '',
  username: '',
  password: '',
  phone: '',
  company: '',
};

function validateRegistration(values: Record<RegisterField, string>): FormErrors<RegisterField> {
  return {
    fullName: isBlank(values.fullName) ? 'validation.fullNameRequired' : undefined,
    email: isBlank(values.email)
      ? 'validation.emailRequired'
      : isEmail(values.email)
        ? undefined
        : 'validation.emailInvalid',
    username: isBlank(values.username) ? 'validation.usernameRequired' : undefined,
    password: newPasswordError(values.password),
  };
}

interface RegisterFormProps {
  /** Called with the message to show (the server's, pending approval) and the new username. */
  onRegistered: (message: string, username: string) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const { toast } = useToast();
  const [register, { isLoading }] = useRegisterMutation();
  const form = useForm<RegisterField>(initialValues, validateRegistration);
  const message = (field: RegisterField) => (form.errors[field] ? t(form.errors[field]) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    const request: RegisterRequest = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
      password: values.password,
      role: 'staff',
    };
    if (!isBlank(values.phone)) request.phone = values.phone.trim();
    if (!isBlank(values.company)) request.company = values.company.trim();
    try {
      const response = await register(request).unwrap();
      // The server's own text in English; Arabic users get the same news in Arabic.
      const text = language === 'en' && response?.message ? response.message : t('toasts.registeredDefault');
      toast({ variant: 'success', title: t('toasts.registered'), description: text });
      form.reset();
      onRegistered(text, request.username);
    } catch (error) {
      toast({
        variant: 'error',
        title: t('toasts.registrationFailed'),
        description: describeError(error, t, language),
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
      <TextField
        {...form.field('fullName')}
        id="register-full-name"
        label={t('fields.fullName')}
        autoComplete="name"
        required
        helperText={message('fullName')}
      />
      <TextField
        {...form.field('email')}
        id="register-email"
        type="email"
        label={t('fields.email')}
        autoComplete="email"
        required
        helperText={message('email')}
      />
      <TextField
        {...form.field('username')}
        id="register-username"
        label={t('fields.username')}
        autoComplete="username"
        required
        helperText={message('username')}
      />
      <PasswordField
        {...form.field('password')}
        id="register-password"
        label={t('fields.password')}
        autoComplete="new-password"
        required
        helperText={message('password') ?? t('common:password.policy')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.25 }}>
        <TextField
          {...form.field('phone')}
          id="register-phone"
          type="tel"
          label={t('fields.phone')}
          autoComplete="tel"
        />
        <TextField
          {...form.field('company')}
          id="register-company"
          label={t('fields.company')}
          autoComplete="organization"
        />
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
        {isLoading ? t('register.submitting') : t('register.submit')}
      </Button>
    </Box>
  );
}
